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
                let (synced, warnings) = try sync(useCases)
                let syncedUser = knownUser
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
                    let stored = main.user.id == syncedUser ? synced : try useCases.loadNavigation(for: main.user.id)
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
            let (_, warnings) = try sync(useCases)
            let result: ActionResult
            switch action {
            case .none: result = .none
            case .history(let limit):
                result = .history(try useCases.history(for: try requireMain().user.id, limit: limit))
            case .searchBooks(let text):
                result = .foundBooks(try useCases.searchBooks(text, owner: try requireMain().user.id))
            case .gather(.show):
                // Where the user is does not change: `gather watch` only reads the countdown.
                let gather = try useCases.findGather.inProgress(owner: try requireMain().user.id)
                result = .gather(GatherViewModel(gather, now: useCases.clock.now()))
            default: throw ClubhouseError.notOnScreen("this action changes navigation")
            }
            return try outcome(result, warnings: warnings, useCases, showing: showing)
        }
    }

    /// Brings the tree up to date with what is stored, inside a read (its warnings are `look`'s).
    func syncForReading(_ useCases: UseCases) throws {
        _ = try sync(useCases)
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
        return (main.current as? any FormCoordinator)?.draft == draft
    }

    /// The main flow, or `notSignedIn` for commands that need a user.
    package func requireMain() throws -> TabCoordinator {
        guard let main else { throw ClubhouseError.notSignedIn }
        return main
    }

    // MARK: The road

    /// Makes the tree match the stored session and navigation state. Returns what is stored
    /// and a warning per screen cut.
    private func sync(_ useCases: UseCases) throws -> (StoredNavigation, [String]) {
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
        switch stored {
        case .none:
            return (stored, try main.restore(.initial, useCases))
        case .unreadable(let reason):
            _ = try main.restore(.initial, useCases)
            return (stored, ["the saved navigation could not be read (\(reason)); starting at home"])
        case .state(let state):
            return (stored, try main.restore(state, useCases))
        case .repaired(let state, let problems):
            return (stored, problems + (try main.restore(state, useCases)))
        }
    }

    private func act(_ command: Command, _ credentials: CheckedCredentials, _ useCases: UseCases) throws
        -> ActionResult
    {
        if let link = command.link {
            if let main {
                try main.open(link, useCases)
            } else if case .screen(let screen) = link, screen.place == .login {
                if screen == .register { _ = try requireLogin().showRegister() }
            } else if command.keepsLinkWhenSignedOut, case .none = command.action {
                if case .screen(let screen) = link, !TabCoordinator.canShow(screen, modalFlows: modalFlows) {
                    throw ClubhouseError.unresolvedLink(
                        reason: "\(screen.path) cannot be opened in this version of clubhouse", deepest: nil)
                }
                try useCases.keepLinkForSignIn(link.text)
                return .linkKept(link.text)
            } else {
                throw ClubhouseError.notSignedIn
            }
        }
        switch command.action {
        case .none:
            return .none
        case .selectTab(let tab):
            try requireMain().select(tab)
        case .turnPage(let pages):
            try requireMain().turnPage(by: pages)
        case .back:
            try requireMain().back()
        case .fill(let fields):
            try requireMain().fill(fields)
        case .typing(let fields):
            try requireMain().type(fields)
        case .focus(let field):
            try requireMain().focus(field)
        case .submit(let fields, let discarding):
            let main = try requireMain()
            if discarding { try main.discardDraft() }
            let typed = Set(fields.map(\.name))
            try main.fill(fields)
            // What the draft still holds beside the typed fields (a form may drop a draft that
            // was for another record).
            let resumed = try main.currentForm().draft.fields.keys.filter { !typed.contains($0) }.sorted()
            let result = try main.submit(useCases)
            main.selectSaved(result)
            return .form(result, resumed: resumed)
        case .discardDraft:
            try requireMain().discardDraft()
        case .register(_, _, let signingIn):
            guard case .registration(let registration) = credentials else { return .none }
            let login = try requireLogin()
            let user = try login.showRegister().submit(registration, useCases)
            guard signingIn else { return .registered(user) }
            _ = try login.signInRegistered(user, useCases)
            return .signedIn(user, openedLink: try openPendingLink(useCases))
        case .signIn:
            guard case .verified(let verified) = credentials else { return .none }
            let user = try requireLogin().signIn(verified, useCases)
            // The tab bar the sign-in showed starts where this user was, if anything is stored.
            switch try useCases.loadNavigation(for: user.id) {
            case .state(let state): pendingWarnings += try requireMain().restore(state, useCases)
            case .repaired(let state, let problems):
                pendingWarnings += problems
                pendingWarnings += try requireMain().restore(state, useCases)
            case .unreadable(let reason):
                pendingWarnings.append("the saved navigation could not be read (\(reason)); starting at home")
            case .none: break
            }
            return .signedIn(user, openedLink: try openPendingLink(useCases))
        case .signOut:
            let main = try requireMain()
            try main.signOut(useCases)
            return .signedOut(main.user)
        case .undo:
            return try undo(useCases)
        case .reopen:
            return try reopen(useCases)
        case .adopt(let state):
            pendingWarnings += try requireMain().restore(state, useCases)
        case .history(let limit):
            return .history(try useCases.history(for: try requireMain().user.id, limit: limit))
        case .searchBooks(let text):
            return .foundBooks(try useCases.searchBooks(text, owner: try requireMain().user.id))
        case .show(let screen):
            try requireMain().show(screen, useCases)
        case .moveSelection(let move):
            try requireMain().moveSelection(move, useCases)
        case .search(let text):
            try requireMain().search(text, useCases)
        case .mark(let ids):
            try requireMain().mark(ids, useCases)
        case .unmark(let ids):
            try requireMain().unmark(ids)
        case .confirmMarked:
            try requireMain().confirmMarked(useCases)
        case .deletePlayer:
            return .playerDeleted(try requireMain().deletePlayer(useCases))
        case .removeBook:
            return .bookRemoved(try requireMain().removeBook(useCases))
        case .deleteQuestion:
            return .questionDeleted(try requireMain().deleteQuestion(useCases))
        case .deleteGather:
            return .gatherDeleted(try requireMain().deleteGather(useCases))
        case .gather(let action):
            let gather = try requireMain().openGatherInProgress(useCases)
            let now = useCases.clock.now()
            switch action {
            case .show: return .gather(GatherViewModel(gather.gather, now: now))
            case .play(let change):
                let before = gather.gather.score
                let played = try gather.play(change, useCases)
                // A step past either end changes nothing (as the seed's stepper): said, not silent.
                if case .score(let team, let delta) = change, played.score == before,
                    let unmoved = before.unmoved(team, by: delta)
                {
                    pendingNotes.append(unmoved)
                }
                return .gather(GatherViewModel(played, now: now))
            case .end: return .gatherEnded(GatherViewModel(try gather.end(useCases), now: now))
            case .cancel: return .gatherCancelled(try gather.cancel(useCases))
            }
        case .importBooks(let file, let progress):
            let main = try requireMain()
            return .booksImported(try useCases.importBooks(file, owner: main.user.id, progress: progress))
        }
        return .none
    }

    /// Right after a sign-in: opens the link kept while signed out. One that no longer resolves
    /// is reported and the user stays where the sign-in landed.
    private func openPendingLink(_ useCases: UseCases) throws -> String? {
        guard let text = try useCases.takePendingLink(), let main else { return nil }
        guard let link = Link(text) else {
            pendingWarnings.append("the link '\(text)' kept while signed out is not a screen; it was dropped")
            return nil
        }
        do {
            try main.open(link, useCases)
            return link.text
        } catch let error as ClubhouseError {
            let reason = if case .unresolvedLink(let reason, _) = error { reason } else { error.message }
            pendingWarnings.append("the link \(text) opened while signed out could not be opened: \(reason)")
            return nil
        }
    }

    private var pendingWarnings: [String] = []
    /// What the command left as it was and why (`Outcome.notes`).
    private var pendingNotes: [String] = []

    private func undo(_ useCases: UseCases) throws -> ActionResult {
        let main = try requireMain()
        while true {
            let (entry, before) = try useCases.takeLastChange(for: main.user.id)
            guard case .state(let state) = before else {
                pendingWarnings.append(
                    "the change \(entry.from) → \(entry.to) could not be read back; undoing the one before it")
                continue
            }
            // Undo moves, it never changes what is typed: the screens come from the journal, the
            // drafts from now (a draft a submit or back ended does not come back).
            let replaced = main.state
            pendingWarnings += try main.restore(state.withoutDrafts, useCases)
            main.carryDrafts(from: replaced)
            main.carrySelections(from: replaced)
            return .undone(entry)
        }
    }

    private func reopen(_ useCases: UseCases) throws -> ActionResult {
        let main = try requireMain()
        var gone: String?
        for entry in try useCases.closedScreens(for: main.user.id) {
            guard let closed = entry.closed, let link = Link(closed), closed != main.current.screen.path else {
                continue
            }
            do {
                try main.open(link, useCases)
            } catch let error as ClubhouseError {
                if case .unresolvedLink(let reason, _) = error {
                    pendingWarnings.append("\(closed) cannot be reopened: \(error.message)")
                    gone = gone ?? "\(closed): \(reason)"
                    try useCases.closedScreens.markReopened(entry)
                    continue
                }
                throw error
            }
            try useCases.closedScreens.markReopened(entry)
            return .reopened(closed)
        }
        throw ClubhouseError.nothingToReopen(gone: gone)
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
    private func requireLogin() throws -> LoginCoordinator {
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
