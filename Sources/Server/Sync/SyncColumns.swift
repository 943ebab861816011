import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import PostgresNIO

/// One synced field of a table: its wire name, its column, and the SQL that reads the column as
/// the wire's value and writes it from a record given as JSON (`r`, an element of
/// `jsonb_array_elements`). Each entity's list of these is the one home of its vocabulary on the
/// server: its reads and batched writes are built from it, and `SyncVocabularyTests` checks it
/// against the wire's field names and PostgreSQL's columns.
struct SyncColumn: Sendable {
    let wire: String
    /// Nil for a field held in another table (a gather's teams, a question's books).
    let column: String?
    /// The wire value, from the row `t`.
    let read: String
    /// The column's value, from the JSON record `r`; nil for a field held in another table.
    let write: String?

    static func text(_ wire: String, _ column: String) -> SyncColumn {
        SyncColumn(wire: wire, column: column, read: "t.\(column)", write: "r->>'\(wire)'")
    }

    /// An integer, boolean or bigint column: `type` is its SQL type.
    static func typed(_ wire: String, _ column: String, _ type: String) -> SyncColumn {
        SyncColumn(wire: wire, column: column, read: "t.\(column)", write: "(r->>'\(wire)')::\(type)")
    }

    /// A calendar date, "YYYY-MM-DD" on the wire.
    static func date(_ wire: String, _ column: String) -> SyncColumn {
        SyncColumn(
            wire: wire, column: column, read: "to_char(t.\(column), 'YYYY-MM-DD')", write: "(r->>'\(wire)')::date")
    }

    /// A `TIMESTAMPTZ`, Unix milliseconds on the wire (exact: no floating point either way).
    static func instant(_ wire: String, _ column: String) -> SyncColumn {
        SyncColumn(
            wire: wire, column: column, read: "round(extract(epoch FROM t.\(column)) * 1000)::bigint",
            write: "timestamptz 'epoch' + (r->>'\(wire)')::bigint * interval '1 millisecond'")
    }

    /// A field held in another table, read by a subquery on the row `t`.
    static func derived(_ wire: String, read: String) -> SyncColumn {
        SyncColumn(wire: wire, column: nil, read: read, write: nil)
    }
}

/// A synced table: its name, its key column and its fields.
struct SyncTable: Sendable {
    let name: String
    /// `key` (a UUID) or `isbn` (text).
    let keyColumn: String
    /// The key's SQL type: `uuid` or `text`.
    let keyType: String
    let columns: [SyncColumn]

    var written: [SyncColumn] { columns.filter { $0.write != nil } }

    /// The row `t`'s wire fields as one JSON object.
    var fieldsObject: String {
        "jsonb_build_object(\(columns.map { "'\($0.wire)', \($0.read)" }.joined(separator: ", ")))"
    }

    /// `SELECT key, fields FROM table t WHERE owner AND key IN keys FOR UPDATE`: the records'
    /// wire fields as one JSON object each.
    func find(keys: [String], owner: User.ID) -> PostgresQuery {
        """
        SELECT t.\(unescaped: keyColumn)::text, \(unescaped: fieldsObject)::text
        FROM \(unescaped: name) t
        WHERE t.owner_id = \(owner) AND t.\(unescaped: keyColumn) = ANY(\(keys)::\(unescaped: keyType)[])
        FOR UPDATE OF t
        """
    }

    /// Inserts records given as a JSON array (each its fields and "key"), in the array's order.
    func insert(_ json: String, owner: User.ID) -> PostgresQuery {
        SQLBuilder.statement { insert(json, owner: owner, into: &$0) }
    }

    func insert(_ json: String, owner: User.ID, into sql: inout SQLBuilder) -> String {
        let columns = written.compactMap(\.column).joined(separator: ", ")
        let values = written.compactMap(\.write).joined(separator: ", ")
        return """
            INSERT INTO \(name) (owner_id, \(keyColumn), \(columns))
            SELECT \(sql.bind(owner)), (r->>'key')::\(keyType), \(values)
            FROM jsonb_array_elements(\(sql.bind(json))::jsonb) WITH ORDINALITY AS e(r, ord) ORDER BY e.ord
            """
    }

    /// Sets every written column of the records given as a JSON array; `also` adds assignments.
    func update(_ json: String, owner: User.ID, also: String = "") -> PostgresQuery {
        SQLBuilder.statement { update(json, owner: owner, also: also, into: &$0) }
    }

    func update(_ json: String, owner: User.ID, also: String = "", into sql: inout SQLBuilder) -> String {
        var assignments = written.map { "\($0.column ?? "") = \($0.write ?? "")" }
        if !also.isEmpty { assignments.append(also) }
        return """
            UPDATE \(name) t SET \(assignments.joined(separator: ", "))
            FROM jsonb_array_elements(\(sql.bind(json))::jsonb) AS e(r)
            WHERE t.owner_id = \(sql.bind(owner)) AND t.\(keyColumn) = (r->>'key')::\(keyType)
            """
    }

    func delete(keys: [String], owner: User.ID) -> PostgresQuery {
        SQLBuilder.statement { delete(keys: keys, owner: owner, into: &$0) }
    }

    func delete(keys: [String], owner: User.ID, into sql: inout SQLBuilder) -> String {
        """
        DELETE FROM \(name)
        WHERE owner_id = \(sql.bind(owner)) AND \(keyColumn) = ANY(\(sql.bind(keys))::\(keyType)[])
        """
    }
}

extension PostgresConnection {
    /// Every statement of a write path goes through here, so a test can count what a page costs
    /// (`SQLCount`): round trips are what a push costs.
    @discardableResult
    func run(_ query: PostgresQuery, logger: Logger) async throws -> PostgresRowSequence {
        SQLCount.current?.add()
        return try await self.query(query, logger: logger)
    }
}

/// Counts the statements run in a task (tests measure what a page costs by it, not by time).
final class SQLCount: @unchecked Sendable {
    @TaskLocal static var current: SQLCount?
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

extension SyncRecordStore {
    /// Reads `keys`' records through the table's vocabulary, typed by the wire's field set.
    func read(_ query: PostgresQuery) async throws -> [String: Fields] {
        let rows = try await connection.run(query, logger: logger)
        var found: [String: Fields] = [:]
        let decoder = JSONDecoder()
        for try await (key, json) in rows.decode((String, String).self) {
            found[key] = try Self.typed(try decoder.decode(SyncFields.self, from: Data(json.utf8)))
        }
        return found
    }

    /// A record's wire fields as its table holds them, typed. The tables' CHECKs and the columns'
    /// types leave nothing the wire cannot read: a failure here is the server's.
    static func typed(_ stored: SyncFields) throws -> Fields {
        guard let typed = try? Fields(stored, over: nil) else { throw APIError.unexpected }
        return typed
    }

    /// Records as one JSON array of objects (their fields and "key"): a statement's one parameter,
    /// read back by `jsonb_array_elements` (PostgresNIO binds no array of optionals, and a JSON
    /// null is SQL's NULL).
    static func json(_ records: [(key: String, fields: Fields)]) throws -> String {
        let rows = records.map { record in
            var object = record.fields.fields
            object["key"] = .string(record.key)
            return object
        }
        return String(decoding: try JSONEncoder().encode(rows), as: UTF8.self)
    }
}
