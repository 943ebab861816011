import ClubhouseDomain
import ClubhouseSyncWire
import PostgresNIO

/// Players by key, for sync. Validated by the Domain's `PlayerDraft`, as the REST routes are.
struct SyncPlayerStore: SyncBatchedStore {
    static let entity = SyncEntity.player
    let connection: PostgresConnection
    let logger: Logger

    init(_ connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    func find(key: String, owner: User.ID, locking: Bool) async throws -> SyncPlayerFields? {
        let rows = try await connection.query(
            """
            SELECT name, age, skill, position, favourite_team FROM players
            WHERE owner_id = \(owner) AND key = \(key)::uuid \(unescaped: locking ? "FOR UPDATE" : "")
            """, logger: logger)
        for try await (name, age, skill, position, team) in rows.decode((String, Int?, String?, String?, String?).self)
        {
            return SyncPlayerFields(name: name, age: age, skill: skill, position: position, favouriteTeam: team)
        }
        return nil
    }

    func insert(key: String, _ fields: SyncPlayerFields, owner: User.ID) async throws {
        try await connection.query(
            """
            INSERT INTO players (owner_id, key, name, age, skill, position, favourite_team)
            VALUES (\(owner), \(key)::uuid, \(fields.name), \(fields.age), \(fields.skill), \(fields.position),
                    \(fields.favouriteTeam))
            """, logger: logger)
    }

    func update(key: String, _ fields: SyncPlayerFields, owner: User.ID) async throws {
        try await connection.query(
            """
            UPDATE players SET name = \(fields.name), age = \(fields.age), skill = \(fields.skill),
                position = \(fields.position), favourite_team = \(fields.favouriteTeam)
            WHERE owner_id = \(owner) AND key = \(key)::uuid
            """, logger: logger)
    }

    func delete(key: String, owner: User.ID) async throws {
        try await connection.query(
            "DELETE FROM players WHERE owner_id = \(owner) AND key = \(key)::uuid", logger: logger)
    }

    // MARK: A page at once (SyncPageRecords)

    func find(keys: [String], owner: User.ID) async throws -> [String: SyncPlayerFields] {
        let rows = try await connection.query(
            """
            SELECT key::text, name, age, skill, position, favourite_team FROM players
            WHERE owner_id = \(owner) AND key = ANY(\(keys)::uuid[]) FOR UPDATE
            """, logger: logger)
        var found: [String: SyncPlayerFields] = [:]
        for try await (key, name, age, skill, position, team) in rows.decode(
            (String, String, Int?, String?, String?, String?).self)
        {
            found[key] = SyncPlayerFields(name: name, age: age, skill: skill, position: position, favouriteTeam: team)
        }
        return found
    }

    func insert(_ records: [(key: String, fields: SyncPlayerFields)], owner: User.ID) async throws {
        try await connection.query(
            """
            INSERT INTO players (owner_id, key, name, age, skill, position, favourite_team)
            SELECT \(owner), (r->>'key')::uuid, r->>'name', (r->>'age')::integer, r->>'skill', r->>'position',
                   r->>'favouriteTeam'
            FROM jsonb_array_elements(\(try Self.json(records))::jsonb) WITH ORDINALITY AS e(r, ord) ORDER BY e.ord
            """, logger: logger)
    }

    func update(_ records: [(key: String, fields: SyncPlayerFields)], owner: User.ID) async throws {
        try await connection.query(
            """
            UPDATE players p SET name = r->>'name', age = (r->>'age')::integer, skill = r->>'skill',
                position = r->>'position', favourite_team = r->>'favouriteTeam'
            FROM jsonb_array_elements(\(try Self.json(records))::jsonb) AS e(r)
            WHERE p.owner_id = \(owner) AND p.key = (r->>'key')::uuid
            """, logger: logger)
    }

    func delete(keys: [String], owner: User.ID) async throws {
        try await connection.query(
            "DELETE FROM players WHERE owner_id = \(owner) AND key = ANY(\(keys)::uuid[])", logger: logger)
    }

    func validated(_ fields: SyncPlayerFields, key: String, owner: User.ID) async throws -> SyncPlayerFields {
        try Self.validated(fields)
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

    static func label(_ fields: SyncPlayerFields) -> String { "player \(quoted(fields.name))" }
}
