/// The shelf a page at a time, most recently updated first.
package struct ListBooks {
    /// As many as the app shows on one page.
    package static let pageSize = Page<Book>.defaultSize

    let books: any BookRepository

    package init(books: any BookRepository) {
        self.books = books
    }

    package func callAsFunction(owner: User.ID, page: Int = 1, size: Int = pageSize) throws -> Page<Book> {
        try Page.read(page, size: size, total: try books.shelfCount(owner: owner)) { offset, limit in
            try books.shelf(owner: owner, offset: offset, limit: limit)
        }
    }
}
