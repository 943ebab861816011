import ClubhouseDomain
import ClubhouseSyncWire
import PostgresNIO

/// Books by ISBN-13, as every write reaches them (a push, or a REST write as a change with no
/// device). Never deleted: removing is `owned` false. Validated by the Domain's `BookFields`.
extension BookStore: SyncRecordStore {
    static let entity = SyncEntity.book

    /// The books' vocabulary: each wire name and its column.
    static let table = SyncTable(
        name: "books", keyColumn: "isbn", keyType: "text",
        columns: SyncBookFields.declared.map(SyncColumn.declared) + [.typed("owned", "owned", "boolean")])

    func insert(_ records: [(key: String, fields: SyncBookFields)], owner: User.ID) async throws {
        try await connection.run(Self.table.insert(try Self.json(records), owner: owner), logger: logger)
    }

    func update(_ records: [(key: String, fields: SyncBookFields)], owner: User.ID) async throws {
        try await connection.run(
            SQLBuilder.statement {
                Self.table.update(try Self.json(records), owner: owner, also: Self.saved, into: &$0)
            },
            logger: logger)
    }

    /// updated_at orders the shelf: the last save first.
    private static let saved = "updated_at = greatest(now(), t.updated_at + interval '1 microsecond')"

    func writes(
        inserts: [(key: String, fields: SyncBookFields)], updates: [(key: String, fields: SyncBookFields)],
        deletes: [String], owner: User.ID, into sql: inout SQLBuilder
    ) throws -> [String] {
        if !deletes.isEmpty { throw Self.neverDeleted }
        var statements: [String] = []
        if !updates.isEmpty {
            statements.append(Self.table.update(try Self.json(updates), owner: owner, also: Self.saved, into: &sql))
        }
        if !inserts.isEmpty { statements.append(Self.table.insert(try Self.json(inserts), owner: owner, into: &sql)) }
        return statements
    }

    func delete(keys: [String], owner: User.ID) async throws {
        throw Self.neverDeleted
    }

    /// What a write that deletes books throws. Never met: the applier refuses a book's delete
    /// (removing one is `owned` false).
    private static let neverDeleted = SyncRefusalReason(.invalid, "a book is never deleted; remove it with owned false")

    static func validated(_ fields: SyncBookFields, key: String, present: Set<String>) throws(SyncRefusalReason)
        -> SyncBookFields
    {
        do {
            return SyncBookFields(try fields.checked(isbn: key), owned: fields.owned)
        } catch {
            throw SyncRefusalReason.invalid(error)
        }
    }

    static func label(_ fields: SyncBookFields) -> String { "book \(quoted(fields.title))" }
}
