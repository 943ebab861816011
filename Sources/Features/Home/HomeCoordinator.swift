import ClubhouseDomain
import ClubhouseNavigation

/// One page of the home tab's page view (`squad`, `results` or `reading`). Each page is a screen
/// with its own navigation, as a page view's pages are: it opens screens of its own over it, as
/// the other tabs' roots do (a player of the squad, an ended gather of the results, a book of the
/// reading list: `home > players/3`), and keeps them, with its selection, while another page is
/// on show. The tab bar holds one per page.
package final class HomeCoordinator: ShortListCoordinator {
    private let owner: User.ID
    package var links = FlowLinks(router: StackRouter(root: .home))
    package let screen = Screen.home
    package let page: HomePage
    /// The page's selected item: a player or gather id, a book's ISBN-13 digits.
    package var selected: String?

    init(owner: User.ID, page: HomePage) {
        self.owner = owner
        self.page = page
    }

    package func start() {}

    package func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        switch screen {
        case .player(let id):
            return try PlayerDetailCoordinator.opening(id, owner: owner, router: router, useCases)
        case .gather(let id):
            return try GatherResultCoordinator.opening(
                id, owner: owner, router: router, useCases, notIn: "among the results")
        case .book(let text):
            return try BookDetailCoordinator.opening(text, owner: owner, router: router, useCases)
        default:
            return .refused("\(screen.path) does not open from home")
        }
    }

    /// The keys of the page's items, read as the page reads them (the squad without its count).
    package func rowKeys(_ useCases: UseCases) throws -> [String] {
        switch page {
        case .squad: try useCases.homeSummary.recentPlayers(owner: owner).map { String($0.id) }
        case .results: try useCases.homeSummary.results(owner: owner).map { String($0.id) }
        case .reading: try useCases.homeSummary.reading(owner: owner).map(\.isbn.digits)
        }
    }

    package func isRowKey(_ key: String) -> Bool {
        page == .reading ? ISBN(stored: key) != nil : Self.isID(key)
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
