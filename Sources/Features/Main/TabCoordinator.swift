import ClubhouseDomain
import ClubhouseNavigation

/// The signed-in flow: one coordinator per tab (the root of that tab's chain of screens; the home
/// tab has one per page of its page view, each with its own chain), the selected tab and home
/// page, and an optional modal flow presented over the tabs.
/// `state` is the navigation state that is stored between runs; `restore` rebuilds from it.
package final class TabCoordinator: Coordinator, CoordinatorFinishDelegate {
    package var childCoordinators: [any Coordinator] = []
    package weak var finishDelegate: (any CoordinatorFinishDelegate)?

    package let user: User
    package internal(set) var selectedTab: Tab = .home
    package internal(set) var selectedPage: HomePage = .squad
    /// The home tab's pages, each the root of its own chain of screens.
    package private(set) var pages: [HomePage: HomeCoordinator]
    /// The home page on show: the home tab's root.
    package var home: HomeCoordinator { pages[selectedPage]! }
    package private(set) var players: PlayerListCoordinator
    package private(set) var library: LibraryCoordinator
    package private(set) var questions: QuestionListCoordinator
    package private(set) var profile: ProfileCoordinator
    /// The modal flow's root coordinator while one is presented.
    package private(set) var modal: (any FlowCoordinator)?
    /// Forms a link closed while they held a draft, oldest first, one per path; the same form
    /// gets its draft back when it opens again.
    package internal(set) var keptDrafts: [ScreenState] = []
    /// What an action let go beside its result (the oldest kept draft), for the app to show once.
    var actionWarnings: [String] = []
    private var presenter: (any Router)?
    let modalFlows: ModalFlows

    init(user: User, modalFlows: ModalFlows) {
        self.user = user
        self.modalFlows = modalFlows
        pages = Self.homePages(owner: user.id)
        players = PlayerListCoordinator(owner: user.id)
        library = LibraryCoordinator(owner: user.id)
        questions = QuestionListCoordinator(owner: user.id)
        profile = ProfileCoordinator(user: user)
        attachRoots()
    }

    package func start() {}

    package func root(for tab: Tab) -> any FlowCoordinator {
        switch tab {
        case .home: home
        case .players: players
        case .library: library
        case .questions: questions
        case .profile: profile
        }
    }

    /// Every root: each tab's, the home pages not on show included.
    package var roots: [any FlowCoordinator] {
        Tab.allCases.map { root(for: $0) } + selectedPage.others.map { pages[$0]! }
    }

    /// The coordinator of the screen the user is looking at.
    package var current: any FlowCoordinator { modal?.top ?? root(for: selectedTab).top }

    package var state: NavigationState {
        NavigationState(
            selectedTab: selectedTab, selectedPage: selectedPage,
            stacks: Dictionary(uniqueKeysWithValues: Tab.allCases.map { ($0, root(for: $0).chain.map(\.screenState)) }),
            modal: modal.map { ModalState(stack: $0.chain.map(\.screenState)) }, keptDrafts: keptDrafts,
            pageStacks: pages.mapValues { $0.chain.map(\.screenState) })
    }

    package func content(_ useCases: UseCases) throws -> ScreenContent {
        try current.content(useCases)
    }

    // MARK: Actions

    package func select(_ tab: Tab) throws {
        try requireNoModal()
        selectedTab = tab
    }

    /// Turns to `page`, which shows its own stack as it was left (its top), as a tab does.
    package func select(_ page: HomePage) throws {
        try requireNoModal()
        selectedTab = .home
        selectedPage = page
    }

    /// The page `pages` away from the one selected, stopping at the first or last.
    package func turnPage(by pages: Int) throws {
        let all = HomePage.allCases
        let index = all.firstIndex(of: selectedPage) ?? 0
        try select(all[min(max(index + pages, 0), all.count - 1)])
    }

    /// Closes the screen on top: in the modal flow if one is presented (its root dismisses it,
    /// landing where the flow says a cancel lands), else in the selected tab (nothing happens at
    /// a tab's root). A form closed this way discards its draft.
    package func back() {
        if let modal {
            let top = modal.top
            if top !== modal {
                top.finish()
            } else {
                dismissModal()
                if case .tab(let tab) = modal.asModalFlow?.landing(after: nil) { selectedTab = tab }
            }
            return
        }
        let root = root(for: selectedTab)
        let top = root.top
        if top !== root { top.finish() }
    }

    /// Opens a link: the link wins for its own tab, whose stack becomes the chain of screens
    /// leading to it (screens already open along that chain stay, with their drafts); the other
    /// tabs keep theirs. A link that does not resolve changes nothing and names its deepest
    /// screen that exists.
    package func open(_ link: Link, _ useCases: UseCases) throws {
        switch link {
        case .page(let page):
            try select(page)
        case .screen(let screen):
            switch screen.place {
            case .login:
                throw ClubhouseError.alreadySignedIn(username: user.username)
            case .tab(let tab):
                // A gather in progress lives on the players tab, over the confirm screen that
                // started it (as in the app); an ended one is history, in the profile tab.
                if case .gather(let id) = screen,
                    case .success(let gather) = try useCases.lookUpGather(id, owner: user.id),
                    gather.isInProgress
                {
                    try openGather(inProgress: id, useCases)
                } else {
                    try open(screen.chain, on: tab, useCases)
                }
            case .modal:
                let chain = screen.chain
                if let modal, modal.screen == chain[0] {
                    try setChain(chain, over: modal, useCases)
                    return
                }
                try requireNoModal()
                guard let flow = present(chain[0]) else {
                    throw ClubhouseError.unresolvedLink(
                        reason: "\(chain[0].path) cannot be opened in this version of clubhouse", deepest: nil)
                }
                resumeKeptDraft(flow)
            }
        }
    }

    /// Makes `chain` the stack of `tab` and selects it.
    private func open(_ chain: [Screen], on tab: Tab, _ useCases: UseCases) throws {
        try requireNoModal()
        try setChain(chain, over: root(for: tab), useCases)
        selectedTab = tab
    }

    /// Opens a gather known to be in progress where it lives: `players > players/confirm > gathers/<id>`.
    func openGather(inProgress id: Gather.ID, _ useCases: UseCases) throws {
        try open([.players, .confirmPlayers, .gather(id)], on: .players, useCases)
    }

    /// Submits the form on screen. A modal flow it closed lands where the flow says.
    package func submit(_ useCases: UseCases) throws -> FormResult {
        let form = try currentForm()
        let result = try form.submit(useCases)
        if modal == nil, let flow = form.asModalFlow {
            switch flow.landing(after: result) {
            case .stay: break
            case .tab(let tab): selectedTab = tab
            case .link(let link): try open(link, useCases)
            }
        }
        return result
    }

    /// Opens `screen` from the home page `page`, at its root: the page turned to (the home tab
    /// selected), the screens over its root closed, then `screen` over it.
    package func show(_ screen: Screen, on page: HomePage, _ useCases: UseCases) throws {
        try open(.page(page), useCases)
        try open(.screen(.home), useCases)
        try show(screen, useCases)
    }

    /// Opens `screen` over the one on top, where the coordinator on top leads to it (a book of
    /// the question on screen).
    package func show(_ screen: Screen, _ useCases: UseCases) throws {
        let top = current
        switch try top.child(for: screen, useCases) {
        case .open(let child): top.push(child)
        case .refused(let reason): throw ClubhouseError.unresolvedLink(reason: reason, deepest: top.screen.path)
        }
    }

    package func currentForm() throws -> any FormCoordinator {
        guard let form = current.asForm else {
            throw ClubhouseError.notOnScreen("no form is open (you are on \(current.screen.path))")
        }
        return form
    }

    package func coordinatorDidFinish(_ child: any Coordinator) {
        removeChild(child)
        if child === modal {
            presenter?.dismiss()
            presenter = nil
            modal = nil
        }
    }

    // MARK: Building

    /// Makes `chain` the stack over `root`, keeping the screens (and drafts) already open along
    /// it. Every missing screen is checked before anything changes.
    private func setChain(_ chain: [Screen], over root: any FlowCoordinator, _ useCases: UseCases) throws {
        let open = root.chain
        var kept = 1
        while kept < min(open.count, chain.count), open[kept].screen == chain[kept] { kept += 1 }
        var parent = open[kept - 1]
        var pending: [any FlowCoordinator] = []
        for (index, screen) in chain.enumerated().dropFirst(kept) {
            switch try parent.child(for: screen, useCases) {
            case .open(let child):
                pending.append(child)
                parent = child
            case .refused(let reason):
                throw ClubhouseError.unresolvedLink(reason: reason, deepest: chain[index - 1].path)
            }
        }
        let base = open[kept - 1]
        // A link never throws away what was typed: a form it closes keeps its draft aside.
        if open.count > kept, open[0] !== modal, let form = open.last?.asForm, !form.draft.isEmpty {
            keep(form.screenState)
        }
        base.popToSelf()
        var top = base
        for child in pending {
            resumeKeptDraft(child)
            top.push(child)
            top = child
        }
    }

    /// Presents the modal flow for `screen` over the tabs, or nil when the app has none.
    func present(_ screen: Screen) -> (any FlowCoordinator)? {
        let presenter = root(for: selectedTab).router
        let router = presenter.present(screen)
        guard let flow = modalFlows.make(screen, router, user) else {
            presenter.dismiss()
            return nil
        }
        flow.finishDelegate = self
        addChild(flow)
        self.presenter = presenter
        modal = flow
        return flow
    }

    func dismissModal() {
        modal?.finish()
    }

    /// A flow with something typed in it keeps the tabs waiting until it is submitted or
    /// closed; one with nothing typed (a prompt interrupted at once) steps aside, as a sheet
    /// without changes lets itself be swiped away.
    private func requireNoModal() throws {
        if let modal, modal.pushed == nil, modal.asForm?.draft.isEmpty == true {
            dismissModal()
        }
        if let modal {
            throw ClubhouseError.notOnScreen(
                "\(modal.screen.path) is open over the tabs; submit it or go back to close it first")
        }
    }

    /// Fresh roots for every tab, releasing whatever was open.
    func attachRoots() {
        for child in childCoordinators { child.finishDelegate = nil }
        childCoordinators.removeAll()
        presenter?.dismiss()
        presenter = nil
        modal = nil
        keptDrafts = []
        pages = Self.homePages(owner: user.id)
        players = PlayerListCoordinator(owner: user.id)
        library = LibraryCoordinator(owner: user.id)
        questions = QuestionListCoordinator(owner: user.id)
        profile = ProfileCoordinator(user: user)
        // Every page's root is a child, so each page's stack lives while another is on show.
        let all: [any FlowCoordinator] =
            HomePage.allCases.map { pages[$0]! } + Tab.allCases.filter { $0 != .home }.map { root(for: $0) }
        for tabRoot in all {
            tabRoot.finishDelegate = self
            addChild(tabRoot)
        }
    }

    private static func homePages(owner: User.ID) -> [HomePage: HomeCoordinator] {
        Dictionary(uniqueKeysWithValues: HomePage.allCases.map { ($0, HomeCoordinator(owner: owner, page: $0)) })
    }
}

extension TabCoordinator {
    /// Signs out: the session ends, the user's navigation is forgotten, and the tab bar finishes
    /// so that the app shows the login flow.
    package func signOut(_ useCases: UseCases) throws {
        try useCases.signOut(user)
        finish()
    }
}

extension TabCoordinator {
    /// Whether this version has a flow for `screen` at all, whatever the data: what a link opened
    /// while signed out is checked against before it is kept. It follows the `child(for:)` of the
    /// tab roots and their flows; a new flow adds its screens here.
    package static func canShow(_ screen: Screen, modalFlows: ModalFlows) -> Bool {
        switch screen {
        case .login, .register, .home, .players, .newPlayer, .player, .editPlayer, .confirmPlayers, .gathers, .gather,
            .library, .questions, .question, .profile:
            true
        case .book(let isbn):
            (try? ISBN(lookingUp: isbn)) != nil
        case .newBook, .newQuestion:
            modalFlows.screens.contains(screen)
        }
    }
}
