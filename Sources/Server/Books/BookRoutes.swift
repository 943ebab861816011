import ClubhouseDomain
import Hummingbird

/// `/v1/books`: add (or update by ISBN), the shelf, show, remove. ISBNs and every field follow
/// the CLI's `ISBN`, `BookForm` and `BookDraft` rules.
struct BookRoutes {
    let database: Database

    func add(to group: RouterGroup<ServerRequestContext>) {
        group.post("books") { request, context in
            let signIn = try context.signIn()
            let body = try await JSONObject.read(request, allowing: Set(BookInput.fields.map(\.json)))
            let draft = try BookInput.draft(body)
            let logger = context.logger
            let saved = try await database.transaction(signedIn: signIn) { connection, owner in
                let journal = try await SyncJournal.open(connection, logger: logger, owner: owner)
                return try await journal.change(.book(draft.isbn)) {
                    try await BookStore(connection, logger: logger).save(draft, owner: owner)
                }
            }
            switch saved {
            case .added(let book):
                return try JSONResponse.make(BookSaveJSON(book: BookJSON(book), cleared: []), status: .created)
            case .updated(let book, let cleared):
                return try JSONResponse.make(BookSaveJSON(book: BookJSON(book), cleared: cleared.map(\.rawValue)))
            }
        }
        group.get("books") { request, context in
            let signIn = try context.signIn()
            let page = try RequestParameters.integer(request, "page", in: 1...1_000_000) ?? 1
            let perPage = try RequestParameters.integer(request, "perPage", in: 1...100) ?? 12
            let logger = context.logger
            let shelf = try await database.read(signedIn: signIn) { connection, owner in
                try await BookStore(connection, logger: logger).shelf(
                    owner: owner, offset: (page - 1) * perPage, limit: perPage)
            }
            return try JSONResponse.make(
                BookPageJSON(books: shelf.books.map(BookJSON.init), page: page, perPage: perPage, total: shelf.total))
        }
        group.get("books/:isbn") { _, context in
            let signIn = try context.signIn()
            let isbn = try Self.isbn(context)
            let logger = context.logger
            let book = try await database.read(signedIn: signIn) { connection, owner in
                try await BookStore(connection, logger: logger).find(isbn, owner: owner)
            }
            guard let book else { throw ClubhouseError.bookNotFound(isbn) }
            return try JSONResponse.make(BookJSON(book))
        }
        group.delete("books/:isbn") { _, context in
            let signIn = try context.signIn()
            let isbn = try Self.isbn(context)
            let logger = context.logger
            let removed = try await database.transaction(signedIn: signIn) { connection, owner in
                let journal = try await SyncJournal.open(connection, logger: logger, owner: owner)
                return try await journal.change(.book(isbn)) {
                    try await BookStore(connection, logger: logger).remove(isbn, owner: owner)
                }
            }
            guard removed else { throw ClubhouseError.bookNotFound(isbn) }
            return JSONResponse.noContent()
        }
    }

    /// The path's ISBN in any spelling the CLI's `book show` takes.
    static func isbn(_ context: ServerRequestContext) throws -> ISBN {
        let text = context.parameters.get("isbn") ?? ""
        do { return try ISBN(lookingUp: text) } catch { throw APIError(error, field: "isbn") }
    }
}
