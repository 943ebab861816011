import Domain
import Navigation

/// The home tab: a page view over `squad`, `results` and `reading`, with no screens pushed on it.
public final class HomeCoordinator: FlowCoordinator {
    private let owner: User.ID
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?
    public let screen = Screen.home
    public let router: any Router = StackRouter(root: .home)
    public var depth = 0
    public internal(set) var page: HomePage = .squad

    init(owner: User.ID) {
        self.owner = owner
    }

    public func start() {}

    public func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        .refused("\(screen.path) does not open from home, which shows pages")
    }

    public func content(_ useCases: UseCases) throws -> ScreenContent {
        let content: HomeViewModel.Page
        switch page {
        case .squad:
            let squad = try useCases.homeSummary.squad(owner: owner)
            content = .squad(count: squad.count, recent: squad.recent)
        case .results:
            let now = useCases.clock.now()
            content = .results(try useCases.homeSummary.results(owner: owner).map { GatherViewModel($0, now: now) })
        case .reading:
            content = .reading(try useCases.homeSummary.reading(owner: owner))
        }
        return .home(HomeViewModel(selectedPage: page, content: content))
    }
}

public struct HomeViewModel: Equatable {
    public let selectedPage: HomePage
    public let pages: [HomePage] = HomePage.allCases
    /// What the selected page shows.
    public let content: Page

    public enum Page: Equatable {
        /// How many players there are and the most recently added, newest first.
        case squad(count: Int, recent: [Player])
        /// The last five results, newest first.
        case results([GatherViewModel])
        /// The five books most recently recommended, newest first.
        case reading([Book])
    }
}
