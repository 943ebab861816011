/// The shelf a page at a time, most recently updated first.
public struct ListBooks {
    /// As many as the app shows on one page.
    public static let pageSize = 12

    private let books: any BookRepository

    public init(books: any BookRepository) {
        self.books = books
    }

    public func callAsFunction(owner: User.ID, page: Int = 1, size: Int = pageSize) throws -> Page<Book> {
        try Page.read(page, size: size, total: try books.shelfCount(owner: owner)) { offset, limit in
            try books.shelf(owner: owner, offset: offset, limit: limit)
        }
    }
}
