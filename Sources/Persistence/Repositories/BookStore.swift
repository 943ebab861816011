import ClubhouseDomain
import GRDB
import GRDBSQLite

/// A user's books and their full-text index (`books_fts`, kept in step by triggers; see
/// Migrations/0005_bookkitty.sql). Every statement names the owner: another user's book is as
/// absent as a missing one.
package struct BookStore: BookRepository {
    let db: Database

    /// Unix milliseconds (`:now`) as the ISO-8601 text every other table stores.
    static let isoNow = "strftime('%Y-%m-%dT%H:%M:%fZ', :now / 1000.0, 'unixepoch')"
    /// The owner's next save order: one probe of the books_save_order index.
    private static let nextSaveOrder = "(SELECT coalesce(max(save_order), 0) + 1 FROM books WHERE owner_id = :owner)"

    /// `search` and `rank` are this one statement; only `:match` differs (every word, or any word;
    /// see `matchExpression`). Also run by the benchmark in the sqlite3 shell, e.g.
    /// `.param set :match '"sea"* AND "tale"*'`, `.param set :owner 1`, `.param set :limit 50`.
    ///
    /// The index drives (CROSS JOIN fixes the order): it yields only the matching rows, which are
    /// then kept if they are the owner's and on the shelf. bm25 weighs a match in the title 10,
    /// the author 5, the description 1 (lower is better); equal scores fall back to the shelf's
    /// order, then the internal id, so the result never depends on the plan.
    package static let matchingSQL = """
        SELECT b.id, b.owner_id, b.isbn, b.title, b.author, b.publisher, b.description, b.price_cents,
            b.published, b.owned, b.created_at, b.updated_at
        FROM books_fts CROSS JOIN books b ON b.id = books_fts.rowid
        WHERE books_fts MATCH :match AND b.owner_id = :owner AND b.owned = 1
        ORDER BY bm25(books_fts, 10.0, 5.0, 1.0), b.updated_at DESC, b.save_order DESC, b.id DESC
        LIMIT :limit
        """

    package func save(_ draft: BookDraft, owner: User.ID, at now: Milliseconds) throws -> BookSave {
        // Cached statements: an import saves tens of thousands of books in one transaction.
        let previous = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT id, author IS NOT NULL, publisher IS NOT NULL, description IS NOT NULL,
                        price_cents IS NOT NULL AND price_cents <> 0, published IS NOT NULL
                    FROM books WHERE owner_id = ? AND isbn = ?
                    """),
            arguments: [owner, draft.isbn.digits])
        let existing: Int64? = previous.flatMap { Int64.fromDatabaseValue($0[0]) }
        var arguments: StatementArguments = [
            "owner": owner, "isbn": draft.isbn.digits, "title": draft.title, "author": draft.author,
            "publisher": draft.publisher, "description": draft.description, "price": draft.priceCents,
            "published": draft.published, "now": now,
        ]
        guard let existing else {
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO books (owner_id, isbn, title, author, publisher, description, price_cents, published,
                        owned, created_at, updated_at, save_order)
                    VALUES (:owner, :isbn, :title, :author, :publisher, :description, :price, :published,
                        1, \(Self.isoNow), \(Self.isoNow), \(Self.nextSaveOrder))
                    RETURNING \(BookRow.columns)
                    """)
            return .added(try Self.returned(insert, arguments))
        }
        // Every field of the draft, back on the shelf, the most recent; created_at stays.
        let update = try db.cachedStatement(
            sql: """
                UPDATE books SET title = :title, author = :author, publisher = :publisher, description = :description,
                    price_cents = :price, published = :published, owned = 1, updated_at = \(Self.isoNow),
                    save_order = \(Self.nextSaveOrder)
                WHERE id = :id AND owner_id = :owner
                RETURNING \(BookRow.columns)
                """)
        arguments += ["id": existing]
        // What had a value and has none now, so that the user can be told.
        let had: [(BookField, Bool)] = [
            (.author, draft.author == nil), (.publisher, draft.publisher == nil),
            (.description, draft.description == nil), (.price, (draft.priceCents ?? 0) == 0),
            (.published, draft.published == nil),
        ]
        let cleared = had.enumerated().compactMap { index, field in
            field.1 && (previous.flatMap { Bool.fromDatabaseValue($0[index + 1]) } ?? false) ? field.0 : nil
        }
        return .updated(try Self.returned(update, arguments), cleared: cleared)
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
                CREATE TEMP TABLE IF NOT EXISTS book_import (
                    seq INTEGER PRIMARY KEY, isbn TEXT NOT NULL, title TEXT NOT NULL, author TEXT, publisher TEXT,
                    description TEXT, price_cents INTEGER, published TEXT);
                DELETE FROM temp.book_import;
                """)
        try Self.stage(drafts, db)
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
                INSERT INTO books (owner_id, isbn, title, author, publisher, description, price_cents, published,
                    owned, created_at, updated_at, save_order)
                SELECT :owner, isbn, title, author, publisher, description, price_cents, published,
                    1, \(Self.isoNow), \(Self.isoNow), :base + 1 + seq
                FROM temp.book_import WHERE true ORDER BY seq
                ON CONFLICT (owner_id, isbn) DO UPDATE SET title = excluded.title, author = excluded.author,
                    publisher = excluded.publisher, description = excluded.description,
                    price_cents = excluded.price_cents, published = excluded.published, owned = 1,
                    updated_at = excluded.updated_at, save_order = excluded.save_order;
                DELETE FROM temp.book_import;
                """,
            arguments: ["owner": owner, "now": now, "base": base])
        return (added, drafts.count - added)
    }

    /// Fills `temp.book_import` through SQLite's own binding calls: GRDB's arguments box every
    /// value, which cost an import of 50 000 books more than the staging table itself.
    private static func stage(_ drafts: [BookDraft], _ db: Database) throws {
        let statement = try db.makeStatement(sql: "INSERT INTO temp.book_import VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
        let handle = statement.sqliteStatement
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        for (seq, draft) in drafts.enumerated() {
            sqlite3_reset(handle)
            var code = sqlite3_bind_int64(handle, 1, Int64(seq))
            for (index, text) in [draft.isbn.digits, draft.title, draft.author, draft.publisher, draft.description]
                .enumerated() where code == SQLITE_OK
            {
                code = bindText(handle, Int32(index + 2), text)
            }
            if code == SQLITE_OK {
                code =
                    if let cents = draft.priceCents { sqlite3_bind_int64(handle, 7, Int64(cents)) } else {
                        sqlite3_bind_null(handle, 7)
                    }
            }
            if code == SQLITE_OK { code = bindText(handle, 8, draft.published) }
            if code == SQLITE_OK { code = sqlite3_step(handle) }
            guard code == SQLITE_OK || code == SQLITE_DONE else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code),
                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
        }
    }

    /// Binds text by its UTF-8 bytes and length (SQLite copies them), or NULL for none.
    private static func bindText(_ handle: SQLiteStatement, _ index: Int32, _ text: String?) -> Int32 {
        guard var text else { return sqlite3_bind_null(handle, index) }
        return text.withUTF8 { bytes in
            // An empty buffer may have no address; SQLite reads a NULL pointer as NULL, not "".
            let empty: StaticString = ""
            return sqlite3_bind_text(
                handle, index, bytes.isEmpty ? empty.utf8Start : bytes.baseAddress, Int32(bytes.count), sqliteTransient)
        }
    }

    /// SQLITE_TRANSIENT, a macro Swift does not import: SQLite copies the bytes at once.
    private static let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

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

    package func search(_ words: [String], owner: User.ID, limit: Int) throws -> [Book] {
        try matching(Self.matchExpression(words, joinedBy: "AND"), owner: owner, limit: limit)
    }

    package func rank(_ words: [String], owner: User.ID, limit: Int) throws -> [Book] {
        guard let match = Self.matchExpression(words, joinedBy: "OR"), limit > 0 else { return [] }
        let (sql, arguments) = Self.rankingSQL(words, match: match, owner: owner, limit: limit)
        return try BookRow.readable(db, sql: sql, arguments: arguments).map(\.book)
    }

    /// Domain's `BookRelevance` in SQL: the index yields the books matching any word; each word
    /// then adds its field's weight for every field it matches (a column-filtered FTS5 query per
    /// word and field, each run once for the statement), and ties go by ISBN. Also run by the
    /// benchmark in the sqlite3 shell (Benchmarks/bookkitty.py builds the same text).
    package static func rankingSQL(_ words: [String], match: String, owner: User.ID, limit: Int) -> (
        String, StatementArguments
    ) {
        var terms: [String] = []
        // In the order of the statement's placeholders: the score's, then the WHERE's.
        var arguments: StatementArguments = []
        for word in words {
            guard let term = matchExpression([word], joinedBy: "OR") else { continue }
            for field in BookRelevance.Field.allCases {
                terms.append("\(field.weight) * (b.id IN (SELECT rowid FROM books_fts WHERE books_fts MATCH ?))")
                arguments += ["\(field.rawValue) : \(term)"]
            }
        }
        arguments += [match, owner, limit]
        let sql = """
            SELECT \(BookRow.columns(of: "b")), \(terms.isEmpty ? "0" : terms.joined(separator: " + ")) AS score
            FROM books_fts CROSS JOIN books b ON b.id = books_fts.rowid
            WHERE books_fts MATCH ? AND b.owner_id = ? AND b.owned = 1
            ORDER BY score DESC, b.isbn LIMIT ?
            """
        return (sql, arguments)
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

    // MARK: Helpers shared with QuestionStore

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

    /// An FTS5 query for `words`: each quoted as an FTS5 string (so that `"`, `*`, `AND`, `NEAR`
    /// and the like are only text) and matched as a word or the start of one (`*`), joined by
    /// `op` (AND or OR). Nil when there is no word to look for.
    static func matchExpression(_ words: [String], joinedBy op: String) -> String? {
        // FTS5 reads its query only up to a NUL, which would leave a string unterminated.
        let terms = words.map { $0.replacing("\u{0}", with: "") }.filter { !$0.isEmpty }
            .map { "\"" + $0.replacing("\"", with: "\"\"") + "\"*" }
        return terms.isEmpty ? nil : terms.joined(separator: " \(op) ")
    }

    private func matching(_ match: String?, owner: User.ID, limit: Int) throws -> [Book] {
        guard let match, limit > 0 else { return [] }
        return try BookRow.readable(
            db, sql: Self.matchingSQL, arguments: ["match": match, "owner": owner, "limit": limit]
        ).map(\.book)
    }

    private static func returned(_ statement: Statement, _ arguments: StatementArguments) throws -> Book {
        guard let row = try BookRow.fetchOne(statement, arguments: arguments) else {
            throw ClubhouseError.unreadableRecord(what: "a book", reason: "it was not stored")
        }
        return row.book
    }
}

