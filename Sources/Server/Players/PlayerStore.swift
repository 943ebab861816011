import ClubhouseDomain
import PostgresNIO

/// Players in SQL, always by owner: another account's id is simply not found. The routes' own
/// statements check the request's bearer token in the same statement (they start from its live
/// row in `tokens`), so a request is one round trip to PostgreSQL where one statement does it.
struct PlayerStore {
    let connection: PostgresConnection
    let logger: Logger

    init(_ connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    typealias Row = (Int64, Int64, String, Int?, String?, String?, String?)
    /// The token's owner, then a player's columns if the statement found one.
    typealias SignedInRow = (Int64, Int64?, Int64?, String?, Int?, String?, String?, String?)

    static func player(_ row: Row) -> Player {
        Player(
            id: row.0, ownerID: row.1, name: row.2, age: row.3, skill: row.4.flatMap(Skill.init(rawValue:)),
            position: row.5.flatMap(Position.init(rawValue:)), favouriteTeam: row.6)
    }

    /// The player of a signed-in row, if it holds one; records the token's owner.
    static func player(_ row: SignedInRow, signIn: SignIn) throws -> Player? {
        let owner = try signIn.found(row.0)
        guard let id = row.1, let name = row.3 else { return nil }
        return player((id, row.2 ?? owner, name, row.4, row.5, row.6, row.7))
    }

    /// Adds a player for the token's owner, in one statement: nothing is written for a token
    /// that signs nobody in.
    func insert(_ draft: PlayerDraft, signIn: SignIn) async throws -> Player {
        let rows = try await connection.execute(
            PlayerStatements.Insert(hash: signIn.hash, draft: draft), logger: logger)
        for try await row in rows {
            let player = Self.player(row)
            try signIn.found(player.ownerID)
            return player
        }
        throw APIError.unauthorized
    }

    /// One player of the token's owner, checking the token in the same statement.
    func find(_ id: Player.ID, signIn: SignIn) async throws -> Player? {
        let rows = try await connection.execute(PlayerStatements.Find(hash: signIn.hash, id: id), logger: logger)
        for try await row in rows { return try Self.player(row, signIn: signIn) }
        throw APIError.unauthorized
    }

    /// One player of `owner` (a gather's teams, read in the gather's transaction).
    func find(_ id: Player.ID, owner: User.ID) async throws -> Player? {
        let rows = try await connection.query(
            """
            SELECT id, owner_id, name, age, skill, position, favourite_team FROM players
            WHERE id = \(id) AND owner_id = \(owner)
            """, logger: logger)
        for try await row in rows.decode(Row.self) { return Self.player(row) }
        return nil
    }

    /// Keyset paging: the token owner's next `limit` players after id `after`, by id.
    func page(signIn: SignIn, after: Player.ID, limit: Int) async throws -> [Player] {
        let rows = try await connection.query(
            """
            SELECT t.user_id, p.id, p.owner_id, p.name, p.age, p.skill, p.position, p.favourite_team
            FROM tokens t LEFT JOIN LATERAL (
                SELECT * FROM players WHERE owner_id = t.user_id AND id > \(after) ORDER BY id LIMIT \(limit)
            ) p ON true
            WHERE t.hash = \(signIn.hash) AND t.expires_at > now()
            ORDER BY p.id
            """, logger: logger)
        var players: [Player] = []
        var signedIn = false
        for try await row in rows.decode(SignedInRow.self) {
            signedIn = true
            if let player = try Self.player(row, signIn: signIn) { players.append(player) }
        }
        guard signedIn else { throw APIError.unauthorized }
        return players
    }

    /// Stores `draft` over `player` only if the row still holds what `player` was read with (an
    /// edit reads, applies the rule, then writes: without a transaction's lock, a change made in
    /// between makes this return nil, and the edit is made again on the new row).
    func update(_ player: Player, to draft: PlayerDraft) async throws -> Player? {
        let rows = try await connection.execute(PlayerStatements.Update(player: player, draft: draft), logger: logger)
        for try await row in rows { return Self.player(row) }
        return nil
    }

    /// Deletes one of the token owner's players, checking the token in the same statement;
    /// whether there was one.
    func delete(_ id: Player.ID, signIn: SignIn) async throws -> Bool {
        let rows = try await connection.query(
            """
            WITH t AS (SELECT user_id FROM tokens WHERE hash = \(signIn.hash) AND expires_at > now()),
                d AS (DELETE FROM players p USING t WHERE p.id = \(id) AND p.owner_id = t.user_id RETURNING p.id)
            SELECT t.user_id, d.id FROM t LEFT JOIN d ON true
            """, logger: logger)
        for try await (owner, deleted) in rows.decode((Int64, Int64?).self) {
            try signIn.found(owner)
            return deleted != nil
        }
        throw APIError.unauthorized
    }
}
