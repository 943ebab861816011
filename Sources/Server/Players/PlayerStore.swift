import ClubhouseDomain
import PostgresNIO

/// Players in SQL, always by owner: another account's id is simply not found.
struct PlayerStore {
    let connection: PostgresConnection
    let logger: Logger

    init(_ connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    typealias Row = (Int64, Int64, String, Int?, String?, String?, String?, String)

    static func player(_ row: Row) -> Keyed<Player> {
        Keyed(
            record: Player(
                id: row.0, ownerID: row.1, name: row.2, age: row.3, skill: row.4.flatMap(Skill.init(rawValue:)),
                position: row.5.flatMap(Position.init(rawValue:)), favouriteTeam: row.6),
            key: row.7)
    }

    func insert(_ draft: PlayerDraft, owner: User.ID) async throws -> Keyed<Player> {
        let rows = try await connection.query(
            """
            INSERT INTO players (owner_id, name, age, skill, position, favourite_team)
            VALUES (\(owner), \(draft.name), \(draft.age), \(draft.skill?.rawValue), \(draft.position?.rawValue),
                    \(draft.favouriteTeam))
            RETURNING id, owner_id, name, age, skill, position, favourite_team, key::text
            """, logger: logger)
        for try await row in rows.decode(Row.self) { return Self.player(row) }
        throw APIError.unexpected
    }

    /// One player; `locking` holds its row until the transaction ends (an edit reads then writes).
    func find(_ id: Player.ID, owner: User.ID, locking: Bool = false) async throws -> Keyed<Player>? {
        let rows =
            locking
            ? try await connection.query(
                """
                SELECT id, owner_id, name, age, skill, position, favourite_team, key::text FROM players
                WHERE id = \(id) AND owner_id = \(owner) FOR UPDATE
                """, logger: logger)
            : try await connection.query(
                """
                SELECT id, owner_id, name, age, skill, position, favourite_team, key::text FROM players
                WHERE id = \(id) AND owner_id = \(owner)
                """, logger: logger)
        for try await row in rows.decode(Row.self) { return Self.player(row) }
        return nil
    }

    /// Keyset paging: the next `limit` players after id `after`, by id.
    func page(owner: User.ID, after: Player.ID, limit: Int) async throws -> [Keyed<Player>] {
        let rows = try await connection.query(
            """
            SELECT id, owner_id, name, age, skill, position, favourite_team, key::text FROM players
            WHERE owner_id = \(owner) AND id > \(after) ORDER BY id LIMIT \(limit)
            """, logger: logger)
        var players: [Keyed<Player>] = []
        for try await row in rows.decode(Row.self) { players.append(Self.player(row)) }
        return players
    }

    func update(_ id: Player.ID, to draft: PlayerDraft, owner: User.ID) async throws -> Keyed<Player> {
        let rows = try await connection.query(
            """
            UPDATE players SET name = \(draft.name), age = \(draft.age), skill = \(draft.skill?.rawValue),
                position = \(draft.position?.rawValue), favourite_team = \(draft.favouriteTeam)
            WHERE id = \(id) AND owner_id = \(owner)
            RETURNING id, owner_id, name, age, skill, position, favourite_team, key::text
            """, logger: logger)
        for try await row in rows.decode(Row.self) { return Self.player(row) }
        throw ClubhouseError.playerNotFound(id)
    }

    func delete(_ id: Player.ID, owner: User.ID) async throws -> Bool {
        let rows = try await connection.query(
            "DELETE FROM players WHERE id = \(id) AND owner_id = \(owner) RETURNING id", logger: logger)
        for try await _ in rows { return true }
        return false
    }
}
