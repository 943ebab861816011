import ClubhouseDomain
import ClubhouseSyncWire
import PostgresNIO

/// Gathers by key, for sync: the row (outcome and the countdown's anchor) and its seats, each
/// naming its player by key (null once the player is gone). The Domain's rules for scores,
/// timers, outcomes and teams, and one gather in progress per account.
struct SyncGatherStore: SyncRecordStore {
    static let entity = SyncEntity.gather
    let connection: PostgresConnection
    let logger: Logger

    init(_ connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    typealias Row = (Int64, Int64, Int64?, String?, Int, Int, Int64, String, Int64, Int64?, Int64)

    func find(key: String, owner: User.ID, locking: Bool) async throws -> SyncGatherFields? {
        let rows = try await connection.query(
            """
            SELECT id, round(extract(epoch FROM started_at) * 1000)::bigint,
                   round(extract(epoch FROM ended_at) * 1000)::bigint, winner, score_a, score_b,
                   timer_duration_ms, timer_state, timer_remaining_ms, timer_started_ms, timer_played_ms
            FROM gathers WHERE owner_id = \(owner) AND key = \(key)::uuid \(unescaped: locking ? "FOR UPDATE" : "")
            """, logger: logger)
        var found: Row?
        for try await row in rows.decode(Row.self) { found = row }
        guard let row = found else { return nil }
        let seats = try await connection.query(
            """
            SELECT gp.team, p.key::text, gp.name, gp.age, gp.skill, gp.position, gp.favourite_team
            FROM gather_players gp LEFT JOIN players p ON p.id = gp.player_id
            WHERE gp.gather_id = \(row.0) ORDER BY gp.team, gp.seat
            """, logger: logger)
        var teams = SyncTeams(a: [], b: [])
        for try await (team, player, name, age, skill, position, favouriteTeam) in seats.decode(
            (String, String?, String, Int?, String?, String?, String?).self)
        {
            let seat = SyncSeat(
                player: player, name: name, age: age, skill: skill, position: position, favouriteTeam: favouriteTeam)
            if team == "a" { teams.a.append(seat) } else { teams.b.append(seat) }
        }
        return SyncGatherFields(
            startedAt: row.1, endedAt: row.2, winner: row.3, scoreA: row.4, scoreB: row.5, timerDurationMs: row.6,
            timerState: row.7, timerRemainingMs: row.8, timerStartedMs: row.9, timerPlayedMs: row.10, teams: teams)
    }

    func insert(key: String, _ fields: SyncGatherFields, owner: User.ID) async throws {
        try await connection.query(
            """
            INSERT INTO gathers (owner_id, key, started_at, ended_at, winner, score_a, score_b, timer_duration_ms,
                                 timer_state, timer_remaining_ms, timer_started_ms, timer_played_ms)
            VALUES (\(owner), \(key)::uuid, \(SyncInstant.date(fields.startedAt)),
                    \(fields.endedAt.map(SyncInstant.date)), \(fields.winner), \(fields.scoreA), \(fields.scoreB),
                    \(fields.timerDurationMs), \(fields.timerState), \(fields.timerRemainingMs),
                    \(fields.timerStartedMs), \(fields.timerPlayedMs))
            """, logger: logger)
        try await insertSeats(key: key, fields.teams, owner: owner)
    }

    func update(key: String, _ fields: SyncGatherFields, owner: User.ID) async throws {
        try await connection.query(
            """
            UPDATE gathers SET started_at = \(SyncInstant.date(fields.startedAt)),
                ended_at = \(fields.endedAt.map(SyncInstant.date)), winner = \(fields.winner),
                score_a = \(fields.scoreA), score_b = \(fields.scoreB), timer_duration_ms = \(fields.timerDurationMs),
                timer_state = \(fields.timerState), timer_remaining_ms = \(fields.timerRemainingMs),
                timer_started_ms = \(fields.timerStartedMs), timer_played_ms = \(fields.timerPlayedMs)
            WHERE owner_id = \(owner) AND key = \(key)::uuid
            """, logger: logger)
        try await connection.query(
            """
            DELETE FROM gather_players WHERE gather_id =
                (SELECT id FROM gathers WHERE owner_id = \(owner) AND key = \(key)::uuid)
            """, logger: logger)
        try await insertSeats(key: key, fields.teams, owner: owner)
    }

    private func insertSeats(key: String, _ teams: SyncTeams, owner: User.ID) async throws {
        for (team, seats) in [("a", teams.a), ("b", teams.b)] {
            for (index, seat) in seats.enumerated() {
                try await connection.query(
                    """
                    INSERT INTO gather_players
                        (gather_id, team, seat, player_id, name, age, skill, position, favourite_team)
                    SELECT g.id, \(team), \(index),
                           (SELECT p.id FROM players p WHERE p.owner_id = \(owner) AND p.key = \(seat.player)::uuid),
                           \(seat.name), \(seat.age), \(seat.skill), \(seat.position), \(seat.favouriteTeam)
                    FROM gathers g WHERE g.owner_id = \(owner) AND g.key = \(key)::uuid
                    """, logger: logger)
            }
        }
    }

    func delete(key: String, owner: User.ID) async throws {
        try await connection.query(
            "DELETE FROM gathers WHERE owner_id = \(owner) AND key = \(key)::uuid", logger: logger)
    }

    /// Before player `player` is deleted: every gather in progress they sit in keeps them as last
    /// seen (their fields now, not as the gather started), as a device's delete does. Returns the
    /// teams of each gather whose seats changed, for the log: a device applies a pulled delete
    /// without reading its own copy of the player, so the seats reach it only through the log.
    func keepSeats(ofPlayer player: String, owner: User.ID) async throws -> [(key: String, teams: SyncFields)] {
        let rows = try await connection.query(
            """
            UPDATE gather_players gp SET (name, age, skill, position, favourite_team) =
                (p.name, p.age, p.skill, p.position, p.favourite_team)
            FROM players p, gathers g
            WHERE p.owner_id = \(owner) AND p.key = \(player)::uuid AND gp.player_id = p.id
              AND g.id = gp.gather_id AND g.owner_id = \(owner) AND g.ended_at IS NULL
              AND (gp.name, gp.age, gp.skill, gp.position, gp.favourite_team)
                  IS DISTINCT FROM (p.name, p.age, p.skill, p.position, p.favourite_team)
            RETURNING g.key::text
            """, logger: logger)
        var keys: [String] = []
        for try await key in rows.decode(String.self) where !keys.contains(key) { keys.append(key) }
        var changed: [(key: String, teams: SyncFields)] = []
        for key in keys {
            guard let gather = try await find(key: key, owner: owner, locking: false) else { continue }
            changed.append((key, gather.fields.only(["teams"])))
        }
        return changed
    }

    func validated(_ fields: SyncGatherFields, key: String, owner: User.ID) async throws -> SyncGatherFields {
        var checked = fields
        do {
            _ = try Score(a: fields.scoreA, b: fields.scoreB)
        } catch {
            throw SyncRefusalReason.invalid(error)
        }
        func invalid(_ message: String) -> SyncRefusalReason { SyncRefusalReason(.invalid, message) }
        for (name, instant) in [
            ("startedAt", fields.startedAt), ("endedAt", fields.endedAt), ("timerStartedMs", fields.timerStartedMs),
        ] {
            if let instant, !SyncInstant.range.contains(instant) {
                throw invalid("\(name) must be an instant between 1970 and 9999 (Unix ms)")
            }
        }
        guard GatherTimer.durationRange.contains(fields.timerDurationMs) else {
            throw invalid("timerDurationMs must be between 00:01 and 59:59 (1000 to 3599000 ms)")
        }
        guard let state = GatherTimer.State(rawValue: fields.timerState) else {
            throw invalid(
                "timerState must be one of: \(GatherTimer.State.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard (0...fields.timerDurationMs).contains(fields.timerRemainingMs) else {
            throw invalid("timerRemainingMs must be between 0 and the timer's duration")
        }
        guard (state == .running) == (fields.timerStartedMs != nil) else {
            throw invalid("timerStartedMs is set exactly when the timer is running")
        }
        guard (0...GatherTimer.playedLimit).contains(fields.timerPlayedMs) else {
            throw invalid("timerPlayedMs must not be negative")
        }
        guard (fields.endedAt == nil) == (fields.winner == nil) else {
            throw invalid("endedAt and winner are set together, when the gather ends")
        }
        if let winner = fields.winner, Winner(rawValue: winner) == nil {
            throw invalid("winner must be one of: \(Winner.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard !fields.teams.a.isEmpty, !fields.teams.b.isEmpty else {
            throw invalid("both teams need at least one player")
        }
        let keys = (fields.teams.a + fields.teams.b).compactMap(\.player)
        guard Set(keys).count == keys.count else { throw invalid("a player has two seats") }
        if let bad = keys.first(where: { !SyncKey.isUUIDKey($0) }) {
            throw invalid("a seat's player must be a player's key (a lowercase UUID): \(bad) is not one")
        }
        // A seat whose player this account does not have (deleted, or never pushed) keeps the
        // player as they were and no key, as a deleted player's seat does.
        var known: Set<String> = []
        if !keys.isEmpty {
            let rows = try await connection.query(
                "SELECT key::text FROM players WHERE owner_id = \(owner) AND key = ANY(\(keys)::uuid[])",
                logger: logger)
            for try await key in rows.decode(String.self) { known.insert(key) }
        }
        func seats(_ seats: [SyncSeat]) throws(SyncRefusalReason) -> [SyncSeat] {
            var checkedSeats: [SyncSeat] = []
            for seat in seats {
                let player = try SyncPlayerStore.validated(
                    SyncPlayerFields(
                        name: seat.name, age: seat.age, skill: seat.skill, position: seat.position,
                        favouriteTeam: seat.favouriteTeam))
                checkedSeats.append(
                    SyncSeat(
                        player: seat.player.flatMap { known.contains($0) ? $0 : nil }, name: player.name,
                        age: player.age, skill: player.skill, position: player.position,
                        favouriteTeam: player.favouriteTeam))
            }
            return checkedSeats
        }
        checked.teams = SyncTeams(a: try seats(fields.teams.a), b: try seats(fields.teams.b))
        return checked
    }

    /// One gather in progress per account: a gather that would be in progress while another is
    /// loses (the later start).
    func conflict(_ fields: SyncGatherFields, existing: SyncGatherFields?, key: String, owner: User.ID) async throws
        -> SyncRefusalReason?
    {
        guard fields.isInProgress, existing?.isInProgress != true else { return nil }
        let rows = try await connection.query(
            """
            SELECT round(extract(epoch FROM started_at) * 1000)::bigint FROM gathers
            WHERE owner_id = \(owner) AND ended_at IS NULL AND key <> \(key)::uuid
            """, logger: logger)
        for try await startedAt in rows.decode(Int64.self) {
            return SyncRefusalReason(
                .gatherInProgress,
                "a gather is already in progress (started \(SyncInstant.text(startedAt))); this one was not kept")
        }
        return nil
    }

    /// Fields that are valid only together: the countdown's anchor, and the end with its
    /// winner. A logged put that sets one of a group carries the whole group as stored, so a
    /// device replaying the log holds, after each entry, a combination the rules allow (its
    /// CHECKs refuse any other, and would skip the entry) whatever it changed itself meanwhile.
    static let groups: [Set<String>] = [
        ["timerDurationMs", "timerState", "timerRemainingMs", "timerStartedMs", "timerPlayedMs"],
        ["endedAt", "winner"],
    ]

    /// The names a put setting `names` logs.
    static func logged(_ names: some Sequence<String>) -> Set<String> {
        var logged = Set(names)
        for group in groups where !group.isDisjoint(with: logged) { logged.formUnion(group) }
        return logged
    }

    static func label(_ fields: SyncGatherFields) -> String {
        "the gather started \(SyncInstant.text(fields.startedAt))"
    }
}
