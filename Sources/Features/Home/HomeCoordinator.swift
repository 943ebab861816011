import ClubhouseDomain
import ClubhouseNavigation

/// The home tab: a page view over `squad`, `results` and `reading`, with no screens pushed on it.
package final class HomeCoordinator: FlowCoordinator {
    private let owner: User.ID
    package var childCoordinators: [any Coordinator] = []
    package weak var finishDelegate: (any CoordinatorFinishDelegate)?
    package let screen = Screen.home
    package let router: any Router = StackRouter(root: .home)
    package var depth = 0
    package internal(set) var page: HomePage = .squad

    init(owner: User.ID) {
        self.owner = owner
    }

    package func start() {}

    package func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        .refused("\(screen.path) does not open from home, which shows pages")
    }

    package func content(_ useCases: UseCases) throws -> ScreenContent {
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
