import Clubhouse
import Foundation

/// The composition root: opens the database and hands commands the app's coordinator tree. Every
/// command goes through `perform` (one transaction, saved) or `look` (read only); warnings met
/// on the way are printed here, once.
enum CommandContext {
    /// The app on the command's database. Only a command that can succeed on a new database
    /// (`creating`: register, a link kept for sign-in) creates a missing file; any other runs on
    /// a fresh one in memory, answering as a new file would without leaving one behind.
    static func app(_ options: some DatabaseChoice, creating: Bool = false) throws -> ClubhouseApp {
        let app = try ClubhouseApp(at: try location(options), creating: creating, scene: try options.sceneName())
        opened.keep(app)
        return app
    }

    /// Every app a command opens lives until the process exits, unclosed. Closing one cost more
    /// than a whole `whoami` reads (GRDB's queue removes its Foundation observers, a first call
    /// into Foundation's bridging), and the process ends right after its command. Nothing is
    /// left to close: the file is in rollback-journal mode, so a committed transaction has no
    /// journal behind it, and the exit releases the file's locks.
    private static let opened = OpenedApps()

    static func location(_ options: some DatabaseChoice) throws -> ClubhouseApp.Location {
        if options.database?.isEmpty == true { throw InputError(message: "--database needs a path") }
        return try ClubhouseApp.Location.resolve(
            explicit: options.database, environment: ProcessInfo.processInfo.environment)
    }

    /// Opens the database and performs one command.
    static func perform(_ options: some DatabaseChoice, _ command: Command) throws -> Outcome {
        let creating: Bool =
            if case .register = command.action { true } else { command.keepsLinkWhenSignedOut }
        return try perform(try app(options, creating: creating), command)
    }

    /// Performs one command on a tree that may live across several (a form's prompts).
    static func perform(_ app: ClubhouseApp, _ command: Command) throws -> Outcome {
        let outcome = try app.perform(command)
        warn(outcome)
        return outcome
    }

    static func look(_ options: some DatabaseChoice, _ action: Action = .none) throws -> Outcome {
        let outcome = try app(options).look(action, showing: false)
        warn(outcome)
        return outcome
    }

    private static func warn(_ outcome: Outcome) {
        for warning in outcome.warnings { Output.warn(warning) }
        for note in outcome.notes { Output.note(note) }
    }

    /// Tells of the values among what the command shows that this version cannot show as stored
    /// (a file edited by hand): a command calls it with what it prints, once.
    static func warn(shown: some ShowsStoredValues) {
        warn(UnshowableValueReport(shown))
    }

    /// One warning per record and column for the first few records, then one counting the rest.
    static func warn(_ report: UnshowableValueReport) {
        for value in report.values { Output.warn(value.message) }
        let others = report.otherRecords
        if others > 0 {
            Output.warn(
                "and \(others) more row\(others == 1 ? "" : "s") with values this version cannot show; run clubhouse check"
            )
        }
    }
}

extension Outcome {
    /// The signed-in user and where they are, or `notSignedIn`.
    func requireMain() throws -> (user: User, state: NavigationState, content: ScreenContent) {
        guard case .main(let user, let state, let content) = view else { throw ClubhouseError.notSignedIn }
        return (user, state, content)
    }
}

/// The apps `CommandContext` keeps open until the process exits.
private final class OpenedApps: @unchecked Sendable {
    private let lock = NSLock()
    private var apps: [ClubhouseApp] = []

    func keep(_ app: ClubhouseApp) {
        lock.withLock { apps.append(app) }
    }
}
