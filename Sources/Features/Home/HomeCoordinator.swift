import Domain
import Navigation

/// The home tab: a page view over `squad`, `results` and `reading`, with no screens pushed on it.
public final class HomeCoordinator: FlowCoordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?
    public let screen = Screen.home
    public let router: any Router = StackRouter(root: .home)
    public var depth = 0
    public internal(set) var page: HomePage = .squad

    init() {}

    public func start() {}

    public func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        .refused("\(screen.path) does not open from home, which shows pages")
    }

    public func content(_ useCases: UseCases) throws -> ScreenContent {
        .home(HomeViewModel(selectedPage: page))
    }
}

public struct HomeViewModel: Equatable {
    public let selectedPage: HomePage
    public let pages: [HomePage] = HomePage.allCases
}
