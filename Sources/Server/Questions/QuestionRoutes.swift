import ClubhouseDomain
import ClubhouseSyncWire
import Hummingbird

/// `/v1/questions`: ask (answered from the asker's own shelf, as the CLI answers: Domain's
/// `Question.validatedText`, `SearchWords.keywords` and `AskQuestion.answer`), list, show, delete.
struct QuestionRoutes {
    let database: Database

    struct QuestionJSON: Encodable {
        let id: Int64
        /// The sync key: the same question on every device.
        let key: String
        let text: String
        let answer: String
        let askedAt: String
        let books: [BookJSON]

        init(_ keyed: Keyed<Question>) {
            let question = keyed.record
            id = question.id
            key = keyed.key
            text = question.text
            answer = question.answer
            askedAt = question.createdAt
            books = question.books.map(BookJSON.init)
        }
    }

    struct QuestionPageJSON: Encodable {
        let questions: [QuestionJSON]
        let page: Int
        let perPage: Int
        let total: Int
    }

    func add(to group: RouterGroup<ServerRequestContext>) {
        group.post("questions") { request, context in
            let signIn = try context.signIn()
            let body = try await JSONObject.read(request, allowing: ["text"])
            let text: String
            do { text = try Question.validatedText(try body.requiredString("text")) } catch let error as ClubhouseError
            {
                throw APIError(error, field: "text")
            }
            let keywords = SearchWords.keywords(in: text)
            let logger = context.logger
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
            return try JSONResponse.make(QuestionJSON(question), status: .created)
        }
        group.get("questions") { request, context in
            let signIn = try context.signIn()
            let page = try RequestParameters.integer(request, "page", in: 1...1_000_000) ?? 1
            let perPage = try RequestParameters.integer(request, "perPage", in: 1...100) ?? 10
            let logger = context.logger
            let result = try await database.read(signedIn: signIn) { connection, owner in
                try await QuestionStore(connection, logger: logger).page(
                    owner: owner, offset: (page - 1) * perPage, limit: perPage)
            }
            return try JSONResponse.make(
                QuestionPageJSON(
                    questions: result.questions.map(QuestionJSON.init), page: page, perPage: perPage,
                    total: result.total))
        }
        group.get("questions/:id") { _, context in
            let signIn = try context.signIn()
            let id = try RequestParameters.id(context)
            let logger = context.logger
            let question = try await database.read(signedIn: signIn) { connection, owner in
                try await QuestionStore(connection, logger: logger).find(id, owner: owner)
            }
            guard let question else { throw ClubhouseError.questionNotFound(id) }
            return try JSONResponse.make(QuestionJSON(question))
        }
        group.delete("questions/:id") { _, context in
            let signIn = try context.signIn()
            let id = try RequestParameters.id(context)
            let logger = context.logger
            try await database.write(signedIn: signIn) { connection, owner in
                let write = RESTWrite(connection: connection, logger: logger, owner: owner)
                guard let question = try await QuestionStore(connection, logger: logger).find(id, owner: owner) else {
                    throw ClubhouseError.questionNotFound(id)
                }
                try await write.apply(.question, question.key, .delete, missing: .questionNotFound(id))
            }
            return JSONResponse.noContent()
        }
    }
}
