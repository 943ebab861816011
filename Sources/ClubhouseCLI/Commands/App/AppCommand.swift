import ArgumentParser
import Clubhouse
import ClubhouseTerminal
import Foundation

/// `clubhouse app` (and `clubhouse` alone on a terminal): the full-screen app.
struct AppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "Open the full-screen app on this terminal (what `clubhouse` alone does on a terminal).",
        discussion: """
            Every key that moves, selects or types is saved at once: quit with q or Ctrl-C, or \
            lose the terminal, and the next start shows the same screen and the same half-typed text. \
            Press ? in the app for the keys of the screen on show.
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        // Checked before the database is opened: without a terminal nothing is created.
        if let failure = TerminalApp.unsuitable(environment: environment) {
            Output.write("error: \(failure.message)\n", to: STDERR_FILENO)
            throw ExitCode(failure.status)
        }
        let app = try CommandContext.app(global, creating: true)
        let status = TerminalApp.run(app, environment: environment)
        if status != 0 { throw ExitCode(status) }
    }
}
