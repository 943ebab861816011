import ClubhouseDomain
import ClubhouseSyncWire
import PostgresNIO

/// Players by key, as every write reaches them (a push, or a REST write as a change with no
/// device). Validated by the Domain's `PlayerDraft`.
extension PlayerStore: SyncRecordStore {
    static let entity = SyncEntity.player

    /// The players' vocabulary: each wire name and its column.
    static let table = SyncTable(
        name: "players", keyColumn: "key", keyType: "uuid",
        columns: SyncPlayerFields.declared.map(SyncColumn.declared))

    func insert(_ records: [(key: String, fields: SyncPlayerFields)], owner: User.ID) async throws {
        try await connection.run(Self.table.insert(try Self.json(records), owner: owner), logger: logger)
    }

    func update(_ records: [(key: String, fields: SyncPlayerFields)], owner: User.ID) async throws {
        try await connection.run(Self.table.update(try Self.json(records), owner: owner), logger: logger)
    }

    func writes(
        inserts: [(key: String, fields: SyncPlayerFields)], updates: [(key: String, fields: SyncPlayerFields)],
        deletes: [String], owner: User.ID, into sql: inout SQLBuilder
    ) throws -> [String] {
        var statements: [String] = []
        if !deletes.isEmpty { statements.append(Self.table.delete(keys: deletes, owner: owner, into: &sql)) }
        if !updates.isEmpty { statements.append(Self.table.update(try Self.json(updates), owner: owner, into: &sql)) }
        if !inserts.isEmpty { statements.append(Self.table.insert(try Self.json(inserts), owner: owner, into: &sql)) }
        return statements
    }

    static func validated(_ fields: SyncPlayerFields, key: String, present: Set<String>) throws(SyncRefusalReason)
        -> SyncPlayerFields
    {
        try validated(fields)
    }

    /// The rules of `PlayerFields`, shared with a gather's seats.
    static func validated(_ fields: SyncPlayerFields) throws(SyncRefusalReason) -> SyncPlayerFields {
        do throws(ClubhouseError) {
            return SyncPlayerFields(try fields.checked())
        } catch {
            throw .invalid(error)
        }
    }

    /// At most one player of an account wears a number (`ShirtNumbers`): a number another player
    /// wears is not kept.
    static func maySettle(_ fields: SyncPlayerFields, existing: SyncPlayerFields?) -> Bool {
        fields[.shirtNumber] != .null && fields[.shirtNumber] != existing?[.shirtNumber]
    }

    func settle(_ fields: SyncPlayerFields, existing: SyncPlayerFields?, key: String, owner: User.ID) async throws
        -> (SyncPlayerFields, String)?
    {
        guard let number = fields[.shirtNumber].integer else { return nil }
        let rows = try await connection.run(
            """
            SELECT name FROM players
            WHERE owner_id = \(owner) AND \(unescaped: PlayerField.shirtNumber.column) = \(number) AND key <> \(key)::uuid
            """, logger: logger)
        for try await name in rows.decode(String.self) {
            var kept = fields
            kept[.shirtNumber] = existing?[.shirtNumber] ?? .null
            return (kept, ShirtNumbers.taken(Int(number), by: "player \(quoted(name))"))
        }
        return nil
    }

    /// A draft's fields as the wire names them.
    static func fields(of draft: PlayerDraft) -> SyncPlayerFields { SyncPlayerFields(draft) }

    static func fields(of player: Player) -> SyncPlayerFields { SyncPlayerFields(player.fields) }

    static func label(_ fields: SyncPlayerFields) -> String { "player \(quoted(fields[.name].text ?? ""))" }
}
