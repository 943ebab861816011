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
        columns: [
            .text("name", "name"), .typed("age", "age", "integer"), .text("skill", "skill"),
            .text("position", "position"), .text("favouriteTeam", "favourite_team"),
        ])

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

    /// The rules of `PlayerDraft`, shared with a gather's seats.
    static func validated(_ fields: SyncPlayerFields) throws(SyncRefusalReason) -> SyncPlayerFields {
        do throws(ClubhouseError) {
            var skill: Skill?
            var position: Position?
            if let text = fields.skill { skill = try parse(text, Skill.self, "skill") }
            if let text = fields.position { position = try parse(text, Position.self, "position") }
            let draft = try PlayerDraft(
                name: fields.name, age: fields.age, skill: skill, position: position,
                favouriteTeam: fields.favouriteTeam
            ).validated()
            return SyncPlayerFields(
                name: draft.name, age: draft.age, skill: draft.skill?.rawValue, position: draft.position?.rawValue,
                favouriteTeam: draft.favouriteTeam)
        } catch {
            throw .invalid(error)
        }
    }

    /// A stored value is the raw value exactly (the wire carries what the Domain stores).
    private static func parse<Value: CaseIterable & RawRepresentable<String>>(
        _ text: String, _: Value.Type, _ field: String
    ) throws(ClubhouseError) -> Value {
        guard let value = Value(rawValue: text) else {
            throw .invalidInput("\(field) must be one of: \(Value.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    /// A draft's fields as the wire names them.
    static func fields(of draft: PlayerDraft) -> SyncPlayerFields {
        SyncPlayerFields(
            name: draft.name, age: draft.age, skill: draft.skill?.rawValue, position: draft.position?.rawValue,
            favouriteTeam: draft.favouriteTeam)
    }

    static func fields(of player: Player) -> SyncPlayerFields {
        SyncPlayerFields(
            name: player.name, age: player.age, skill: player.skill?.rawValue, position: player.position?.rawValue,
            favouriteTeam: player.favouriteTeam)
    }

    static func label(_ fields: SyncPlayerFields) -> String { "player \(quoted(fields.name))" }
}
