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

    /// A player's columns: its id, owner and key, then its declared fields (`PlayerField`), as
    /// `player(_:at:)` reads them from the row aliased `alias`.
    static func columns(_ alias: String) -> String {
        (["id", "owner_id", "key::text"] + PlayerField.allCases.map(\.column)).map { "\(alias).\($0)" }.joined(
            separator: ", ")
    }

    /// The player whose `columns` start at cell `offset`, if the row holds one (a LEFT JOIN's
    /// row may not).
    static func player(_ row: PostgresRandomAccessRow, at offset: Int) throws -> Keyed<Player>? {
        guard let id = try row[offset].decode(Int64?.self), let key = try row[offset + 2].decode(String?.self)
        else { return nil }
        let owner = try row[offset + 1].decode(Int64.self)
        return Keyed(record: Player(id: id, ownerID: owner, fields: try Self.fields(row, at: offset + 3)), key: key)
    }

    /// The declared fields from the cells starting at `offset`.
    static func fields(_ row: PostgresRandomAccessRow, at offset: Int) throws -> PlayerFields {
        var fields = PlayerFields(name: "")
        try fields.read(row, at: offset, PlayerField.allCases)
        return fields
    }

    /// The token's owner (the first cell), then a player if the statement found one; records the owner.
    static func player(signedIn row: PostgresRow, signIn: SignIn) throws -> Keyed<Player>? {
        let cells = row.makeRandomAccess()
        _ = try signIn.found(try cells[0].decode(Int64.self))
        return try player(cells, at: 1)
    }

    /// One player of the token's owner, checking the token in the same statement.
    func find(_ id: Player.ID, signIn: SignIn) async throws -> Keyed<Player>? {
        let rows = try await connection.execute(PlayerStatements.Find(hash: signIn.hash, id: id), logger: logger)
        for try await row in rows { return try Self.player(signedIn: row, signIn: signIn) }
        throw APIError.unauthorized
    }

    /// One player of `owner` by sync key (a REST write answers with what it stored).
    func find(key: String, owner: User.ID) async throws -> Keyed<Player>? {
        let rows = try await connection.query(
            """
            SELECT \(unescaped: Self.columns("t")) FROM players t WHERE t.key = \(key)::uuid AND t.owner_id = \(owner)
            """, logger: logger)
        for try await row in rows { return try Self.player(row.makeRandomAccess(), at: 0) }
        return nil
    }

    /// One player of `owner` (a gather's teams are read in the gather's transaction).
    func find(_ id: Player.ID, owner: User.ID) async throws -> Keyed<Player>? {
        let rows = try await connection.query(
            """
            SELECT \(unescaped: Self.columns("t")) FROM players t WHERE t.id = \(id) AND t.owner_id = \(owner)
            """, logger: logger)
        for try await row in rows { return try Self.player(row.makeRandomAccess(), at: 0) }
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
        var player = Player(id: id, ownerID: owner, fields: PlayerFields(name: ""))
        for field in SyncPlayerFields.declared { player.fields[field] = fields[field] }
        return Keyed(record: player, key: key)
    }

    /// Keyset paging: the token owner's next `limit` players after id `after`, by id.
    func page(signIn: SignIn, after: Player.ID, limit: Int) async throws -> [Keyed<Player>] {
        let rows = try await connection.query(
            """
            SELECT t.user_id, \(unescaped: Self.columns("p"))
            FROM tokens t LEFT JOIN LATERAL (
                SELECT * FROM players WHERE owner_id = t.user_id AND id > \(after) ORDER BY id LIMIT \(limit)
            ) p ON true
            WHERE t.hash = \(signIn.hash) AND t.expires_at > now()
            ORDER BY p.id
            """, logger: logger)
        var players: [Keyed<Player>] = []
        var signedIn = false
        for try await row in rows {
            signedIn = true
            if let player = try Self.player(signedIn: row, signIn: signIn) { players.append(player) }
        }
        guard signedIn else { throw APIError.unauthorized }
        return players
    }
}
