import Domain
import GRDB

public struct PlayerStore: PlayerRepository {
    let db: Database

    public func insert(_ draft: PlayerDraft, owner: User.ID) throws -> Player {
        try db.execute(
            sql: """
                INSERT INTO players (owner_id, name, age, skill, position, favourite_team)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                owner, draft.name, draft.age, draft.skill?.rawValue, draft.position?.rawValue, draft.favouriteTeam,
            ])
        return Player(
            id: db.lastInsertedRowID, ownerID: owner, name: draft.name, age: draft.age, skill: draft.skill,
            position: draft.position, favouriteTeam: draft.favouriteTeam)
    }

    public func update(_ player: Player, fields: Set<PlayerField>) throws {
        var assignments: [String] = []
        var arguments: StatementArguments = []
        for field in PlayerField.allCases where fields.contains(field) {
            switch field {
            case .name:
                assignments.append("name = ?")
                arguments += [player.name]
            case .age:
                assignments.append("age = ?")
                arguments += [player.age]
            case .skill:
                assignments.append("skill = ?")
                arguments += [player.skill?.rawValue]
            case .position:
                assignments.append("position = ?")
                arguments += [player.position?.rawValue]
            case .favouriteTeam:
                assignments.append("favourite_team = ?")
                arguments += [player.favouriteTeam]
            }
        }
        guard !assignments.isEmpty else { return }
        arguments += [player.id, player.ownerID]
        try db.execute(
            sql: "UPDATE players SET \(assignments.joined(separator: ", ")) WHERE id = ? AND owner_id = ?",
            arguments: arguments)
    }

    public func delete(_ id: Player.ID, owner: User.ID) throws -> Bool {
        // A gather in progress shows its players as they are now; once one is deleted it keeps
        // the copy in gather_players, which must be the player as last seen, not as at the start.
        try db.execute(
            sql: """
                UPDATE gather_players SET (name, age, skill, position, favourite_team) =
                    (SELECT name, age, skill, position, favourite_team FROM players WHERE id = :id)
                WHERE player_id = :id AND gather_id IN (SELECT id FROM gathers WHERE ended_at IS NULL)
                """,
            arguments: ["id": id])
        try db.execute(sql: "DELETE FROM players WHERE id = ? AND owner_id = ?", arguments: [id, owner])
        return db.changesCount > 0
    }

    public func count(owner: User.ID) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM players WHERE owner_id = ?", arguments: [owner]) ?? 0
    }

    public func recent(owner: User.ID, limit: Int) throws -> [Player] {
        try PlayerRow.fetchAll(
            db, sql: "SELECT \(PlayerRow.columns) FROM players WHERE owner_id = ? ORDER BY id DESC LIMIT ?",
            arguments: [owner, limit]
        ).map(\.player)
    }

    public func all(owner: User.ID) throws -> [Player] {
        var players: [Player] = []
        try each(owner: owner) { players.append($0) }
        return players
    }

    public func each(owner: User.ID, _ body: (Player) throws -> Void) throws {
        let rows = try PlayerRow.fetchCursor(
            db, sql: "SELECT \(PlayerRow.columns) FROM players WHERE owner_id = ? ORDER BY id", arguments: [owner])
        while let row = try rows.next() { try body(row.player) }
    }

    public func find(_ id: Player.ID, owner: User.ID) throws -> Player? {
        try PlayerRow.fetchOne(
            db, sql: "SELECT \(PlayerRow.columns) FROM players WHERE id = ? AND owner_id = ?", arguments: [id, owner]
        )?.player
    }
}

/// Decodes a `players` row by column position: the list screen reads thousands of them, and this
/// skips the per-row work of keyed or Codable decoding. A value the schema allows but the app
/// does not expect (a tampered file) never traps: see `RowDecoding` for which column gets what.
private struct PlayerRow: FetchableRecord {
    static let columns = "id, owner_id, name, age, skill, position, favourite_team"
    let player: Player

    init(row: Row) throws {
        let id: Player.ID = try RowDecoding.required(row, 0, column: "id", what: "a player")
        player = Player(
            id: id, ownerID: try RowDecoding.required(row, 1, column: "owner_id", what: "player \(id)"),
            name: RowDecoding.text(row, 2) ?? "", age: RowDecoding.lenient(row, 3),
            skill: Self.decode(RowDecoding.lenient(row, 4)), position: Self.decode(RowDecoding.lenient(row, 5)),
            favouriteTeam: RowDecoding.text(row, 6))
    }

    /// The case stored as `name`. Comparing first bytes before whole names is several times cheaper
    /// than `init(rawValue:)` on every row, and stays right whatever names the cases have.
    private static func decode<Value: CaseIterable & RawRepresentable<String>>(_ name: String?) -> Value? {
        guard let name, let first = name.utf8.first else { return nil }
        return Value.allCases.first { $0.rawValue.utf8.first == first && $0.rawValue == name }
    }
}
