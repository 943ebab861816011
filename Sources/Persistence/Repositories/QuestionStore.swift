import ClubhouseDomain
import GRDB

/// Questions and the books each recommended. A question shows its books as they are now, on the
/// shelf or taken off it (books are never deleted while their owner exists).
package struct QuestionStore: QuestionRepository {
    let db: Database

    /// The declared fields' columns, in their order (the question, its answer, when it was asked).
    private static let fields = QuestionField.allCases.map(\.column).joined(separator: ", ")

    /// A new question: each declared field's value, asked now.
    private static let insertSQL = """
        INSERT INTO questions (owner_id, \(fields)) VALUES (:owner, \(QuestionField.allCases.map { field in
            switch field {
            case .text: ":text"
            case .answer: ":answer"
            case .askedAt: BookStore.isoNow
            }
        }.joined(separator: ", ")))
        """

    package func insert(
        text: String, answer: String, books: [ISBN], owner: User.ID, at now: Milliseconds
    ) throws -> Question {
        var bookIDs: [Int64] = []
        for isbn in books {
            guard
                let id = try Int64.fetchOne(
                    db.cachedStatement(sql: "SELECT id FROM books WHERE owner_id = ? AND isbn = ?"),
                    arguments: [owner, isbn.digits])
            else { throw ClubhouseError.bookNotFound(isbn) }
            // Each book once, at its best place.
            if !bookIDs.contains(id) { bookIDs.append(id) }
        }
        try db.cachedStatement(sql: Self.insertSQL).execute(arguments: [
            "owner": owner, "text": text, "answer": answer, "now": now,
        ])
        let id = db.lastInsertedRowID
        let link = try db.makeStatement(sql: "INSERT INTO question_books (question_id, seat, book_id) VALUES (?, ?, ?)")
        for (seat, book) in bookIDs.enumerated() {
            try link.execute(arguments: [id, seat, book])
        }
        guard let question = try find(id, owner: owner) else { throw ClubhouseError.questionNotFound(id) }
        return question
    }

    package func find(_ id: Question.ID, owner: User.ID) throws -> Question? {
        try questions(where: "id = ? AND owner_id = ?", [id, owner], owner: owner).first
    }

    package func page(owner: User.ID, offset: Int, limit: Int) throws -> [Question] {
        guard limit > 0 else { return [] }
        // Ids only grow (AUTOINCREMENT): the highest is the newest, whatever the clock said.
        return try questions(
            where: "owner_id = ? ORDER BY id DESC LIMIT ? OFFSET ?", [owner, limit, max(0, offset)], owner: owner)
    }

    package func page(owner: User.ID, olderThan id: Question.ID?, limit: Int) throws -> [Question] {
        guard limit > 0 else { return [] }
        return try questions(
            where: "owner_id = ? AND id < ? ORDER BY id DESC LIMIT ?", [owner, id ?? Int64.max, limit], owner: owner)
    }

    package func page(owner: User.ID, newerThan id: Question.ID?, limit: Int) throws -> [Question] {
        guard limit > 0 else { return [] }
        return try questions(
            where: "owner_id = ? AND id > ? ORDER BY id LIMIT ?", [owner, id ?? Int64.min, limit], owner: owner)
    }

    package func count(owner: User.ID) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT count(*) FROM questions WHERE owner_id = ?"), arguments: [owner]) ?? 0
    }

    package func delete(_ id: Question.ID, owner: User.ID) throws -> Bool {
        // question_books goes with it (ON DELETE CASCADE); the books stay.
        try db.cachedStatement(sql: "DELETE FROM questions WHERE id = ? AND owner_id = ?").execute(arguments: [
            id, owner,
        ])
        return db.changesCount > 0
    }

    // MARK: Reading

    /// The questions a condition selects, each with its books in order (read in one more query).
    private func questions(
        where condition: String, _ arguments: StatementArguments, owner: User.ID
    ) throws -> [Question] {
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT id, owner_id, \(Self.fields) FROM questions WHERE \(condition)"),
            arguments: arguments)
        guard !rows.isEmpty else { return [] }
        var questions = try rows.map(Self.question)
        var index: [Question.ID: Int] = [:]
        for (position, question) in questions.enumerated() { index[question.id] = position }
        // Only the owner's books: a link to another user's book (a tampered file) is not shown.
        let bookRows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT qb.question_id, \(BookRow.columns(of: "b"))
                    FROM question_books qb
                    JOIN books b ON b.id = qb.book_id AND b.owner_id = ?
                    WHERE qb.question_id IN (SELECT value FROM json_each(?))
                    ORDER BY qb.question_id, qb.seat
                    """),
            arguments: [owner, "[" + questions.map { String($0.id) }.joined(separator: ",") + "]"])
        for row in bookRows {
            let questionID: Question.ID = try RowDecoding.required(
                row, 0, column: "question_id", what: "a book of a question")
            // A book that cannot be read, or listed twice by hand, is shown once or not at all.
            guard let position = index[questionID], let book = try? BookRow(row: row, from: 1).book,
                !questions[position].books.contains(where: { $0.isbn == book.isbn })
            else { continue }
            questions[position].books.append(book)
            questions[position].unshowableValues += book.unshowableValues
        }
        return questions
    }

    private static func question(_ row: Row) throws -> Question {
        let id: Question.ID = try RowDecoding.required(row, 0, column: "id", what: "a question")
        let owner: User.ID = try RowDecoding.required(row, 1, column: "owner_id", what: "question \(id)")
        // Text for people: whatever was stored reads as text (`clubhouse check` reports the type).
        var reading = RecordReading("question \(id)")
        return Question(
            id: id, ownerID: owner, text: reading.text(row.stored(2), QuestionField.text.column, absent: "") ?? "",
            answer: reading.text(row.stored(3), QuestionField.answer.column, absent: "") ?? "",
            createdAt: reading.time(row.stored(4), QuestionField.askedAt.column, absent: "") ?? "", books: [],
            unshowableValues: reading.unshowable)
    }
}
