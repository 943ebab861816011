import ClubhouseDomain
import GRDB

/// A user's books and their full-text index (`books_fts`, kept in step by triggers; see
/// Migrations/0005_bookkitty.sql). Every statement names the owner: another user's book is as
/// absent as a missing one.
package struct BookStore: BookRepository {
    let db: Database

    /// Unix milliseconds (`:now`) as the ISO-8601 text every other table stores.
    static let isoNow = "strftime('%Y-%m-%dT%H:%M:%fZ', :now / 1000.0, 'unixepoch')"
    /// The owner's next save order: one probe of the books_save_order index.
    private static let nextSaveOrder = "(SELECT coalesce(max(save_order), 0) + 1 FROM books WHERE owner_id = :owner)"

    package func save(_ draft: BookDraft, owner: User.ID, at now: Milliseconds) throws -> BookSave {
        // Cached statements: an import saves tens of thousands of books in one transaction.
        let previous = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT id, \(Self.hadValues) FROM books WHERE owner_id = ? AND isbn = ?"),
            arguments: [owner, draft.isbn.digits])
        let existing: Int64? = previous.flatMap { Int64.fromDatabaseValue($0[0]) }
        var arguments: StatementArguments = ["owner": owner, "now": now]
        for field in BookField.allCases { arguments += [field.column: draft[field].databaseValue] }
        guard let existing else {
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO books (owner_id, \(BookColumns.list), owned, created_at, updated_at, save_order)
                    VALUES (:owner, \(Self.parameters), 1, \(Self.isoNow), \(Self.isoNow), \(Self.nextSaveOrder))
                    RETURNING \(BookRow.columns)
                    """)
            return .added(try Self.returned(insert, arguments))
        }
        // Every field of the draft, back on the shelf, the most recent; created_at stays.
        let update = try db.cachedStatement(
            sql: """
                UPDATE books SET \(Self.assignments { ":\($0)" }), owned = 1, updated_at = \(Self.isoNow),
                    save_order = \(Self.nextSaveOrder)
                WHERE id = :id AND owner_id = :owner
                RETURNING \(BookRow.columns)
                """)
        arguments += ["id": existing]
        // What had a value and has none now, so that the user can be told (the SELECT's columns
        // 1… are `BookColumns.optional`'s).
        let cleared = BookColumns.optional.enumerated().compactMap { index, field in
            let hadValue = previous.flatMap { Bool.fromDatabaseValue($0[index + 1]) } ?? false
            return hadValue && draft[field] == .null ? field : nil
        }
        return .updated(try Self.returned(update, arguments), cleared: cleared)
    }

    /// Whether each optional field has a value, in `BookColumns.optional`'s order.
    private static let hadValues = BookColumns.optional.map { "\($0.column) IS NOT NULL" }.joined(separator: ", ")
    /// `:isbn, :title, …`: each field's value is the argument named by its column.
    private static let parameters = BookColumns.names.map { ":\($0)" }.joined(separator: ", ")

    /// `title = …, author = …`: every field but the key, each set to `value(column)`.
    private static func assignments(_ value: (String) -> String) -> String {
        BookField.allCases.filter { $0 != .isbn }.map { "\($0.column) = \(value($0.column))" }
            .joined(separator: ", ")
    }

    /// The rows go to a temporary table first and reach `books` in one statement: every
    /// statement that writes `books` ends with the full-text index flushing what it gathered
    /// (the triggers' statement savepoint), so a statement per book spent most of an import
    /// writing the index one book at a time. The sqlite3 shell's `.import` followed by one
    /// INSERT … SELECT does the same.
    package func saveAll(_ drafts: [BookDraft], owner: User.ID, at now: Milliseconds) throws -> (
        added: Int, updated: Int
    ) {
        guard !drafts.isEmpty else { return (0, 0) }
        try db.execute(
            sql: """
                CREATE TEMP TABLE IF NOT EXISTS book_import (seq INTEGER PRIMARY KEY, \(Self.stagedColumns));
                DELETE FROM temp.book_import;
                """)
        try BookImportStaging.stage(drafts, db)
        // Each ISBN of the step that the owner does not have yet is added once; every other row
        // updates a book (one on the shelf already, or an earlier row of the step).
        let added =
            try Int.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT count(*) FROM (SELECT DISTINCT isbn FROM temp.book_import) AS i
                        WHERE NOT EXISTS (SELECT 1 FROM books b WHERE b.owner_id = ? AND b.isbn = i.isbn)
                        """),
                arguments: [owner]) ?? 0
        let base =
            try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT coalesce(max(save_order), 0) FROM books WHERE owner_id = ?"),
                arguments: [owner]) ?? 0
        // In file order, so that a later row wins and the shelf's tie-break follows the file.
        try db.execute(
            sql: """
                INSERT INTO books (owner_id, \(BookColumns.list), owned, created_at, updated_at, save_order)
                SELECT :owner, \(BookColumns.list), 1, \(Self.isoNow), \(Self.isoNow), :base + 1 + seq
                FROM temp.book_import WHERE true ORDER BY seq
                ON CONFLICT (owner_id, isbn) DO UPDATE SET \(Self.assignments { "excluded.\($0)" }), owned = 1,
                    updated_at = excluded.updated_at, save_order = excluded.save_order;
                DELETE FROM temp.book_import;
                """,
            arguments: ["owner": owner, "now": now, "base": base])
        return (added, drafts.count - added)
    }

    /// The staging table's columns: each field's, typed as `books` types it.
    private static let stagedColumns = BookField.allCases.map { field in
        "\(field.column) \(field.rule.isInteger ? "INTEGER" : "TEXT")\(field.isRequired ? " NOT NULL" : "")"
    }.joined(separator: ", ")

    package func find(_ isbn: ISBN, owner: User.ID) throws -> Book? {
        try BookRow.fetchOne(
            db.cachedStatement(sql: "SELECT \(BookRow.columns) FROM books WHERE owner_id = ? AND isbn = ?"),
            arguments: [owner, isbn.digits]
        )?.book
    }

    package func shelf(owner: User.ID, offset: Int, limit: Int) throws -> [Book] {
        guard limit > 0 else { return [] }
        return try BookRow.readable(
            db,
            sql: """
                SELECT \(BookRow.columns) FROM books WHERE owner_id = ? AND owned = 1
                ORDER BY updated_at DESC, save_order DESC, id DESC LIMIT ? OFFSET ?
                """,
            arguments: [owner, limit, max(0, offset)]
        ).map(\.book)
    }

    package func shelf(owner: User.ID, after isbn: ISBN?, limit: Int) throws -> [Book] {
        try shelf(owner: owner, from: isbn, limit: limit, comparison: "<", order: "DESC")
    }

    package func shelf(owner: User.ID, before isbn: ISBN?, limit: Int) throws -> [Book] {
        try shelf(owner: owner, from: isbn, limit: limit, comparison: ">", order: "ASC")
    }

    /// The shelf read by key from the place of `isbn` (its updated_at, save_order and id) in the
    /// shelf's order or its reverse, through the books_shelf index; from the start of that order
    /// when there is no such book.
    private func shelf(owner: User.ID, from isbn: ISBN?, limit: Int, comparison: String, order: String) throws
        -> [Book]
    {
        guard limit > 0 else { return [] }
        let anchor = try isbn.flatMap { isbn in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT updated_at, save_order, id FROM books WHERE owner_id = ? AND isbn = ?"),
                arguments: [owner, isbn.digits])
        }
        guard let anchor else {
            return try BookRow.readable(
                db,
                sql: """
                    SELECT \(BookRow.columns) FROM books WHERE owner_id = ? AND owned = 1
                    ORDER BY updated_at \(order), save_order \(order), id \(order) LIMIT ?
                    """,
                arguments: [owner, limit]
            ).map(\.book)
        }
        return try BookRow.readable(
            db,
            sql: """
                SELECT \(BookRow.columns) FROM books WHERE owner_id = ? AND owned = 1
                AND (updated_at, save_order, id) \(comparison) (?, ?, ?)
                ORDER BY updated_at \(order), save_order \(order), id \(order) LIMIT ?
                """,
            arguments: [owner, anchor[0], anchor[1], anchor[2], limit]
        ).map(\.book)
    }

    package func shelfCount(owner: User.ID) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT count(*) FROM books WHERE owner_id = ? AND owned = 1"), arguments: [owner])
            ?? 0
    }

    package func remove(_ isbn: ISBN, owner: User.ID, at now: Milliseconds) throws -> Bool {
        try db.cachedStatement(
            sql: """
                UPDATE books SET owned = 0, updated_at = \(Self.isoNow), save_order = \(Self.nextSaveOrder)
                WHERE owner_id = :owner AND isbn = :isbn AND owned = 1
                """
        ).execute(arguments: ["owner": owner, "isbn": isbn.digits, "now": now])
        return db.changesCount > 0
    }

    package func recentlyRecommended(owner: User.ID, limit: Int) throws -> [Book] {
        guard limit > 0 else { return [] }
        // Newest question first, each book at its newest recommendation; the cursor stops as soon
        // as `limit` books are found, however many questions there are.
        let links = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT qb.book_id FROM questions q
                    JOIN question_books qb ON qb.question_id = q.id
                    JOIN books b ON b.id = qb.book_id AND b.owner_id = q.owner_id
                    WHERE q.owner_id = ? ORDER BY q.id DESC, qb.seat
                    """),
            arguments: [owner])
        var ids: [Int64] = []
        var seen: Set<Int64> = []
        while ids.count < limit, let row = try links.next() {
            let id: Int64 = try RowDecoding.required(row, 0, column: "book_id", what: "a recommended book")
            if seen.insert(id).inserted { ids.append(id) }
        }
        return try Self.books(ids, owner: owner, db)
    }

    // MARK: Helpers

    /// The owner's books with these ids, in the order given (ids not found are left out).
    static func books(_ ids: [Int64], owner: User.ID, _ db: Database) throws -> [Book] {
        guard !ids.isEmpty else { return [] }
        let rows = try BookRow.readable(
            db,
            sql: """
                SELECT \(BookRow.columns) FROM books
                WHERE owner_id = ? AND id IN (SELECT value FROM json_each(?))
                """,
            arguments: [owner, "[" + ids.map(String.init).joined(separator: ",") + "]"])
        var byID: [Int64: Book] = [:]
        for row in rows { byID[row.id] = row.book }
        return ids.compactMap { byID[$0] }
    }

    private static func returned(_ statement: Statement, _ arguments: StatementArguments) throws -> Book {
        guard let row = try BookRow.fetchOne(statement, arguments: arguments) else {
            throw ClubhouseError.unreadableRecord(what: "a book", reason: "it was not stored")
        }
        return row.book
    }
}
