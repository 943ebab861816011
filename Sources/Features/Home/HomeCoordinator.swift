import ClubhouseDomain
import ClubhouseNavigation

/// The home tab: a page view over `squad`, `results` and `reading`, whose pages open screens of
/// their own over it, as the other tabs' roots do: a player of the squad, an ended gather of the
/// results, a book of the reading list (`home > players/3`).
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
        switch screen {
        case .player(let id):
            guard let player = try useCases.findPlayer(id, owner: owner) else {
                return .refused(ClubhouseError.playerNotFound(id).message)
            }
            return .open(PlayerDetailCoordinator(router: router, player: player))
        case .gather(let id):
            switch try useCases.lookUpGather(id, owner: owner) {
            case .success(let gather) where gather.isInProgress:
                return .refused("gather \(id) is in progress; it is on the players tab, not among the results")
            case .success(let gather): return .open(GatherResultCoordinator(router: router, gather: gather))
            case .failure(let error): return .refused(error.message)
            }
        case .book(let text):
            return try BookDetailCoordinator.opening(text, owner: owner, router: router, useCases)
        default:
            return .refused("\(screen.path) does not open from home")
        }
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
