import Domain
import Navigation

/// The home tab: a page view over `squad`, `results` and `reading`, with no screens pushed on it.
public final class HomeCoordinator: TabFlowCoordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?

    public let tab = Tab.home
    public let router = StackRouter(root: .home)
    public internal(set) var page: HomePage = .squad

    init() {}

    public func start() {}

    public func open(_ screen: Screen) throws -> Bool { false }

    public func content() throws -> ScreenContent { .home(HomeViewModel(selectedPage: page)) }
}

public struct HomeViewModel: Equatable {
    public let selectedPage: HomePage
    public let pages: [HomePage] = HomePage.allCases
}
