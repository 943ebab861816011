import ClubhouseDomain
import Hummingbird

/// `/v1/questions`: ask (answered from the asker's own shelf, as the CLI answers: Domain's
/// `Question.validatedText`, `SearchWords.keywords` and `AskQuestion.answer`), list, show, delete;
/// each operation one call of `QuestionPostgresRepository`.
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
            return try JSONResponse.make(
                QuestionJSON(try await questions(context).ask(text, signIn: signIn)), status: .created)
        }
        group.get("questions") { request, context in
            let signIn = try context.signIn()
            let page = try RequestParameters.integer(request, "page", in: 1...1_000_000) ?? 1
            let perPage = try RequestParameters.integer(request, "perPage", in: 1...100) ?? 10
            let result = try await questions(context).page(page, perPage: perPage, signIn: signIn)
            return try JSONResponse.make(
                QuestionPageJSON(
                    questions: result.questions.map(QuestionJSON.init), page: page, perPage: perPage,
                    total: result.total))
        }
        group.get("questions/:id") { _, context in
            let signIn = try context.signIn()
            return try JSONResponse.make(
                QuestionJSON(try await questions(context).find(try RequestParameters.id(context), signIn: signIn)))
        }
        group.delete("questions/:id") { _, context in
            let signIn = try context.signIn()
            try await questions(context).delete(try RequestParameters.id(context), signIn: signIn)
            return JSONResponse.noContent()
        }
    }

    private func questions(_ context: ServerRequestContext) -> QuestionPostgresRepository {
        QuestionPostgresRepository(database: database, logger: context.logger)
    }
}
