import ClubhouseDomain
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

    func find(_ id: Question.ID, owner: User.ID) async throws -> Keyed<Question>? {
        let rows = try await connection.query(
            """
            SELECT id, owner_id, text, answer, asked_at, key::text FROM questions
            WHERE id = \(id) AND owner_id = \(owner)
            """, logger: logger)
        var found: (Question, String)?
        for try await (id, owner, text, answer, asked, key) in rows.decode(
            (Int64, Int64, String, String, Date, String).self)
        {
            found = (
                Question(id: id, ownerID: owner, text: text, answer: answer, createdAt: asked.apiText, books: []), key
            )
        }
        guard var question = found?.0, let key = found?.1 else { return nil }
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
