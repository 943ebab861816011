import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import PostgresNIO

/// Gathers and who played in them, in SQL, always by owner. The timer is stored as the CLI stores
/// it: the anchor (`GatherTimer`'s fields), never a ticking counter. Every write, a REST one
/// included, is a sync change through `SyncApplier` (GatherStore+Sync.swift).
struct GatherStore: Sendable {
    let connection: PostgresConnection
    let logger: Logger

    init(_ connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    /// The owner's gather in progress: its id and start, if any.
    func inProgress(owner: User.ID) async throws -> (id: Gather.ID, startedAt: Date)? {
        let rows = try await connection.query(
            "SELECT id, started_at FROM gathers WHERE owner_id = \(owner) AND ended_at IS NULL", logger: logger)
        for try await (id, startedAt) in rows.decode((Int64, Date).self) { return (id, startedAt) }
        return nil
    }

    /// A gather's row as it is read: its id and owner, each declared field, its key.
    private static let columns =
        (["id", "owner_id"] + GatherField.allCases.map(\.serverColumn) + ["key::text"]).joined(separator: ", ")

    private typealias Row = (id: Gather.ID, owner: User.ID, fields: SyncGatherFields, key: String)

    /// The gathers `condition` selects, in its order.
    private func rows(_ condition: String) async throws -> [Row] {
        let rows = try await connection.query(
            "SELECT \(unescaped: Self.columns) FROM gathers WHERE \(unescaped: condition)", logger: logger)
        var found: [Row] = []
        let last = 2 + GatherField.allCases.count
        for try await row in rows {
            let cells = row.makeRandomAccess()
            var fields = SyncGatherFields(startedAt: 0, teams: SyncTeams(a: [], b: []))
            try fields.read(cells, at: 2, GatherField.allCases)
            found.append(
                (
                    try cells[0].decode(Int64.self), try cells[1].decode(Int64.self), fields,
                    try cells[last].decode(String.self)
                ))
        }
        return found
    }

    /// The owner's gather; `locking` holds its row until the transaction ends (a change reads,
    /// applies the rules, then writes).
    func find(_ id: Gather.ID, owner: User.ID, locking: Bool = false) async throws -> Keyed<Gather>? {
        // Both are integers the server made, never text from a request.
        guard let row = try await rows("id = \(id) AND owner_id = \(owner)\(locking ? " FOR UPDATE" : "")").first else {
            return nil
        }
        return try await gather(row)
    }

    /// Ended gathers, newest first, before id `before` (keyset paging): only one gather is in
    /// progress at a time and cancelled ones are gone, so ids end in the order they started.
    func history(owner: User.ID, before: Gather.ID, limit: Int) async throws -> [Keyed<Gather>] {
        var gathers: [Keyed<Gather>] = []
        for row in try await rows(
            "owner_id = \(owner) AND ended_at IS NOT NULL AND id < \(before) ORDER BY id DESC LIMIT \(limit)")
        {
            gathers.append(try await gather(row))
        }
        return gathers
    }

    private func gather(_ row: Row) async throws -> Keyed<Gather> {
        var gather = row.fields.gather(id: row.id, ownerID: row.owner)
        // While in progress a player shows as they are now; once ended, as they were. The
        // device's dialect of this rule is its GatherStore; RuleParityTests holds the two together.
        let players = try await connection.query(
            """
            SELECT gp.team, gp.player_id,
                   \(unescaped: Self.seatFields(live: "g.ended_at IS NULL AND p.id IS NOT NULL"))
            FROM gather_players gp JOIN gathers g ON g.id = gp.gather_id
            LEFT JOIN players p ON p.id = gp.player_id
            WHERE gp.gather_id = \(gather.id) ORDER BY gp.team, gp.seat
            """, logger: logger)
        for try await row in players {
            let cells = row.makeRandomAccess()
            let player = GatherPlayer(
                playerID: try cells[1].decode(Int64?.self), fields: try PlayerStore.fields(cells, at: 2))
            if try cells[0].decode(String.self) == "a" {
                gather.teamA.append(player)
            } else {
                gather.teamB.append(player)
            }
        }
        return Keyed(record: gather, key: row.key)
    }

    /// The owner's gather by sync key (a REST write answers with what it stored).
    func find(key: String, owner: User.ID) async throws -> Keyed<Gather>? {
        let rows = try await connection.query(
            "SELECT id FROM gathers WHERE key = \(key)::uuid AND owner_id = \(owner)", logger: logger)
        for try await id in rows.decode(Int64.self) { return try await find(id, owner: owner) }
        return nil
    }

    /// The seats of gather `key` with each player as they are now (a gather ends with its players
    /// as they are then): the copy kept with the seat for a player who is gone.
    func currentTeams(key: String, owner: User.ID) async throws -> SyncTeams {
        let rows = try await connection.query(
            """
            SELECT gp.team, p.key::text, \(unescaped: Self.seatFields(live: "p.id IS NOT NULL"))
            FROM gathers g JOIN gather_players gp ON gp.gather_id = g.id LEFT JOIN players p ON p.id = gp.player_id
            WHERE g.owner_id = \(owner) AND g.key = \(key)::uuid ORDER BY gp.team, gp.seat
            """, logger: logger)
        var teams = SyncTeams(a: [], b: [])
        for try await row in rows {
            let cells = row.makeRandomAccess()
            let seat = SyncSeat(
                player: try cells[1].decode(String?.self),
                fields: SyncPlayerFields(try PlayerStore.fields(cells, at: 2)))
            if try cells[0].decode(String.self) == "a" { teams.a.append(seat) } else { teams.b.append(seat) }
        }
        return teams
    }

    /// A seat's declared fields: the player's own row `p` where `live` holds, else the copy `gp`
    /// kept with the seat; read by `PlayerStore.fields(_:at:)`.
    static func seatFields(live: String) -> String {
        PlayerField.allCases.map { "CASE WHEN \(live) THEN p.\($0.column) ELSE gp.\($0.column) END" }.joined(
            separator: ",\n       ")
    }

}
