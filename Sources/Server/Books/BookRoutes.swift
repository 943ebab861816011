import ClubhouseDomain
import ClubhouseSyncWire
import Hummingbird

/// `/v1/books`: add (or update by ISBN), the shelf, show, remove. ISBNs and every field follow
/// the CLI's `ISBN`, `BookForm` and `BookDraft` rules; each write is then a change through the
/// sync applier (`RESTWrite`), as a device's push is.
struct BookRoutes {
    let database: Database

    func add(to group: RouterGroup<ServerRequestContext>) {
        group.post("books") { request, context in
            let signIn = try context.signIn()
            let body = try await JSONObject.read(request, allowing: Set(BookInput.fields.map(\.json)))
            let draft = try BookInput.draft(body)
            let logger = context.logger
            let saved = try await database.write(signedIn: signIn) { connection, owner in
                let write = RESTWrite(connection: connection, logger: logger, owner: owner)
                let store = BookStore(connection, logger: logger)
                let previous = try await store.find(draft.isbn, owner: owner)
                // Saving an ISBN again replaces every field and puts the book back on the shelf:
                // a create with every field, or an update of every field (books merge by ISBN).
                let fields = SyncBookFields(
                    title: draft.title, author: draft.author, publisher: draft.publisher,
                    description: draft.description, priceCents: draft.priceCents, published: draft.published,
                    owned: true)
                try await write.apply(
                    .book, draft.isbn.digits, previous == nil ? .create : .update, fields.fields,
                    missing: .bookNotFound(draft.isbn))
                guard let book = try await store.find(draft.isbn, owner: owner) else { throw APIError.unexpected }
                return Self.saved(book, over: previous)
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
            try await database.write(signedIn: signIn) { connection, owner in
                let write = RESTWrite(connection: connection, logger: logger, owner: owner)
                guard let book = try await BookStore(connection, logger: logger).find(isbn, owner: owner) else {
                    throw ClubhouseError.bookNotFound(isbn)
                }
                // Taking a book off the shelf is an update of `owned` (a book is never deleted).
                guard book.owned else { return }
                try await write.apply(
                    .book, isbn.digits, .update, ["owned": .bool(false)], missing: .bookNotFound(isbn))
            }
            return JSONResponse.noContent()
        }
    }

    /// What a save answers: added, or updated with the fields that had a value and were left out.
    static func saved(_ book: Book, over previous: Book?) -> BookSave {
        guard let previous else { return .added(book) }
        let had: [(BookField, Bool, Bool)] = [
            (.author, previous.author != nil, book.author == nil),
            (.publisher, previous.publisher != nil, book.publisher == nil),
            (.description, previous.description != nil, book.description == nil),
            (.price, previous.priceCents != nil, book.priceCents == nil),
            (.published, previous.published != nil, book.published == nil),
        ]
        return .updated(book, cleared: had.filter { $0.1 && $0.2 }.map(\.0))
    }

    /// The path's ISBN in any spelling the CLI's `book show` takes.
    static func isbn(_ context: ServerRequestContext) throws -> ISBN {
        let text = context.parameters.get("isbn") ?? ""
        do { return try ISBN(lookingUp: text) } catch { throw APIError(error, field: "isbn") }
    }
}
