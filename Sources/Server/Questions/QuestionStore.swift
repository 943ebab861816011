import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import PostgresNIO

/// Questions and the books they recommended, in SQL, by owner. Every write, a REST one
/// included, is a sync change through `SyncApplier` (QuestionStore+Sync.swift).
struct QuestionStore: Sendable {
    let connection: PostgresConnection
    let logger: Logger

    init(_ connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    /// The owner's question by sync key (a REST write answers with what it stored).
    func find(key: String, owner: User.ID) async throws -> Keyed<Question>? {
        let rows = try await connection.query(
            "SELECT id FROM questions WHERE key = \(key)::uuid AND owner_id = \(owner)", logger: logger)
        for try await id in rows.decode(Int64.self) { return try await find(id, owner: owner) }
        return nil
    }

    /// A question's row as it is read: its id and owner, each declared field, its key.
    private static let columns =
        (["id", "owner_id"] + QuestionField.allCases.map(\.serverColumn) + ["key::text"]).joined(separator: ", ")

    func find(_ id: Question.ID, owner: User.ID) async throws -> Keyed<Question>? {
        let rows = try await connection.query(
            "SELECT \(unescaped: Self.columns) FROM questions WHERE id = \(id) AND owner_id = \(owner)",
            logger: logger)
        var found: (question: Question, key: String)?
        for try await row in rows {
            let cells = row.makeRandomAccess()
            var fields = SyncQuestionFields(text: "", answer: "", askedAt: 0, books: [])
            try fields.read(cells, at: 2, QuestionField.allCases)
            found = (
                fields.question(id: try cells[0].decode(Int64.self), ownerID: try cells[1].decode(Int64.self)),
                try cells[2 + QuestionField.allCases.count].decode(String.self)
            )
        }
        guard var question = found?.question, let key = found?.key else { return nil }
        question.books = try await books(of: id, owner: owner)
        return Keyed(record: question, key: key)
    }

    private func books(of id: Question.ID, owner: User.ID) async throws -> [Book] {
        let rows = try await connection.query(
            """
            SELECT \(unescaped: BookStore.columns) FROM (
                SELECT b.*, qb.rank FROM question_books qb JOIN books b ON b.owner_id = qb.owner_id AND b.isbn = qb.isbn
                WHERE qb.question_id = \(id) AND qb.owner_id = \(owner)) AS t
            ORDER BY t.rank
            """, logger: logger)
        var books: [Book] = []
        for try await row in rows { books.append(try BookStore.book(row)) }
        return books
    }

    /// Newest first.
    func page(owner: User.ID, offset: Int, limit: Int) async throws -> (questions: [Keyed<Question>], total: Int) {
        let rows = try await connection.query(
            """
            SELECT id FROM questions WHERE owner_id = \(owner) ORDER BY id DESC LIMIT \(limit) OFFSET \(offset)
            """, logger: logger)
        var ids: [Int64] = []
        for try await id in rows.decode(Int64.self) { ids.append(id) }
        var questions: [Keyed<Question>] = []
        for id in ids { if let question = try await find(id, owner: owner) { questions.append(question) } }
        let count = try await connection.query(
            "SELECT count(*) FROM questions WHERE owner_id = \(owner)", logger: logger)
        var total = 0
        for try await value in count.decode(Int.self) { total = value }
        return (questions, total)
    }
}
