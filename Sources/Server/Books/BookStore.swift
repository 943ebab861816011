import ClubhouseDomain
import Foundation
import PostgresNIO

/// Books in SQL, by owner and ISBN-13. Never deleted: removing clears `owned`.
struct BookStore {
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

    /// Adds the book, or replaces every field of the one with its ISBN and puts it back on the shelf.
    func save(_ draft: BookDraft, owner: User.ID) async throws -> BookSave {
        let previous = try await find(draft.isbn, owner: owner)
        let rows = try await connection.query(
            """
            INSERT INTO books AS b (owner_id, isbn, title, author, publisher, description, price_cents, published)
            VALUES (\(owner), \(draft.isbn.digits), \(draft.title), \(draft.author), \(draft.publisher),
                    \(draft.description), \(draft.priceCents), \(draft.published)::date)
            ON CONFLICT (owner_id, isbn) DO UPDATE SET title = excluded.title, author = excluded.author,
                publisher = excluded.publisher, description = excluded.description,
                price_cents = excluded.price_cents, published = excluded.published, owned = TRUE,
                updated_at = greatest(now(), b.updated_at + interval '1 microsecond')
            RETURNING \(unescaped: Self.columns)
            """, logger: logger)
        var saved: Book?
        for try await row in rows.decode(Row.self) { saved = try Self.book(row) }
        guard let book = saved else { throw APIError.unexpected }
        guard let previous else { return .added(book) }
        let had: [(BookField, Bool, Bool)] = [
            (.author, previous.author != nil, book.author == nil),
            (.publisher, previous.publisher != nil, book.publisher == nil),
            (.description, previous.description != nil, book.description == nil),
            (.price, previous.priceCents != nil, book.priceCents == nil),
            (.published, previous.published != nil, book.published == nil),
        ]
        return .updated(book, cleared: had.filter { $0.1 && $0.2 }.map(\.0))
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

    /// Takes the book off the shelf; false when the owner has no such book.
    func remove(_ isbn: ISBN, owner: User.ID) async throws -> Bool {
        let rows = try await connection.query(
            "UPDATE books SET owned = FALSE WHERE owner_id = \(owner) AND isbn = \(isbn.digits) RETURNING isbn",
            logger: logger)
        for try await _ in rows { return true }
        return false
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
