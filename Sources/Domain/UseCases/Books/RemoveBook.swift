/// Takes a book off the shelf. It is never deleted: the questions that recommended it keep it (app).
package struct RemoveBook {
    private let books: any BookRepository
    private let clock: any WallClock

    package init(books: any BookRepository, clock: any WallClock) {
        self.books = books
        self.clock = clock
    }

    package func callAsFunction(_ isbn: ISBN, owner: User.ID) throws {
        guard let book = try books.find(isbn, owner: owner) else { throw ClubhouseError.bookNotFound(isbn) }
        guard book.owned else {
            throw ClubhouseError.invalidInput("\(book.title) (\(isbn)) is not on the shelf")
        }
        _ = try books.remove(isbn, owner: owner, at: clock.now())
    }
}
