/// Adds a book to the shelf, or updates the one with the same ISBN and puts it back (app).
package struct AddBook {
    private let books: any BookRepository
    private let clock: any WallClock

    package init(books: any BookRepository, clock: any WallClock) {
        self.books = books
        self.clock = clock
    }

    package func callAsFunction(_ draft: BookDraft, owner: User.ID) throws -> BookSave {
        try books.save(try draft.validated(), owner: owner, at: clock.now())
    }
}
