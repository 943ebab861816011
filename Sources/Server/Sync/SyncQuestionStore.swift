import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import PostgresNIO

/// Questions by key, for sync, with the books they recommended (which must be on the server:
/// a device pushes a book before the questions that recommend it).
struct SyncQuestionStore: SyncRecordStore {
    static let entity = SyncEntity.question
    /// An answer names at most three books and a few words of each; this bounds a tampered one.
    static let answerMaximumLength = 10_000
    let connection: PostgresConnection
    let logger: Logger

    init(_ connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    func find(key: String, owner: User.ID, locking: Bool) async throws -> SyncQuestionFields? {
        let rows = try await connection.query(
            """
            SELECT id, text, answer, round(extract(epoch FROM asked_at) * 1000)::bigint FROM questions
            WHERE owner_id = \(owner) AND key = \(key)::uuid \(unescaped: locking ? "FOR UPDATE" : "")
            """, logger: logger)
        var found: (Int64, String, String, Int64)?
        for try await row in rows.decode((Int64, String, String, Int64).self) { found = row }
        guard let (id, text, answer, askedAt) = found else { return nil }
        let books = try await connection.query(
            "SELECT isbn FROM question_books WHERE question_id = \(id) ORDER BY rank", logger: logger)
        var isbns: [String] = []
        for try await isbn in books.decode(String.self) { isbns.append(isbn) }
        return SyncQuestionFields(text: text, answer: answer, askedAt: askedAt, books: isbns)
    }

    func insert(key: String, _ fields: SyncQuestionFields, owner: User.ID) async throws {
        try await connection.query(
            """
            INSERT INTO questions (owner_id, key, text, answer, asked_at)
            VALUES (\(owner), \(key)::uuid, \(fields.text), \(fields.answer), \(SyncInstant.date(fields.askedAt)))
            """, logger: logger)
        try await insertBooks(key: key, fields.books, owner: owner)
    }

    func update(key: String, _ fields: SyncQuestionFields, owner: User.ID) async throws {
        try await connection.query(
            """
            UPDATE questions SET text = \(fields.text), answer = \(fields.answer),
                asked_at = \(SyncInstant.date(fields.askedAt))
            WHERE owner_id = \(owner) AND key = \(key)::uuid
            """, logger: logger)
        try await connection.query(
            """
            DELETE FROM question_books WHERE question_id =
                (SELECT id FROM questions WHERE owner_id = \(owner) AND key = \(key)::uuid)
            """, logger: logger)
        try await insertBooks(key: key, fields.books, owner: owner)
    }

    private func insertBooks(key: String, _ books: [String], owner: User.ID) async throws {
        for (rank, isbn) in books.enumerated() {
            try await connection.query(
                """
                INSERT INTO question_books (question_id, rank, owner_id, isbn)
                SELECT id, \(rank), \(owner), \(isbn) FROM questions WHERE owner_id = \(owner) AND key = \(key)::uuid
                """, logger: logger)
        }
    }

    func delete(key: String, owner: User.ID) async throws {
        try await connection.query(
            "DELETE FROM questions WHERE owner_id = \(owner) AND key = \(key)::uuid", logger: logger)
    }

    func validated(_ fields: SyncQuestionFields, key: String, owner: User.ID) async throws -> SyncQuestionFields {
        var checked = fields
        do {
            checked.text = try Question.validatedText(fields.text)
            try TypedText.check(fields.answer, field: "answer")
        } catch {
            throw SyncRefusalReason.invalid(error)
        }
        guard TypedText.length(fields.answer) <= Self.answerMaximumLength else {
            throw SyncRefusalReason(.invalid, "answer must be at most \(Self.answerMaximumLength) characters")
        }
        guard SyncInstant.range.contains(fields.askedAt) else {
            throw SyncRefusalReason(.invalid, "askedAt must be an instant between 1970 and 9999 (Unix ms)")
        }
        guard fields.books.count <= AskQuestion.recommendationCount else {
            throw SyncRefusalReason(.invalid, "a question recommends at most \(AskQuestion.recommendationCount) books")
        }
        for isbn in fields.books {
            guard SyncKey.isISBNKey(isbn), let parsed = try? ISBN(isbn), parsed.digits == isbn else {
                throw SyncRefusalReason(.invalid, "books must be ISBN-13s (13 digits): \(isbn) is not one")
            }
        }
        guard Set(fields.books).count == fields.books.count else {
            throw SyncRefusalReason(.invalid, "books lists a book twice")
        }
        if !fields.books.isEmpty {
            let rows = try await connection.query(
                "SELECT isbn FROM books WHERE owner_id = \(owner) AND isbn = ANY(\(fields.books))", logger: logger)
            var present: Set<String> = []
            for try await isbn in rows.decode(String.self) { present.insert(isbn) }
            if let missing = fields.books.first(where: { !present.contains($0) }) {
                throw SyncRefusalReason(.invalid, "book \(missing) is not on the server; push the book first")
            }
        }
        return checked
    }

    static func label(_ fields: SyncQuestionFields) -> String { "question \(quoted(fields.text))" }
}

/// Unix milliseconds on the wire, `TIMESTAMPTZ` in the tables.
enum SyncInstant {
    /// 1970-01-01 to 9999-12-31: what a `TIMESTAMPTZ` holds and a person means.
    static let range: ClosedRange<Int64> = 0...253_402_300_799_999

    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    /// `2026-11-25 18:03 UTC`, as a message names a gather.
    static func text(_ milliseconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date(milliseconds)) + " UTC"
    }
}
