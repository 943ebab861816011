import ClubhouseDomain
import Foundation
import PostgresNIO

/// Books in SQL, by owner and ISBN-13. Never deleted: removing clears `owned`. Every write, a
/// REST one included, is a sync change through `SyncApplier` (BookStore+Sync.swift).
struct BookStore: Sendable {
    let connection: PostgresConnection
    let logger: Logger

    init(_ connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    static let columns = """
        isbn, owner_id, title, author, publisher, description, price_cents, to_char(published, 'YYYY-MM-DD'),
        owned, created_at, updated_at
        """

    typealias Row = (String, Int64, String, String?, String?, String?, Int?, String?, Bool, Date, Date)

    static func book(_ row: Row) throws -> Book {
        // The column's CHECK allows nothing else.
        guard let isbn = ISBN(stored: row.0) else { throw APIError.unexpected }
        return Book(
            isbn: isbn, ownerID: row.1, title: row.2, author: row.3,
            publisher: row.4, description: row.5, priceCents: row.6, published: row.7, owned: row.8,
            createdAt: row.9.apiText, updatedAt: row.10.apiText)
    }

    func find(_ isbn: ISBN, owner: User.ID) async throws -> Book? {
        let rows = try await connection.query(
            "SELECT \(unescaped: Self.columns) FROM books WHERE owner_id = \(owner) AND isbn = \(isbn.digits)",
            logger: logger)
        for try await row in rows.decode(Row.self) { return try Self.book(row) }
        return nil
    }

    /// The shelf, most recently updated first.
    func shelf(owner: User.ID, offset: Int, limit: Int) async throws -> (books: [Book], total: Int) {
        let rows = try await connection.query(
            """
            SELECT \(unescaped: Self.columns) FROM books WHERE owner_id = \(owner) AND owned
            ORDER BY updated_at DESC, isbn LIMIT \(limit) OFFSET \(offset)
            """, logger: logger)
        var books: [Book] = []
        for try await row in rows.decode(Row.self) { books.append(try Self.book(row)) }
        let count = try await connection.query(
            "SELECT count(*) FROM books WHERE owner_id = \(owner) AND owned", logger: logger)
        var total = 0
        for try await value in count.decode(Int.self) { total = value }
        return (books, total)
    }

    /// The owned books that fit `keywords` best, by Domain's `BookRelevance`: the rule the device
    /// follows in SQL over its FTS5 index. Read over the whole shelf: PostgreSQL's full-text
    /// search neither removes diacritics nor splits words as FTS5 does, so it could not even
    /// choose the same candidates; a club's shelf is read in one query, text columns only.
    func rank(_ keywords: [String], owner: User.ID, limit: Int) async throws -> [Book] {
        guard !keywords.isEmpty, limit > 0 else { return [] }
        let rows = try await connection.query(
            "SELECT isbn, title, author, description FROM books WHERE owner_id = \(owner) AND owned", logger: logger)
        var shelf: [Book] = []
        for try await (isbn, title, author, description) in rows.decode((String, String, String?, String?).self) {
            guard let isbn = ISBN(stored: isbn) else { throw APIError.unexpected }
            shelf.append(
                Book(
                    isbn: isbn, ownerID: owner, title: title, author: author, description: description, createdAt: "",
                    updatedAt: ""))
        }
        var books: [Book] = []
        for chosen in BookRelevance.best(shelf, keywords: keywords, limit: limit) {
            if let book = try await find(chosen.isbn, owner: owner) { books.append(book) }
        }
        return books
    }
}
