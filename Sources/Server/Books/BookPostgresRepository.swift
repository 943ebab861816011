import ClubhouseDomain
import ClubhouseSyncWire
import Logging

/// `/v1/books` as the routes ask it: each operation one call, holding the transaction, the
/// account's lock and the write through the sync applier (`RESTWrite`), so a route is decode, one
/// call, encode. Books merge by ISBN: saving one again is an update of every field.
struct BookPostgresRepository {
    let database: Database
    let logger: Logger

    /// Saves a book (a create, or an update of every field of the ISBN the account has) and puts
    /// it back on the shelf; answers what was saved over what.
    func save(_ draft: BookDraft, signIn: SignIn) async throws -> BookSave {
        let logger = logger
        return try await database.write(signedIn: signIn) { connection, owner in
            let write = RESTWrite(connection: connection, logger: logger, owner: owner)
            let store = BookStore(connection, logger: logger)
            let previous = try await store.find(draft.isbn, owner: owner)
            // Saving an ISBN again replaces every field and puts the book back on the shelf:
            // a create with every field, or an update of every field (books merge by ISBN).
            let fields = SyncBookFields(draft, owned: true)
            try await write.apply(
                .book, draft.isbn.digits, previous == nil ? .create : .update, fields.fields,
                missing: .bookNotFound(draft.isbn))
            guard let book = try await store.find(draft.isbn, owner: owner) else { throw APIError.unexpected }
            return Self.saved(book, over: previous)
        }
    }

    /// A page of the shelf (1-based) and how many books it holds.
    func shelf(page: Int, perPage: Int, signIn: SignIn) async throws -> (books: [Book], total: Int) {
        let logger = logger
        let shelf = try await database.read(signedIn: signIn) { connection, owner in
            try await BookStore(connection, logger: logger).shelf(
                owner: owner, offset: (page - 1) * perPage, limit: perPage)
        }
        return (shelf.books, shelf.total)
    }

    func find(_ isbn: ISBN, signIn: SignIn) async throws -> Book {
        let logger = logger
        let book = try await database.read(signedIn: signIn) { connection, owner in
            try await BookStore(connection, logger: logger).find(isbn, owner: owner)
        }
        guard let book else { throw ClubhouseError.bookNotFound(isbn) }
        return book
    }

    /// Takes a book off the shelf: an update of `owned` (a book is never deleted).
    func remove(_ isbn: ISBN, signIn: SignIn) async throws {
        let logger = logger
        try await database.write(signedIn: signIn) { connection, owner in
            let write = RESTWrite(connection: connection, logger: logger, owner: owner)
            guard let book = try await BookStore(connection, logger: logger).find(isbn, owner: owner) else {
                throw ClubhouseError.bookNotFound(isbn)
            }
            guard book.owned else { return }
            try await write.apply(.book, isbn.digits, .update, ["owned": .bool(false)], missing: .bookNotFound(isbn))
        }
    }

    /// What a save answers: added, or updated with the fields that had a value and were left out.
    static func saved(_ book: Book, over previous: Book?) -> BookSave {
        guard let previous else { return .added(book) }
        let cleared = BookField.allCases.filter { previous.fields[$0] != .null && book.fields[$0] == .null }
        return .updated(book, cleared: cleared)
    }
}
