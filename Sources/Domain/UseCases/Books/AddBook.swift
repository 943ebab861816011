/// Adds a book to the shelf, or updates the one with the same ISBN and puts it back (app).
public struct AddBook {
    private let books: any BookRepository
    private let clock: any WallClock

    public init(books: any BookRepository, clock: any WallClock) {
        self.books = books
        self.clock = clock
    }

    public func callAsFunction(_ draft: BookDraft, owner: User.ID) throws -> BookSave {
        try books.save(try draft.validated(), owner: owner, at: clock.now())
    }
}
