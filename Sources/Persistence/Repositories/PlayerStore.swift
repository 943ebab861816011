import ClubhouseDomain
import GRDB

package struct PlayerStore: PlayerRepository {
    let db: Database

    package func insert(_ draft: PlayerDraft, owner: User.ID) throws -> Player {
        var arguments: StatementArguments = [owner]
        for field in PlayerField.allCases { arguments += [draft[field].databaseValue] }
        try db.cachedStatement(sql: Self.insertSQL).execute(arguments: arguments)
        return Player(id: db.lastInsertedRowID, ownerID: owner, fields: draft)
    }

    private static let insertSQL = """
        INSERT INTO players (owner_id, \(PlayerColumns.list))
        VALUES (?\(String(repeating: ", ?", count: PlayerField.allCases.count)))
        """

    package func update(_ player: Player, fields: Set<PlayerField>) throws {
        var assignments: [String] = []
        var arguments: StatementArguments = []
        for field in PlayerField.allCases where fields.contains(field) {
            assignments.append("\(field.column) = ?")
            arguments += [player.fields[field].databaseValue]
        }
        guard !assignments.isEmpty else { return }
        arguments += [player.id, player.ownerID]
        try db.cachedStatement(
            sql: "UPDATE players SET \(assignments.joined(separator: ", ")) WHERE id = ? AND owner_id = ?"
        ).execute(arguments: arguments)
    }

    package func delete(_ id: Player.ID, owner: User.ID) throws -> Bool {
        // A gather in progress shows its players as they are now; once one is deleted it keeps
        // the copy in gather_players, which must be the player as last seen, not as at the start.
        try db.cachedStatement(
            sql: """
                UPDATE gather_players SET (\(PlayerColumns.list)) =
                    (SELECT \(PlayerColumns.list) FROM players WHERE id = :id)
                WHERE player_id = :id AND gather_id IN (SELECT id FROM gathers WHERE ended_at IS NULL)
                """
        ).execute(arguments: ["id": id])
        try db.cachedStatement(sql: "DELETE FROM players WHERE id = ? AND owner_id = ?").execute(arguments: [id, owner])
        return db.changesCount > 0
    }

    package func wearer(ofShirtNumber number: Int, owner: User.ID) throws -> Player? {
        try PlayerRow.fetchOne(
            db.cachedStatement(
                sql:
                    "SELECT \(PlayerRow.columns) FROM players WHERE owner_id = ? AND \(PlayerField.shirtNumber.column) = ?"
            ),
            arguments: [owner, number]
        )?.player
    }

    package func count(owner: User.ID) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM players WHERE owner_id = ?"), arguments: [owner])
            ?? 0
    }

    package func recent(owner: User.ID, limit: Int) throws -> [Player] {
        try PlayerRow.fetchAll(
            db.cachedStatement(
                sql: "SELECT \(PlayerRow.columns) FROM players WHERE owner_id = ? ORDER BY id DESC LIMIT ?"),
            arguments: [owner, limit]
        ).map(\.player)
    }

    package func players(owner: User.ID, after id: Player.ID?, limit: Int) throws -> [Player] {
        try PlayerRow.fetchAll(
            db.cachedStatement(
                sql: "SELECT \(PlayerRow.columns) FROM players WHERE owner_id = ? AND id > ? ORDER BY id LIMIT ?"),
            arguments: [owner, id ?? Int64.min, max(0, limit)]
        ).map(\.player)
    }

    package func players(owner: User.ID, before id: Player.ID?, limit: Int) throws -> [Player] {
        try PlayerRow.fetchAll(
            db.cachedStatement(
                sql: "SELECT \(PlayerRow.columns) FROM players WHERE owner_id = ? AND id < ? ORDER BY id DESC LIMIT ?"),
            arguments: [owner, id ?? Int64.max, max(0, limit)]
        ).map(\.player)
    }

    package func all(owner: User.ID) throws -> [Player] {
        var players: [Player] = []
        try each(owner: owner) { players.append($0) }
        return players
    }

    package func each(owner: User.ID, _ body: (Player) throws -> Void) throws {
        let statement = try db.makeStatement(
            sql: "SELECT \(PlayerRow.columns) FROM players WHERE owner_id = ? ORDER BY id")
        statement.arguments = [owner]
        // The cursor steps the statement; each row is read from it directly (`PlayerRow.read`).
        let rows = try Row.fetchCursor(statement)
        while let row = try rows.next() { try body(PlayerRow.read(row, statement.sqliteStatement)) }
    }

    package func summarize(owner: User.ID, otherName: (String) throws -> Void) throws -> PlayerListSummary {
        let statement = try db.makeStatement(
            sql: "SELECT \(PlayerSummer.columns) FROM players WHERE owner_id = ? ORDER BY id")
        statement.arguments = [owner]
        var summer = PlayerSummer()
        let rows = try Row.fetchCursor(statement)
        while let row = try rows.next() { try summer.add(row, statement.sqliteStatement, otherName: otherName) }
        return summer.summary
    }

    package func find(_ id: Player.ID, owner: User.ID) throws -> Player? {
        try PlayerRow.fetchOne(
            db.cachedStatement(sql: "SELECT \(PlayerRow.columns) FROM players WHERE id = ? AND owner_id = ?"),
            arguments: [id, owner]
        )?.player
    }
}

/// The declared fields' columns, which `players` and the copies in `gather_players` share.
enum PlayerColumns {
    /// `name, age, …`, in the declaration's order.
    static let list = PlayerField.allCases.map(\.column).joined(separator: ", ")

    /// A seat's row in `gather_players` (its gather, team, place and player, then `columns`),
    /// as a new gather and a pulled one write it.
    static func insertSeat(_ columns: [String]) -> String {
        """
        INSERT INTO gather_players (gather_id, team, seat, player_id, \(columns.joined(separator: ", ")))
        VALUES (?, ?, ?, ?\(String(repeating: ", ?", count: columns.count)))
        """
    }

    /// The same columns of the table aliased `alias`: `p.name, p.age, …`.
    static func list(_ alias: String) -> String {
        PlayerField.allCases.map { "\(alias).\($0.column)" }.joined(separator: ", ")
    }
}

extension FieldValue {
    /// The value as its column stores it.
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let number): number.databaseValue
        case .text(let text): text.databaseValue
        }
    }
}