/// Decodes a `books` row by column position, from `start` (a joined query puts its own columns
/// first). A tampered value never traps (see `RowDecoding`): the id, owner, ISBN and shelf flag
/// are required (an ISBN that is not 13 digits with a valid check digit is unreadable); text is
/// read whatever its type; a price of the wrong type, or a date that names no real day, reads as
/// none. What cannot be shown as stored is noted in the book's `unshowableValues`.
struct BookRow: FetchableRecord {
    private static let names = [
        "id", "owner_id", "isbn", "title", "author", "publisher", "description", "price_cents", "published", "owned",
        "created_at", "updated_at",
    ]
    static let columns = names.joined(separator: ", ")

    /// The columns of `alias` in a joined query.
    static func columns(of alias: String) -> String {
        names.map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    let id: Int64
    private(set) var book: Book

    init(row: Row) throws {
        try self.init(row: row, from: 0)
    }

    /// The rows of a list that can be read: one tampered book must not hide the shelf, the
    /// search, the questions or the home page (`clubhouse check` names it).
    static func readable(_ db: Database, sql: String, arguments: StatementArguments) throws -> [BookRow] {
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        var readable: [BookRow] = []
        while let row = try rows.next() {
            if let book = try? BookRow(row: row) { readable.append(book) }
        }
        return readable
    }

    init(row: Row, from start: Int) throws {
        id = try RowDecoding.required(row, start, column: "id", what: "a book")
        let owner: User.ID = try RowDecoding.required(row, start + 1, column: "owner_id", what: "a book")
        let digits: String = try RowDecoding.required(row, start + 2, column: "isbn", what: "a book")
        guard let isbn = ISBN(stored: digits) else {
            throw ClubhouseError.unreadableRecord(what: "a book", reason: "isbn is not 13 digits")
        }
        var reading = RecordReading("book \(isbn)")
        // On the shelf only as the shelf's own queries see it (owned = 1).
        let owned = try RowDecoding.required(row, start + 9, column: "owned", what: "book \(isbn)") as Int64
        if owned != 0, owned != 1 {
            reading.note("owned", "\(owned), not 0 or 1", "shown as not on the shelf")
        }
        book = Book(
            isbn: isbn, ownerID: owner, title: reading.text(row.stored(start + 3), "title", absent: "") ?? "",
            author: reading.text(row.stored(start + 4), "author"),
            publisher: reading.text(row.stored(start + 5), "publisher"),
            description: reading.text(row.stored(start + 6), "description"),
            priceCents: Self.price(row.stored(start + 7), &reading),
            published: Self.date(row.stored(start + 8), &reading), owned: owned == 1,
            createdAt: reading.time(row.stored(start + 10), "created_at", absent: "") ?? "",
            updatedAt: reading.time(row.stored(start + 11), "updated_at", absent: "") ?? "")
        book.unshowableValues = reading.unshowable
    }

    /// A stored price if it is whole cents within the form's range, else none (12.5 stored by
    /// hand is not 12 cents).
    private static func price(_ value: DatabaseValue, _ reading: inout RecordReading) -> Int? {
        let range = BookDraft.priceCentsRange
        guard let cents = reading.integer(value, "price_cents", shown: "shown as none") else { return nil }
        guard range.contains(Int(cents)) else {
            let side = Int(cents) < range.lowerBound ? "below \(range.lowerBound)" : "beyond \(range.upperBound)"
            reading.note("price_cents", "\(cents), \(side)", "shown as none")
            return nil
        }
        return Int(cents)
    }

    /// A stored publication date if it names a real day (`YYYY-MM-DD`), else none.
    private static func date(_ value: DatabaseValue, _ reading: inout RecordReading) -> String? {
        guard !value.isNull else { return nil }
        if case .string(let text) = value.storage, let date = try? BookForm.date(text), date == text { return date }
        reading.note("published", "\(StoredValueText.describe(value)), not a real date", "shown as none")
        return nil
    }
}
