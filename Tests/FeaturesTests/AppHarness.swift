import Domain
import Features
import Navigation
import Persistence
import Security
import TestSupport

/// Runs commands the way the CLI does. `run` builds a fresh tree for each command, as a new
/// process would; `app()` hands out a tree that a test can keep across commands.
struct AppHarness {
    let database: AppDatabase
    let modalFlows: ModalFlows
    /// A real file, so that tests can tamper with it through the sqlite3 shell.
    let folder: TemporaryFolder
    var path: String { database.path }
    static let password = "s3cret-pass"

    init(modalFlows: ModalFlows = .app) throws {
        folder = try TemporaryFolder()
        database = try AppDatabase.open(path: folder.path("clubhouse.sqlite"))
        self.modalFlows = modalFlows
    }

    func app() -> AppCoordinator {
        AppCoordinator(store: database, hasher: ScryptPasswordHasher(cost: .testing), modalFlows: modalFlows)
    }

    @discardableResult
    func run(_ command: Command) throws -> Outcome {
        try app().perform(command)
    }

    @discardableResult
    func run(_ action: Action) throws -> Outcome {
        try run(Command(action))
    }

    @discardableResult
    func open(_ path: String) throws -> Outcome {
        guard let link = Link(path) else { throw ClubhouseError.invalidInput("bad link \(path) in a test") }
        return try run(.open(link))
    }

    /// Restores without acting or saving, as `clubhouse nav` does.
    func look() throws -> Outcome {
        try app().look()
    }

    @discardableResult
    func registerAndSignIn(_ username: String) throws -> User {
        try run(.register(username: username, password: Self.password))
        guard case .signedIn(let user, _) = try run(.signIn(username: username, password: Self.password)).result else {
            throw ClubhouseError.notSignedIn
        }
        return user
    }

    func signOut() throws {
        try run(.signOut)
    }

    func addPlayer(_ name: String) throws -> Player {
        let outcome = try run(Command(link: .screen(.newPlayer), .submit([("name", name)], discardingDraft: false)))
        guard case .form(.playerAdded(let player), _) = outcome.result else { throw ClubhouseError.notSignedIn }
        return player
    }

    /// The state a fresh tree restores to (cuts applied, nothing saved).
    func state() throws -> NavigationState? {
        if case .main(_, let state, _) = try look().view { return state }
        return nil
    }

    func stored(for user: User) throws -> StoredNavigation {
        try database.read { try $0.navigation.load(for: user.id) }
    }

    func store(_ state: NavigationState, for user: User) throws {
        try database.write { try $0.navigation.save(state, for: user.id) }
    }
}

extension Outcome {
    var state: NavigationState? {
        if case .main(_, let state, _) = view { return state }
        return nil
    }

    var content: ScreenContent? {
        if case .main(_, _, let content) = view { return content }
        return nil
    }
}

extension NavigationState {
    func paths(_ tab: Tab) -> [String] { stack(for: tab).map(\.path) }
}

func screens(_ paths: String...) -> [ScreenState] { paths.map { ScreenState(path: $0) } }
