/// One of the user's books, on the shelf or taken off it.
package struct FindBook {
    private let books: any BookRepository

    package init(books: any BookRepository) {
        self.books = books
    }

    package func callAsFunction(_ isbn: ISBN, owner: User.ID) throws -> Book {
        guard let book = try books.find(isbn, owner: owner) else { throw ClubhouseError.bookNotFound(isbn) }
        return book
    }
}
