import ClubhouseDomain
import ClubhouseSyncWire
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

    /// A book's columns from the row `t`: its ISBN and owner, its declared fields as the wire
    /// reads them (a date as `YYYY-MM-DD`), then its shelf state.
    static let columns =
        (["t.isbn", "t.owner_id"] + SyncBookFields.declared.map { SyncColumn.declared($0).read }
        + ["t.owned", "t.created_at", "t.updated_at"]).joined(separator: ", ")

    static func book(_ row: PostgresRow) throws -> Book {
        let cells = row.makeRandomAccess()
        // The column's CHECK allows nothing else.
        guard let isbn = ISBN(stored: try cells[0].decode(String.self)) else { throw APIError.unexpected }
        var fields = BookFields(isbn: isbn, title: "")
        let declared = SyncBookFields.declared
        try fields.read(cells, at: 2, declared)
        let after = 2 + declared.count
        return Book(
            ownerID: try cells[1].decode(Int64.self), fields: fields, owned: try cells[after].decode(Bool.self),
            createdAt: try cells[after + 1].decode(Date.self).apiText,
            updatedAt: try cells[after + 2].decode(Date.self).apiText)
    }

    func find(_ isbn: ISBN, owner: User.ID) async throws -> Book? {
        let rows = try await connection.query(
            "SELECT \(unescaped: Self.columns) FROM books t WHERE t.owner_id = \(owner) AND t.isbn = \(isbn.digits)",
            logger: logger)
        for try await row in rows { return try Self.book(row) }
        return nil
    }

    /// The shelf, most recently updated first.
    func shelf(owner: User.ID, offset: Int, limit: Int) async throws -> (books: [Book], total: Int) {
        let rows = try await connection.query(
            """
            SELECT \(unescaped: Self.columns) FROM books t WHERE t.owner_id = \(owner) AND t.owned
            ORDER BY t.updated_at DESC, t.isbn LIMIT \(limit) OFFSET \(offset)
            """, logger: logger)
        var books: [Book] = []
        for try await row in rows { books.append(try Self.book(row)) }
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
            let fields = BookFields(isbn: isbn, title: title, author: author, description: description)
            shelf.append(Book(ownerID: owner, fields: fields, createdAt: "", updatedAt: ""))
        }
        var books: [Book] = []
        for chosen in BookRelevance.best(shelf, keywords: keywords, limit: limit) {
            if let book = try await find(chosen.isbn, owner: owner) { books.append(book) }
        }
        return books
    }
}
