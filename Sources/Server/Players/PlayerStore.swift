import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import PostgresNIO

/// Players in SQL, always by owner: another account's id is simply not found. The REST reads
/// check the request's bearer token in the same statement (they start from its live row in
/// `tokens`), so a read is one round trip to PostgreSQL. Every write, a REST one included, is a
/// sync change by key through `SyncApplier` (PlayerStore+Sync.swift), in the request's
/// transaction under the account's log lock.
struct PlayerStore: Sendable {
    let connection: PostgresConnection
    let logger: Logger

    init(_ connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    typealias Row = (Int64, Int64, String, Int?, String?, String?, String?, String)
    /// The token's owner, then a player's columns if the statement found one.
    typealias SignedInRow = (Int64, Int64?, Int64?, String?, Int?, String?, String?, String?, String?)

    static func player(_ row: Row) -> Keyed<Player> {
        Keyed(
            record: Player(
                id: row.0, ownerID: row.1, name: row.2, age: row.3, skill: row.4.flatMap(Skill.init(rawValue:)),
                position: row.5.flatMap(Position.init(rawValue:)), favouriteTeam: row.6),
            key: row.7)
    }

    /// The player of a signed-in row, if it holds one; records the token's owner.
    static func player(_ row: SignedInRow, signIn: SignIn) throws -> Keyed<Player>? {
        let owner = try signIn.found(row.0)
        guard let id = row.1, let name = row.3, let key = row.8 else { return nil }
        return player((id, row.2 ?? owner, name, row.4, row.5, row.6, row.7, key))
    }

    /// One player of the token's owner, checking the token in the same statement.
    func find(_ id: Player.ID, signIn: SignIn) async throws -> Keyed<Player>? {
        let rows = try await connection.execute(PlayerStatements.Find(hash: signIn.hash, id: id), logger: logger)
        for try await row in rows { return try Self.player(row, signIn: signIn) }
        throw APIError.unauthorized
    }

    /// One player of `owner` by sync key (a REST write answers with what it stored).
    func find(key: String, owner: User.ID) async throws -> Keyed<Player>? {
        let rows = try await connection.query(
            """
            SELECT id, owner_id, name, age, skill, position, favourite_team, key::text FROM players
            WHERE key = \(key)::uuid AND owner_id = \(owner)
            """, logger: logger)
        for try await row in rows.decode(Row.self) { return Self.player(row) }
        return nil
    }

    /// One player of `owner` (a gather's teams are read in the gather's transaction).
    func find(_ id: Player.ID, owner: User.ID) async throws -> Keyed<Player>? {
        let rows = try await connection.query(
            """
            SELECT id, owner_id, name, age, skill, position, favourite_team, key::text FROM players
            WHERE id = \(id) AND owner_id = \(owner)
            """, logger: logger)
        for try await row in rows.decode(Row.self) { return Self.player(row) }
        return nil
    }

    /// One player of `owner` as a REST write reads it under the account's lock: its row locked
    /// to the end of the transaction, and what the applier would read of it (`RESTWrite.Known`).
    func findForWrite(_ id: Player.ID, owner: User.ID) async throws -> (Keyed<Player>, RESTWrite.Known)? {
        let rows = try await connection.execute(PlayerStatements.FindForWrite(id: id, owner: owner), logger: logger)
        for try await (id, key, json, reason, label) in rows {
            let stored = try JSONDecoder().decode(SyncFields.self, from: Data(json.utf8))
            let fields = try Self.typed(stored)
            let burial = reason.map { (SyncLog.Burial(rawValue: $0) ?? .deleted, label ?? "") }
            return (
                Self.player(fields, id: id, owner: owner, key: key), RESTWrite.Known(fields: stored, burial: burial)
            )
        }
        return nil
    }

    /// A player from its wire fields, as stored.
    static func player(_ fields: SyncPlayerFields, id: Player.ID, owner: User.ID, key: String) -> Keyed<Player> {
        Keyed(
            record: Player(
                id: id, ownerID: owner, name: fields.name, age: fields.age,
                skill: fields.skill.flatMap(Skill.init(rawValue:)),
                position: fields.position.flatMap(Position.init(rawValue:)),
                favouriteTeam: fields.favouriteTeam),
            key: key)
    }

    /// Keyset paging: the token owner's next `limit` players after id `after`, by id.
    func page(signIn: SignIn, after: Player.ID, limit: Int) async throws -> [Keyed<Player>] {
        let rows = try await connection.query(
            """
            SELECT t.user_id, p.id, p.owner_id, p.name, p.age, p.skill, p.position, p.favourite_team, p.key::text
            FROM tokens t LEFT JOIN LATERAL (
                SELECT * FROM players WHERE owner_id = t.user_id AND id > \(after) ORDER BY id LIMIT \(limit)
            ) p ON true
            WHERE t.hash = \(signIn.hash) AND t.expires_at > now()
            ORDER BY p.id
            """, logger: logger)
        var players: [Keyed<Player>] = []
        var signedIn = false
        for try await row in rows.decode(SignedInRow.self) {
            signedIn = true
            if let player = try Self.player(row, signIn: signIn) { players.append(player) }
        }
        guard signedIn else { throw APIError.unauthorized }
        return players
    }
}
