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
            HistoryCommand.self, UndoCommand.self, ReopenCommand.self, SceneCommand.self, SettingsCommand.self,
            CheckCommand.self,
            BackupCommand.self, AppCommand.self, WebCommand.self, RemoteCommand.self, SyncCommand.self, ContinueCommand.self,
        ]
    )

    /// This release: the library's. The schema version it writes comes from its migrations.
    static let version = ClubhouseApp.version

    /// ArgumentParser's `main()`, except that arguments must be UTF-8 and that usage errors name
    /// what was typed only where it cannot be a password (`UsageErrorText`, `UnknownCommand`).
    static func main() {
        // A reader that goes away (`| head -1`) must make a write fail with EPIPE, which Output
        // reports as a clean exit, instead of killing the process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var arguments: [String]
        switch RawInput.arguments() {
        case .success(let valid):
            arguments = valid
        case .failure(let bad):
            // Its bytes are not echoed: they are not text, and may be a secret.
            Output.write("error: argument \(bad.position) is not valid UTF-8 text\n", to: STDERR_FILENO)
            terminate(ExitCode.validationFailure.rawValue)
        }
        // Messages name positions in what was typed; parsing takes global options after the command.
        let typed = arguments
        let leading = LeadingGlobalOptions.placed(arguments, root: Clubhouse.self)
        if let missing = LeadingGlobalOptions.missingValue(leading.rest)
            ?? LeadingGlobalOptions.commandTakenAsValue(leading.options, rest: leading.rest, root: Clubhouse.self)
        {
            Output.write("error: \(missing)\n", to: STDERR_FILENO)
            terminate(ExitCode.validationFailure.rawValue)
        }
        arguments = leading.toParse
        // `clubhouse` alone (or with only global options) on a terminal opens the app; elsewhere
        // it prints help, as it always has.
        if arguments.isEmpty, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
            arguments = ["app"] + leading.options
        }
        let work: () throws -> Void
        do {
            work = try fastRunner(arguments) ?? runner(parseAsRoot(arguments))
        } catch {
            let mistake = CommandChecks.firstMistake(error) { _ = try parseAsRoot(arguments) }
            usageError(mistake, typed, parsing: true)
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
            try work()
        } catch let error as ExitCode {
            terminate(error.rawValue)
        } catch let error as LongWork.Interrupted {
            Output.write("error: \(error.message)\n", to: STDERR_FILENO)
            terminate(error.status)
        } catch let error where isUsage(error) {
            usageError(error, typed)
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

    /// ArgumentParser's message for a usage error, help or `--version`, with what was typed
    /// named or hidden (`UsageErrorText`), or the unknown command named (`UnknownCommand`).
    private static func usageError(_ error: any Error, _ arguments: [String], parsing: Bool = false) -> Never {
        let code = exitCode(for: error)
        // Help, version and completion scripts go to standard output as ArgumentParser prints
        // them, through Output so that a full disk or closed descriptor is an error too.
        if code == .success {
            Output.write(fullMessage(for: error) + "\n", to: STDOUT_FILENO)
            terminate(0)
        }
        // ArgumentParser's text is its sentence, then the help and usage lines of the command
        // it stopped at, which come from the definitions alone.
        let sentence = message(for: error)
        let full = fullMessage(for: error)
        let opening = sentence.isEmpty ? "" : "Error: \(sentence)\n"
        var rest = full.hasPrefix(opening) ? String(full.dropFirst(opening.count)) : ""
        var text: String
        if parsing,
            let unknown = UnknownCommand.message(
                LeadingGlobalOptions.placed(arguments, root: Clubhouse.self).rest, root: Clubhouse.self)
        {
            // The usage of the command with subcommands it stopped at; a help line was about another mistake.
            text = "error: \(unknown)"
            rest = rest.firstRange(of: "Usage:").map { String(rest[$0.lowerBound...]) } ?? ""
        } else if !sentence.isEmpty {
            text = "error: " + UsageErrorText.sentence(sentence, typed: arguments)
        } else {
            text = ""
        }
        if !rest.isEmpty { text += (text.isEmpty ? "" : "\n") + UsageErrorText.lines(rest) }
        if !text.isEmpty { Output.write(text + "\n", to: STDERR_FILENO) }
        terminate(code.rawValue)
    }

    /// The work of the leaf command read alone (`OptionsOnly`, else `CommandRoute`), or nil to parse from the
    /// root: for anything the leaf does not accept as is, the root's parse gives ArgumentParser's full message.
    private static func fastRunner(_ arguments: [String]) -> (() throws -> Void)? {
        guard let (leaf, rest) = CommandRoute.leaf(Clubhouse.self, arguments) else { return nil }
        return OptionsOnly.runner(leaf, rest) ?? CommandRoute.parse(leaf, rest).map(runner)
    }

    private static func runner(_ command: ParsableCommand) -> () throws -> Void {
        var command = command
        return { try command.run() }
    }
}

/// The C library's exit, which the command's own `exit(withError:)` hides inside the type.
private func terminate(_ code: Int32) -> Never {
    exit(code)
}
