import ClubhouseDomain
import ClubhouseSyncWire
import Logging

/// `/v1/questions` as the routes ask it: each operation one call, holding the transaction, the
/// account's lock and the write through the sync applier (`RESTWrite`). A question is answered
/// from the asker's own shelf, as the CLI answers it (`AskQuestion.answer`).
struct QuestionPostgresRepository {
    let database: Database
    let logger: Logger

    /// Asks `text` (already checked by `Question.validatedText`) and answers it as stored.
    func ask(_ text: String, signIn: SignIn) async throws -> Keyed<Question> {
        let keywords = SearchWords.keywords(in: text)
        let logger = logger
        let question = try await database.write(signedIn: signIn) { connection, owner in
            let write = RESTWrite(connection: connection, logger: logger, owner: owner)
            let ranked = try await BookStore(connection, logger: logger).rank(
                keywords, owner: owner, limit: AskQuestion.recommendationCount)
            let key = SyncKey.make()
            let fields = SyncQuestionFields(
                text: text, answer: AskQuestion.answer(ranked, keywords: keywords), askedAt: ServerClock.now(),
                books: ranked.map(\.isbn.digits))
            try await write.apply(.question, key, .create, fields.fields)
            return try await QuestionStore(connection, logger: logger).find(key: key, owner: owner)
        }
        guard let question else { throw APIError.unexpected }
        return question
    }

    /// A page (1-based), newest first, and how many there are.
    func page(_ page: Int, perPage: Int, signIn: SignIn) async throws -> (questions: [Keyed<Question>], total: Int) {
        let logger = logger
        let result = try await database.read(signedIn: signIn) { connection, owner in
            try await QuestionStore(connection, logger: logger).page(
                owner: owner, offset: (page - 1) * perPage, limit: perPage)
        }
        return (result.questions, result.total)
    }

    func find(_ id: Question.ID, signIn: SignIn) async throws -> Keyed<Question> {
        let logger = logger
        let question = try await database.read(signedIn: signIn) { connection, owner in
            try await QuestionStore(connection, logger: logger).find(id, owner: owner)
        }
        guard let question else { throw ClubhouseError.questionNotFound(id) }
        return question
    }

    func delete(_ id: Question.ID, signIn: SignIn) async throws {
        let logger = logger
        try await database.write(signedIn: signIn) { connection, owner in
            let write = RESTWrite(connection: connection, logger: logger, owner: owner)
            guard let question = try await QuestionStore(connection, logger: logger).find(id, owner: owner) else {
                throw ClubhouseError.questionNotFound(id)
            }
            try await write.apply(.question, question.key, .delete, missing: .questionNotFound(id))
        }
    }
}
