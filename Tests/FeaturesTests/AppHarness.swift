import ClubhouseDomain
import ClubhouseFeatures
import ClubhouseNavigation
import ClubhousePersistence
import ClubhouseSecurity
import ClubhouseTestSupport

/// Runs commands the way the CLI does. `run` builds a fresh tree for each command, as a new
/// process would; `app()` hands out a tree that a test can keep across commands.
struct AppHarness {
    let database: AppDatabase
    let modalFlows: ModalFlows
    /// The clock every tree this harness makes reads (a `FakeClock` in the gather tests).
    let clock: any WallClock
    /// A real file, so that tests can tamper with it through the sqlite3 shell.
    let folder: TemporaryFolder
    var path: String { database.path }
    static let password = "s3cret-pass"

    init(modalFlows: ModalFlows = .app, clock: any WallClock = SystemClock()) throws {
        folder = try TemporaryFolder()
        database = try AppDatabase.open(path: folder.path("clubhouse.sqlite"))
        self.modalFlows = modalFlows
        self.clock = clock
    }

    func app() -> AppCoordinator {
        AppCoordinator(
            store: database, hasher: ScryptPasswordHasher(cost: .testing), modalFlows: modalFlows, clock: clock)
    }

    /// The players a `players` screen shows, read as the CLI reads them (after the command), or
    /// nil when the content is another screen.
    func listedPlayers(_ content: ScreenContent?) throws -> [Player]? {
        guard case .playerList(let model) = content else { return nil }
        return try app().readPlayers(model) { rows in
            var players: [Player] = []
            try rows.forEach { players.append($0) }
            guard try rows.count() == players.count else { throw CountMismatch() }
            return players
        }
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
        try app().look(showing: true)
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

    /// Picks the teams on `players/confirm` and starts the gather, as `clubhouse gather new` does.
    @discardableResult
    func startGather(a: [Player], b: [Player]) throws -> Gather {
        let outcome = try run(
            Command(
                link: .screen(.confirmPlayers),
                .submit([("team-a", teamField(a)), ("team-b", teamField(b))], discardingDraft: true)))
        guard case .form(.gatherStarted(let gather), _) = outcome.result else {
            throw ClubhouseError.notOnScreen("no gather started in a test")
        }
        return gather
    }

    /// Acts on the gather in progress in a fresh tree and hands back what the action showed.
    @discardableResult
    func gather(_ action: GatherAction) throws -> GatherViewModel {
        switch try run(.gather(action)).result {
        case .gather(let model), .gatherEnded(let model): return model
        default: throw ClubhouseError.notOnScreen("no gather shown in a test")
        }
    }

    /// The ended gathers, newest first, as the profile's history shows them.
    func history() throws -> [Gather] {
        guard case .gatherList(let models) = try open("gathers").content else {
            throw ClubhouseError.notOnScreen("no gather list in a test")
        }
        return models.map(\.gather)
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

/// A team as typed into the confirm form: `3,5`.
func teamField(_ players: [Player]) -> String {
    players.map { String($0.id) }.joined(separator: ",")
}

func screens(_ paths: String...) -> [ScreenState] { paths.map { ScreenState(path: $0) } }

/// `PlayerRows.count()` disagreed with the rows `forEach` gave.
struct CountMismatch: Error {}
