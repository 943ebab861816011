import ClubhouseDomain
import ClubhouseNavigation

/// The root of the tree: the login flow when nobody is signed in, the tab bar otherwise. It is
/// the one road of every change: each `perform` opens one transaction, checks the tree against
/// the stored state (another process may have changed it), does one command through the
/// coordinators, and saves the new navigation state with the data — or nothing, when nothing
/// changed. The tree itself holds no transaction, so it can live across many commands.
package final class AppCoordinator: Coordinator, CoordinatorFinishDelegate {
    package var childCoordinators: [any Coordinator] = []
    package weak var finishDelegate: (any CoordinatorFinishDelegate)?

    let store: any UnitOfWork
    let hasher: any PasswordHasher
    let modalFlows: ModalFlows
    let clock: any WallClock
    /// The scene whose navigation this tree shows and saves; the session and data are shared.
    package let scene: SceneName
    /// The stored state the tree was last built from or saved as; nil forces a rebuild.
    private var known: StoredNavigation?
    private var knownUser: User.ID?
    /// What the command should tell beside its outcome (`Outcome.warnings`).
    var pendingWarnings: [String] = []
    /// What the command left as it was and why (`Outcome.notes`).
    var pendingNotes: [String] = []

    package init(
        store: any UnitOfWork, hasher: any PasswordHasher, modalFlows: ModalFlows = .app,
        clock: any WallClock = SystemClock(), scene: SceneName = .main
    ) {
        self.scene = scene
        self.store = store
        self.hasher = hasher
        self.modalFlows = modalFlows
        self.clock = clock
    }

    package var login: LoginCoordinator? { childCoordinators.first as? LoginCoordinator }
    package var main: TabCoordinator? { childCoordinators.first as? TabCoordinator }

    /// Builds the tree from the stored state without changing anything.
    package func start() throws {
        _ = try look()
    }

    /// Performs `command` in one write transaction. On failure nothing is written and the tree is
    /// rebuilt from the stored state by the next command.
    @discardableResult
    package func perform(_ command: Command) throws -> Outcome {
        // Warnings of a command that failed are not news for the next one.
        pendingWarnings = []
        pendingNotes = []
        main?.actionWarnings = []
        do {
            // Hashing and verifying passwords take a second each: done before the write lock.
            let credentials = try checkCredentials(command.action)
            return try store.write { repositories in
                let useCases = UseCases(repositories, clock: clock, scene: scene)
                let (rebuilt, warnings) = try rebuildFromStorage(useCases)
                let rebuiltUser = knownUser
                if let expected = command.expecting, !isOnShow(expected) {
                    throw ClubhouseError.notOnScreen(
                        "\(expected.screen.path) is no longer on show as this command left it (another command changed or closed it, or signed in); nothing more was typed into it"
                    )
                }
                let result = try act(command, credentials, useCases)
                // Undo replaces the whole state: the cuts of the state it replaced are not news.
                let shown: [String] = if case .undone = result { [] } else { warnings }
                var outcome = try outcome(result, warnings: shown, useCases)
                if let main {
                    let kind: JournalEntry.Kind =
                        switch result {
                        case .undone: .undo
                        case .reopened: .reopen
                        default: .navigate
                        }
                    // What is stored for the user now shown: after a sign-in, that user's row.
                    let stored = main.user.id == rebuiltUser ? rebuilt : try useCases.loadNavigation(for: main.user.id)
                    // A state that could not be read is replaced whole, with nothing to journal.
                    let before = stored.state
                    let after = main.state
                    // Saves and journals only a change; a state that was not stored yet is saved,
                    // and so is a repaired one, so that its warnings are not repeated forever.
                    let repaired = if case .repaired = stored { true } else { false }
                    try useCases.recordNavigation(
                        kind, from: before, to: after, for: main.user.id, replacingRepaired: repaired)
                    known = .state(after)
                    knownUser = main.user.id
                    outcome.before = before
                    if let request = command.window {
                        outcome.window = try main.readWindow(request, useCases)
                    }
                }
                return outcome
            }
        } catch {
            known = nil
            knownUser = nil
            throw error
        }
    }

    /// Builds (or checks) the tree from the stored state in a read transaction and shows where
    /// the user is, running only read-only actions (`history`). Nothing is written, not even the
    /// cuts, which the next command that writes saves.
    ///
    /// The screen's content is built only when `showing`: a look usually reports where the user
    /// is (whoami, nav, tab, history), and a screen's content may cost in proportion to the data
    /// (the home page's player count).
    package func look(_ action: Action = .none, showing: Bool = false) throws -> Outcome {
        pendingWarnings = []
        return try store.read { repositories in
            let useCases = UseCases(repositories, clock: clock, scene: scene)
            let (_, warnings) = try rebuildFromStorage(useCases)
            let result: ActionResult
            if let read = try reading(action, useCases) {
                result = read
            } else if case .gather(.show) = action {
                // Where the user is does not change: `gather watch` only reads the countdown (as a
                // command, it opens the gather).
                let gather = try useCases.findGather.inProgress(owner: try requireMain().user.id)
                result = .gather(GatherViewModel(gather, now: useCases.clock.now()))
            } else {
                throw ClubhouseError.notOnScreen("this action changes navigation")
            }
            return try outcome(result, warnings: warnings, useCases, showing: showing)
        }
    }

    /// Brings the tree up to date with what is stored, inside a read (its warnings are `look`'s).
    func rebuildForReading(_ useCases: UseCases) throws {
        _ = try rebuildFromStorage(useCases)
    }

    /// Makes the next command rebuild the tree from what is stored.
    func forgetKnownState() {
        known = nil
        knownUser = nil
    }

    /// Whether the expected user, screen and draft are what the tree shows now.
    private func isOnShow(_ expected: ScreenExpectation) -> Bool {
        guard let main, main.user.id == expected.user, main.current.screen == expected.screen else { return false }
        guard let draft = expected.draft else { return true }
        return main.current.asForm?.draft == draft
    }

    /// The main flow, or `notSignedIn` for commands that need a user.
    package func requireMain() throws -> TabCoordinator {
        guard let main else { throw ClubhouseError.notSignedIn }
        return main
    }

    // MARK: The road

    /// Makes the tree match the stored session and navigation state. Returns what is stored
    /// and a warning per screen cut.
    private func rebuildFromStorage(_ useCases: UseCases) throws -> (StoredNavigation, [String]) {
        guard let user = try useCases.currentSession() else {
            if login == nil { showLogin() }
            known = nil
            knownUser = nil
            return (.none, [])
        }
        let stored = try useCases.loadNavigation(for: user.id)
        if let main, knownUser == user.id, known == stored {
            return (stored, try main.revalidate(useCases))
        }
        // The same user's tab bar lives on and is rebuilt in place; another user gets a new one.
        let main = self.main.flatMap { $0.user.id == user.id ? $0 : nil } ?? showMain(for: user)
        knownUser = user.id
        known = stored
        return (stored, try restore(stored, into: main, useCases))
    }

    /// Builds `main` from what is stored; a warning per problem the stored state had and per
    /// screen cut. Nothing stored, or nothing readable, is the initial state.
    func restore(_ stored: StoredNavigation, into main: TabCoordinator, _ useCases: UseCases) throws
        -> [String]
    {
        switch stored {
        case .none:
            return try main.restore(.initial, useCases)
        case .unreadable(let reason):
            _ = try main.restore(.initial, useCases)
            return ["the saved navigation could not be read (\(reason)); starting at home"]
        case .state(let state):
            return try main.restore(state, useCases)
        case .repaired(let state, let problems):
            return problems + (try main.restore(state, useCases))
        }
    }

    private func outcome(_ result: ActionResult, warnings: [String], _ useCases: UseCases, showing: Bool = true)
        throws -> Outcome
    {
        let all = warnings + pendingWarnings + (main?.actionWarnings ?? [])
        pendingWarnings = []
        main?.actionWarnings = []
        let notes = pendingNotes
        pendingNotes = []
        if let main {
            let content = showing ? try main.content(useCases) : .notBuilt
            return Outcome(
                view: .main(user: main.user, state: main.state, content: content), result: result, warnings: all,
                notes: notes)
        }
        return Outcome(view: .login(login?.router.top ?? .login), result: result, warnings: all, notes: notes)
    }

    /// The login flow, or `alreadySignedIn` while someone is.
    func requireLogin() throws -> LoginCoordinator {
        if let main { throw ClubhouseError.alreadySignedIn(username: main.user.username) }
        guard let login else { throw ClubhouseError.notSignedIn }
        return login
    }

    package func coordinatorDidFinish(_ child: any Coordinator) {
        removeChild(child)
        if let login = child as? LoginCoordinator, let user = login.signedInUser {
            showMain(for: user)
            knownUser = user.id
            known = StoredNavigation.none
        } else if child is TabCoordinator {
            showLogin()
            known = nil
            knownUser = nil
        }
    }

    private func showLogin() {
        for child in childCoordinators { child.finishDelegate = nil }
        childCoordinators.removeAll()
        let login = LoginCoordinator()
        login.finishDelegate = self
        addChild(login)
    }

    @discardableResult
    private func showMain(for user: User) -> TabCoordinator {
        for child in childCoordinators { child.finishDelegate = nil }
        childCoordinators.removeAll()
        let tabs = TabCoordinator(user: user, modalFlows: modalFlows)
        tabs.finishDelegate = self
        addChild(tabs)
        return tabs
    }
}
