import ClubhouseDomain
import Hummingbird

/// `/v1/books`: add (or update by ISBN), the shelf, show, remove. ISBNs and every field follow
/// the declared rules of `BookField`, as the CLI's `BookForm` reads them (`BookInput`); each operation is one call
/// of `BookPostgresRepository`.
struct BookRoutes {
    let database: Database

    func add(to group: RouterGroup<ServerRequestContext>) {
        group.post("books") { request, context in
            let signIn = try context.signIn()
            let body = try await JSONObject.read(request, allowing: BookInput.names)
            switch try await books(context).save(try BookInput.draft(body), signIn: signIn) {
            case .added(let book):
                return try JSONResponse.make(BookSaveJSON(book: BookJSON(book), cleared: []), status: .created)
            case .updated(let book, let cleared):
                return try JSONResponse.make(BookSaveJSON(book: BookJSON(book), cleared: cleared.map(\.key)))
            }
        }
        group.get("books") { request, context in
            let signIn = try context.signIn()
            let page = try RequestParameters.integer(request, "page", in: 1...1_000_000) ?? 1
            let perPage = try RequestParameters.integer(request, "perPage", in: 1...100) ?? 12
            let shelf = try await books(context).shelf(page: page, perPage: perPage, signIn: signIn)
            return try JSONResponse.make(
                BookPageJSON(books: shelf.books.map(BookJSON.init), page: page, perPage: perPage, total: shelf.total))
        }
        group.get("books/:isbn") { _, context in
            let signIn = try context.signIn()
            return try JSONResponse.make(
                BookJSON(try await books(context).find(try Self.isbn(context), signIn: signIn)))
        }
        group.delete("books/:isbn") { _, context in
            let signIn = try context.signIn()
            try await books(context).remove(try Self.isbn(context), signIn: signIn)
            return JSONResponse.noContent()
        }
    }

    private func books(_ context: ServerRequestContext) -> BookPostgresRepository {
        BookPostgresRepository(database: database, logger: context.logger)
    }

    /// The path's ISBN in any spelling the CLI's `book show` takes.
    static func isbn(_ context: ServerRequestContext) throws -> ISBN {
        let text = context.parameters.get("isbn") ?? ""
        do { return try ISBN(lookingUp: text) } catch { throw APIError(error, field: "isbn") }
    }
}
