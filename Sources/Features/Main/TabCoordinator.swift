import Domain
import Navigation

/// The signed-in flow: one coordinator per tab, the selected tab, and the home page view's page.
/// Its `snapshot` is the navigation state that is stored between runs.
public final class TabCoordinator: Coordinator, CoordinatorFinishDelegate {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?

    public let user: User
    public private(set) var selectedTab: Tab = .home
    public let home: HomeCoordinator
    public let players: PlayerListCoordinator
    public let library: RootScreenCoordinator
    public let questions: RootScreenCoordinator
    public let profile: RootScreenCoordinator

    private let useCases: UseCases
    /// What the database holds, to save only when a command changed something.
    private var saved: NavigationSnapshot?

    init(user: User, useCases: UseCases) {
        self.user = user
        self.useCases = useCases
        home = HomeCoordinator()
        players = PlayerListCoordinator(owner: user.id, useCases: useCases)
        library = RootScreenCoordinator(tab: .library)
        questions = RootScreenCoordinator(tab: .questions)
        profile = RootScreenCoordinator(tab: .profile)
        for tab in Tab.allCases {
            let coordinator = coordinator(for: tab)
            coordinator.finishDelegate = self
            addChild(coordinator)
        }
    }

    public func start() {}

    public func coordinator(for tab: Tab) -> any TabFlowCoordinator {
        switch tab {
        case .home: home
        case .players: players
        case .library: library
        case .questions: questions
        case .profile: profile
        }
    }

    public var selectedCoordinator: any TabFlowCoordinator { coordinator(for: selectedTab) }

    /// The screen on top of the selected tab.
    public var currentScreen: Screen { selectedCoordinator.router.top }

    public var snapshot: NavigationSnapshot {
        NavigationSnapshot(
            selectedTab: selectedTab,
            selectedPage: home.page,
            stacks: Dictionary(
                uniqueKeysWithValues: Tab.allCases.map { tab in
                    (tab, coordinator(for: tab).stack.map(\.path))
                })
        )
    }

    // MARK: Restoration

    /// Rebuilds the tabs from the stored state. Screens whose records are gone are cut with
    /// everything above them; a state that cannot be read at all falls back to the initial one.
    /// Returns warnings for the user.
    func restore(_ stored: StoredNavigation) throws -> [String] {
        switch stored {
        case .none:
            return []
        case .unreadable(let reason):
            return ["the saved navigation could not be read (\(reason)); starting at home"]
        case .snapshot(let snapshot):
            var parsed: [Tab: [Screen]] = [:]
            for tab in Tab.allCases {
                let paths = snapshot.stack(for: tab)
                let screens = paths.compactMap(Screen.init(path:))
                guard screens.count == paths.count, screens.first == tab.rootScreen else {
                    return ["the saved navigation could not be read (bad stack for \(tab.rawValue)); starting at home"]
                }
                parsed[tab] = screens
            }
            selectedTab = snapshot.selectedTab
            home.page = snapshot.selectedPage
            for tab in Tab.allCases {
                try coordinator(for: tab).restore(Array(parsed[tab, default: []].dropFirst()))
            }
            saved = snapshot
            return []
        }
    }

    // MARK: Actions

    public func select(_ tab: Tab) throws {
        apply(try useCases.selectTab(tab, in: snapshot, for: user.id))
    }

    public func select(_ page: HomePage) throws {
        apply(try useCases.selectPage(page, in: snapshot, for: user.id))
    }

    /// Pops one screen in the selected tab; a no-op at its root.
    public func back() throws {
        apply(try useCases.goBack(in: snapshot, for: user.id))
    }

    /// Selects the players tab at its root and hands over its coordinator for the next step.
    public func showPlayers() -> PlayerListCoordinator {
        selectedTab = .players
        players.popToRoot()
        return players
    }

    public func signOut() throws {
        try useCases.signOut(user)
        finish()
    }

    /// Saves the state if this command changed it since it was loaded or last saved.
    func saveIfChanged() throws {
        let current = snapshot
        guard current != saved else { return }
        try useCases.saveNavigation(current, for: user.id)
        saved = current
    }

    public func coordinatorDidFinish(_ child: any Coordinator) {
        removeChild(child)
    }

    /// Adopts the state a navigation use case returned. A use case saves whatever it changes, but
    /// one that changed nothing (back at a root) saved nothing, so only a change counts as saved.
    private func apply(_ next: NavigationSnapshot) {
        if next != snapshot { saved = next }
        selectedTab = next.selectedTab
        home.page = next.selectedPage
        for tab in Tab.allCases {
            coordinator(for: tab).pop(toCount: next.stack(for: tab).count)
        }
    }
}
