import ClubhouseDomain
import ClubhouseNavigation

/// The library tab's root: the books on the shelf, most recently updated first. Leads to a
/// book's detail (a removed book too: it still shows, marked not owned).
package final class LibraryCoordinator: ListCoordinator {
    package var links: FlowLinks
    package let screen = Screen.library
    private let owner: User.ID
    package var selected: String?
    /// The search on show (`Action.search`); nil for the whole shelf.
    package var query: String?

    init(owner: User.ID) {
        self.owner = owner
        links = FlowLinks(router: StackRouter(root: .library))
    }

    /// The root is on the router from the start.
    package func start() {}

    package func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        guard case .book(let isbn) = screen else {
            return .refused("\(screen.path) does not open from \(self.screen.path)")
        }
        return try BookDetailCoordinator.opening(isbn, owner: owner, router: router, useCases)
    }

    /// The first page; other pages are read with `AppCoordinator.readBooks`.
    package func content(_ useCases: UseCases) throws -> ScreenContent {
        .bookList(try useCases.listBooks(owner: owner))
    }

    /// The search's results while one is on show, else the shelf.
    package func rows(_ useCases: UseCases) throws -> ListRows {
        guard let query else { return .books(useCases.listBooks.list(owner: owner)) }
        return .books(try useCases.searchBooks.list(query, owner: owner))
    }
}
