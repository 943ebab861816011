import ArgumentParser
import Clubhouse

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
        version: "clubhouse \(version) (schema \(ClubhouseApp.schemaVersion))",
        subcommands: [
            RegisterCommand.self, LoginCommand.self, LogoutCommand.self, WhoAmICommand.self,
            PlayerCommand.self, GatherCommand.self, BookCommand.self, QuestionCommand.self, HomeCommand.self,
            TabCommand.self, PageCommand.self, BackCommand.self, NavCommand.self, OpenCommand.self,
            HistoryCommand.self, UndoCommand.self, ReopenCommand.self, CheckCommand.self, BackupCommand.self,
        ]
    )

    /// ArgumentParser's `main()`, except that arguments must be UTF-8 and that usage errors do
    /// not quote what was typed (`UsageErrorText`).
    /// This release: the library's. The schema version it writes comes from its migrations.
    static let version = ClubhouseApp.version

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
        var command: ParsableCommand
        do {
            command = try fastParse(arguments) ?? parseAsRoot(arguments)
        } catch {
            usageError(error, arguments)
        }
        // Without --database the environment names the file; a name in bytes that are not UTF-8
        // would silently become another path.
        if !arguments.contains(where: { $0 == "--database" || $0.hasPrefix("--database=") }),
            let name = RawInput.databaseVariableNotUTF8()
        {
            Output.write("error: $\(name) is not valid UTF-8 text\n", to: STDERR_FILENO)
            terminate(ExitCode.validationFailure.rawValue)
        }
        // The one place a command's failure becomes text and an exit status.
        do {
            try command.run()
        } catch let error as ExitCode {
            terminate(error.rawValue)
        } catch let error where isUsage(error) {
            usageError(error, arguments)
        } catch {
            Output.report(error)
            terminate(ExitCode.failure.rawValue)
        }
    }

    /// ArgumentParser's own errors reach `run()` too: the help command throws its help request,
    /// and a `ValidationError` is a combination of options only `run()` can judge.
    private static func isUsage(_ error: any Error) -> Bool {
        error is ValidationError || error is CleanExit
            || String(reflecting: type(of: error)).hasPrefix("ArgumentParser.")
    }

    /// ArgumentParser's message for a usage error, help or `--version`, without the values typed.
    private static func usageError(_ error: any Error, _ arguments: [String]) -> Never {
        let code = exitCode(for: error)
        // Help, version and completion scripts go to standard output as ArgumentParser prints
        // them, through Output so that a full disk or closed descriptor is an error too.
        if code == .success {
            Output.write(fullMessage(for: error) + "\n", to: STDOUT_FILENO)
            terminate(0)
        }
        // Values that are still quoted (an option's own name, a suggestion) are shown escaped.
        let message = Output.lines(UsageErrorText.hidingValues(fullMessage(for: error), typed: arguments))
        if !message.isEmpty { Output.write(message + "\n", to: STDERR_FILENO) }
        terminate(code.rawValue)
    }

    /// The leaf command alone (`OptionsOnly`, else `CommandRoute`), or nil to parse from the root: for anything
    /// the leaf does not accept as is, the root's parse gives ArgumentParser's full message.
    private static func fastParse(_ arguments: [String]) -> ParsableCommand? {
        guard let (leaf, rest) = CommandRoute.leaf(Clubhouse.self, arguments) else { return nil }
        return OptionsOnly.parse(leaf, rest) ?? CommandRoute.parse(leaf, rest)
    }
}

/// The C library's exit, which the command's own `exit(withError:)` hides inside the type.
private func terminate(_ code: Int32) -> Never {
    exit(code)
}
