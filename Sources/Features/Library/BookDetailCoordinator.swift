import ClubhouseDomain
import ClubhouseNavigation

/// The `books/<isbn>` screen, one coordinator shared by every stack that shows a book: the
/// library's and a question's (the app copies it into four coordinators). It holds the book
/// as last read and reads it again for every view.
package final class BookDetailCoordinator: FlowCoordinator {
    package var links: FlowLinks
    package private(set) var book: Book

    /// Always the ISBN-13 spelling, whichever spelling opened it.
    package var screen: Screen { .book(isbn: book.isbn.digits) }

    init(router: any Router, book: Book) {
        links = FlowLinks(router: router)
        self.book = book
    }

    /// The coordinator for the owner's book `text` (an ISBN-10 or -13), or why it cannot open.
    static func opening(_ text: String, owner: User.ID, router: any Router, _ useCases: UseCases) throws -> Opening {
        let isbn: ISBN
        do {
            isbn = try ISBN(lookingUp: text)
        } catch {
            return .refused(error.message)
        }
        switch try useCases.lookUpBook(isbn, owner: owner) {
        case .success(let book): return .open(BookDetailCoordinator(router: router, book: book))
        case .failure(let error): return .refused(error.message)
        }
    }

    package func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        .refused("\(screen.path) does not open from \(self.screen.path)")
    }

    /// Takes the book off the shelf (it is kept, not deleted) and closes its screen.
    package func remove(_ useCases: UseCases) throws -> Book {
        try useCases.removeBook(book.isbn, owner: book.ownerID)
        book.owned = false
        finish()
        return book
    }

    package func invalidReason(_ useCases: UseCases) throws -> String? {
        switch try useCases.lookUpBook(book.isbn, owner: book.ownerID) {
        case .success(let fresh):
            book = fresh
            return nil
        case .failure(let error):
            return error.message
        }
    }

    package func content(_ useCases: UseCases) throws -> ScreenContent {
        if let reason = try invalidReason(useCases) { throw ClubhouseError.notOnScreen(reason) }
        return .bookDetail(book)
    }
}
