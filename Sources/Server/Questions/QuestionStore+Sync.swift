import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import PostgresNIO

/// Questions by key, as every write reaches them (a push, or a REST write as a change with no
/// device), with the books they recommended (which must be on the server: a device pushes a book
/// before the questions that recommend it).
extension QuestionStore: SyncRecordStore {
    static let entity = SyncEntity.question

    /// The questions' vocabulary: each wire name and its column (books are `question_books`).
    static let table = SyncTable(
        name: "questions", keyColumn: "key", keyType: "uuid",
        columns: QuestionField.synced.map(SyncColumn.declared) + [
            .derived(
                SyncQuestionFields.booksName,
                read: """
                    coalesce((SELECT jsonb_agg(qb.isbn ORDER BY qb.rank) FROM question_books qb
                              WHERE qb.question_id = t.id), '[]'::jsonb)
                    """)
        ])

    func insert(_ records: [(key: String, fields: SyncQuestionFields)], owner: User.ID) async throws {
        let json = try Self.json(records)
        try await connection.run(Self.table.insert(json, owner: owner), logger: logger)
        try await insertBooks(json, owner: owner)
    }

    func update(_ records: [(key: String, fields: SyncQuestionFields)], owner: User.ID) async throws {
        let json = try Self.json(records)
        try await connection.run(Self.table.update(json, owner: owner), logger: logger)
        try await connection.run(
            """
            DELETE FROM question_books qb USING questions q
            WHERE qb.question_id = q.id AND q.owner_id = \(owner) AND q.key = ANY(\(records.map(\.key))::uuid[])
            """, logger: logger)
        try await insertBooks(json, owner: owner)
    }

    /// The books of the questions given as JSON, in their order, in one statement.
    private func insertBooks(_ json: String, owner: User.ID) async throws {
        try await connection.run(
            """
            INSERT INTO question_books (question_id, rank, owner_id, isbn)
            SELECT q.id, b.ord - 1, \(owner), b.isbn
            FROM jsonb_array_elements(\(json)::jsonb) AS e(r)
            JOIN questions q ON q.owner_id = \(owner) AND q.key = (r->>'key')::uuid
            CROSS JOIN LATERAL jsonb_array_elements_text(r->'books') WITH ORDINALITY AS b(isbn, ord)
            """, logger: logger)
    }

    static var referenced: SyncEntity? { .book }
    static func references(_ fields: SyncQuestionFields) -> [String] { fields.books.filter(SyncKey.isISBNKey) }

    static func validated(_ fields: SyncQuestionFields, key: String, present: Set<String>)
        throws(SyncRefusalReason) -> SyncQuestionFields
    {
        var checked = fields
        do throws(ClubhouseError) {
            checked.text = try Question.validatedText(fields.text)
            // The answer is kept as the device made it (not trimmed), within its declared rule.
            let answer = QuestionField.answer
            _ = try answer.rule.validated(fields[answer], field: answer.wire, required: answer.isRequired)
            let asked = QuestionField.askedAt
            _ = try asked.rule.validated(fields[asked], field: asked.wire, required: asked.isRequired)
        } catch {
            throw SyncRefusalReason.invalid(error)
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
        if let missing = fields.books.first(where: { !present.contains($0) }) {
            throw SyncRefusalReason(.invalid, "book \(missing) is not on the server; push the book first")
        }
        return checked
    }

    static func label(_ fields: SyncQuestionFields) -> String { "question \(quoted(fields.text))" }
}

/// Unix milliseconds on the wire, `TIMESTAMPTZ` in the tables.
enum SyncInstant {
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
