import ArgumentParser
import Clubhouse
import ClubhouseSync
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
            Press ? in the app for the keys of the screen on show. With a remote set \
            (`clubhouse remote set`), the app syncs live while it is open: what you change is sent \
            at once, what your other devices change appears without a key, and the title bar says \
            whether you are synced, offline or have changes waiting.
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
        let status = TerminalApp.run(app, environment: environment, work: Self.liveSync(app))
        if status != 0 { throw ExitCode(status) }
    }

    /// Live sync beside the app, on its own connection to the file: it waits, saying nothing,
    /// while whoever is signed in has no remote. (Asking here would read the navigation state
    /// before the app does, and its first look would no longer tell what a restore cut.)
    static func liveSync(_ app: ClubhouseApp) -> BackgroundWork? {
        guard !app.isInMemory else { return nil }
        let live = LiveSync(path: app.path)
        return BackgroundWork { report in
            try await live.run { event in
                guard case .status(let status) = event else { return }
                report(status == .notSyncing ? nil : TitleStatus(status.label, warns: status.isTrouble))
            }
        }
    }
}
