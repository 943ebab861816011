import ClubhouseDomain
import GRDB

/// Full-text search of a user's books, through `books_fts`.
extension BookStore {
    /// Each searched field's weight, in the index's column order (`10.0, 5.0, 1.0`).
    private static let bm25Weights = BookField.searched.map { "\($0.searchWeight ?? 0).0" }.joined(separator: ", ")

    /// `search` and `rank` are this one statement; only `:match` differs (every word, or any word;
    /// see `matchExpression`). Also run by the benchmark in the sqlite3 shell, e.g.
    /// `.param set :match '"sea"* AND "tale"*'`, `.param set :owner 1`, `.param set :limit 50`.
    ///
    /// The index drives (CROSS JOIN fixes the order): it yields only the matching rows, which are
    /// then kept if they are the owner's and on the shelf. bm25 weighs a match by its field's
    /// declared `searchWeight` (title 10, author 5, description 1; lower is better); equal scores
    /// fall back to the shelf's order, then the internal id, so the result never depends on the
    /// plan.
    package static let matchingSQL = """
        SELECT \(BookRow.columns(of: "b"))
        FROM books_fts CROSS JOIN books b ON b.id = books_fts.rowid
        WHERE books_fts MATCH :match AND b.owner_id = :owner AND b.owned = 1
        ORDER BY bm25(books_fts, \(bm25Weights)), b.updated_at DESC, b.save_order DESC, b.id DESC
        LIMIT :limit
        """

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
            for field in BookField.searched {
                terms.append(
                    "\(field.searchWeight ?? 0) * (b.id IN (SELECT rowid FROM books_fts WHERE books_fts MATCH ?))")
                arguments += ["\(field.column) : \(term)"]
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
}
