import ArgumentParser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@main
struct Clubhouse: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clubhouse",
        abstract: "Football Gather and BookKitty, kept in SQLite between runs.",
        discussion: """
            Every run restores who is signed in, the selected tab and page and each tab's screens, \
            does one thing, and saves where you are.

            The database is --database PATH, else $CLUBHOUSE_DB, else \
            ${XDG_DATA_HOME:-$HOME/.local/share}/clubhouse/clubhouse.sqlite.
            """,
        subcommands: [
            RegisterCommand.self, LoginCommand.self, LogoutCommand.self, WhoAmICommand.self,
            PlayerCommand.self, GatherCommand.self, HomeCommand.self,
            TabCommand.self, PageCommand.self, BackCommand.self, NavCommand.self, OpenCommand.self,
            HistoryCommand.self, UndoCommand.self, ReopenCommand.self, CheckCommand.self, BackupCommand.self,
        ]
    )

    /// ArgumentParser's `main()`, except that arguments must be UTF-8 and that usage errors do
    /// not quote what was typed (`UsageErrorText`).
    static func main() {
        // A reader that goes away (`| head -1`) must make a write fail with EPIPE, which Output
        // reports as a clean exit, instead of killing the process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let arguments: [String]
        switch RawInput.arguments() {
        case .success(let valid):
            arguments = valid
        case .failure(let bad):
            // Its bytes are not echoed: they are not text, and may be a secret.
            Output.write("error: argument \(bad.position) is not valid UTF-8 text\n", to: STDERR_FILENO)
            terminate(ExitCode.validationFailure.rawValue)
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            // Help and version go to standard output as ArgumentParser prints them.
            if code == .success { exit(withError: error) }
            // Values that are still quoted (an option's own name, a suggestion) are shown escaped.
            let message = Output.lines(UsageErrorText.hidingValues(fullMessage(for: error), typed: arguments))
            if !message.isEmpty { Output.write(message + "\n", to: STDERR_FILENO) }
            terminate(code.rawValue)
        }
    }
}

/// The C library's exit, which the command's own `exit(withError:)` hides inside the type.
private func terminate(_ code: Int32) -> Never {
    exit(code)
}
