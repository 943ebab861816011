import ClubhouseDomain
import ClubhouseSyncWire
import PostgresNIO

/// Books by ISBN-13, for sync. Never deleted: removing is `owned` false. Validated by the
/// Domain's `BookDraft`, as the REST routes are.
struct SyncBookStore: SyncBatchedStore {
    static let entity = SyncEntity.book
    let connection: PostgresConnection
    let logger: Logger

    init(_ connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    func find(key: String, owner: User.ID, locking: Bool) async throws -> SyncBookFields? {
        let rows = try await connection.query(
            """
            SELECT title, author, publisher, description, price_cents, to_char(published, 'YYYY-MM-DD'), owned
            FROM books WHERE owner_id = \(owner) AND isbn = \(key) \(unescaped: locking ? "FOR UPDATE" : "")
            """, logger: logger)
        for try await row in rows.decode((String, String?, String?, String?, Int?, String?, Bool).self) {
            return SyncBookFields(
                title: row.0, author: row.1, publisher: row.2, description: row.3, priceCents: row.4,
                published: row.5, owned: row.6)
        }
        return nil
    }

    func insert(key: String, _ fields: SyncBookFields, owner: User.ID) async throws {
        try await connection.query(
            """
            INSERT INTO books (owner_id, isbn, title, author, publisher, description, price_cents, published, owned)
            VALUES (\(owner), \(key), \(fields.title), \(fields.author), \(fields.publisher), \(fields.description),
                    \(fields.priceCents), \(fields.published)::date, \(fields.owned))
            """, logger: logger)
    }

    func update(key: String, _ fields: SyncBookFields, owner: User.ID) async throws {
        // updated_at orders the shelf, as a REST save does.
        try await connection.query(
            """
            UPDATE books SET title = \(fields.title), author = \(fields.author), publisher = \(fields.publisher),
                description = \(fields.description), price_cents = \(fields.priceCents),
                published = \(fields.published)::date, owned = \(fields.owned),
                updated_at = greatest(now(), updated_at + interval '1 microsecond')
            WHERE owner_id = \(owner) AND isbn = \(key)
            """, logger: logger)
    }

    func delete(key: String, owner: User.ID) async throws {
        // Never called: the applier refuses a book's delete (removing is `owned` false).
        throw SyncRefusalReason(.invalid, "a book is never deleted; remove it with owned false")
    }

    // MARK: A page at once (SyncPageRecords)

    func find(keys: [String], owner: User.ID) async throws -> [String: SyncBookFields] {
        let rows = try await connection.query(
            """
            SELECT isbn, title, author, publisher, description, price_cents, to_char(published, 'YYYY-MM-DD'), owned
            FROM books WHERE owner_id = \(owner) AND isbn = ANY(\(keys)::text[]) FOR UPDATE
            """, logger: logger)
        var found: [String: SyncBookFields] = [:]
        for try await row in rows.decode((String, String, String?, String?, String?, Int?, String?, Bool).self) {
            found[row.0] = SyncBookFields(
                title: row.1, author: row.2, publisher: row.3, description: row.4, priceCents: row.5,
                published: row.6, owned: row.7)
        }
        return found
    }

    func insert(_ records: [(key: String, fields: SyncBookFields)], owner: User.ID) async throws {
        try await connection.query(
            """
            INSERT INTO books (owner_id, isbn, title, author, publisher, description, price_cents, published, owned)
            SELECT \(owner), r->>'key', r->>'title', r->>'author', r->>'publisher', r->>'description',
                   (r->>'priceCents')::integer, (r->>'published')::date, (r->>'owned')::boolean
            FROM jsonb_array_elements(\(try Self.json(records))::jsonb) WITH ORDINALITY AS e(r, ord) ORDER BY e.ord
            """, logger: logger)
    }

    func update(_ records: [(key: String, fields: SyncBookFields)], owner: User.ID) async throws {
        // updated_at orders the shelf, as a REST save does.
        try await connection.query(
            """
            UPDATE books b SET title = r->>'title', author = r->>'author', publisher = r->>'publisher',
                description = r->>'description', price_cents = (r->>'priceCents')::integer,
                published = (r->>'published')::date, owned = (r->>'owned')::boolean,
                updated_at = greatest(now(), b.updated_at + interval '1 microsecond')
            FROM jsonb_array_elements(\(try Self.json(records))::jsonb) AS e(r)
            WHERE b.owner_id = \(owner) AND b.isbn = r->>'key'
            """, logger: logger)
    }

    func delete(keys: [String], owner: User.ID) async throws {
        // Never called: the applier refuses a book's delete (removing is `owned` false).
        throw SyncRefusalReason(.invalid, "a book is never deleted; remove it with owned false")
    }

    func validated(_ fields: SyncBookFields, key: String, owner: User.ID) async throws -> SyncBookFields {
        do {
            let draft = try BookDraft(
                isbn: try ISBN(key), title: fields.title, author: fields.author, publisher: fields.publisher,
                description: fields.description, priceCents: fields.priceCents, published: fields.published
            ).validated()
            return SyncBookFields(
                title: draft.title, author: draft.author, publisher: draft.publisher, description: draft.description,
                priceCents: draft.priceCents, published: draft.published, owned: fields.owned)
        } catch {
            throw SyncRefusalReason.invalid(error)
        }
    }

    static func label(_ fields: SyncBookFields) -> String { "book \(quoted(fields.title))" }
}
