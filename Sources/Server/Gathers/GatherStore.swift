import ClubhouseDomain
import Foundation
import PostgresNIO

/// Gathers and who played in them, in SQL, always by owner. The timer is stored as the CLI stores
/// it: the anchor (`GatherTimer`'s fields), never a ticking counter.
struct GatherStore {
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

    /// Starts a gather with the default timer; the players are copied as they are now. The
    /// unique index on gathers in progress refuses a second one started at the same instant.
    func insert(owner: User.ID, teamA: [Player], teamB: [Player], at now: Milliseconds) async throws -> Gather.ID {
        let timer = GatherTimer()
        let started = Date(timeIntervalSince1970: Double(now) / 1000)
        let id: Int64
        do {
            let rows = try await connection.query(
                """
                INSERT INTO gathers (owner_id, started_at, timer_duration_ms, timer_state, timer_remaining_ms)
                VALUES (\(owner), \(started), \(timer.duration), \(timer.state.rawValue), \(timer.remainingAtAnchor))
                RETURNING id
                """, logger: logger)
            guard let inserted = try await rows.decode(Int64.self).first(where: { _ in true }) else {
                throw APIError.unexpected
            }
            id = inserted
        } catch  where DatabaseFailure.sqlState(error) == "23505" {
            throw APIError(.conflict, "gather_in_progress", "a gather is already in progress; end or cancel it first")
        }
        for (team, players) in [(Team.a, teamA), (Team.b, teamB)] {
            for (seat, player) in players.enumerated() {
                try await connection.query(
                    """
                    INSERT INTO gather_players
                        (gather_id, team, seat, player_id, name, age, skill, position, favourite_team)
                    VALUES (\(id), \(team.rawValue), \(seat), \(player.id), \(player.name), \(player.age),
                            \(player.skill?.rawValue), \(player.position?.rawValue), \(player.favouriteTeam))
                    """, logger: logger)
            }
        }
        return id
    }

    typealias Row = (Int64, Int64, Date, Date?, String?, Int, Int, Int64, String, Int64, Int64?, Int64, String)

    /// The owner's gather; `locking` holds its row until the transaction ends (a change reads,
    /// applies the rules, then writes).
    func find(_ id: Gather.ID, owner: User.ID, locking: Bool = false) async throws -> Keyed<Gather>? {
        let rows =
            locking
            ? try await connection.query(
                """
                SELECT id, owner_id, started_at, ended_at, winner, score_a, score_b, timer_duration_ms, timer_state,
                       timer_remaining_ms, timer_started_ms, timer_played_ms, key::text
                FROM gathers WHERE id = \(id) AND owner_id = \(owner) FOR UPDATE
                """, logger: logger)
            : try await connection.query(
                """
                SELECT id, owner_id, started_at, ended_at, winner, score_a, score_b, timer_duration_ms, timer_state,
                       timer_remaining_ms, timer_started_ms, timer_played_ms, key::text
                FROM gathers WHERE id = \(id) AND owner_id = \(owner)
                """, logger: logger)
        var found: Row?
        for try await row in rows.decode(Row.self) { found = row }
        guard let row = found else { return nil }
        return try await gather(row)
    }

    /// Ended gathers, newest first, before id `before` (keyset paging): only one gather is in
    /// progress at a time and cancelled ones are gone, so ids end in the order they started.
    func history(owner: User.ID, before: Gather.ID, limit: Int) async throws -> [Keyed<Gather>] {
        let rows = try await connection.query(
            """
            SELECT id, owner_id, started_at, ended_at, winner, score_a, score_b, timer_duration_ms, timer_state,
                   timer_remaining_ms, timer_started_ms, timer_played_ms, key::text
            FROM gathers WHERE owner_id = \(owner) AND ended_at IS NOT NULL AND id < \(before)
            ORDER BY id DESC LIMIT \(limit)
            """, logger: logger)
        var found: [Row] = []
        for try await row in rows.decode(Row.self) { found.append(row) }
        var gathers: [Keyed<Gather>] = []
        for row in found { gathers.append(try await gather(row)) }
        return gathers
    }

    private func gather(_ row: Row) async throws -> Keyed<Gather> {
        let timer = GatherTimer(
            duration: row.7, state: GatherTimer.State(rawValue: row.8) ?? .stopped, remainingAtAnchor: row.9,
            startedAt: row.10, playedBeforeAnchor: row.11)
        let ending = row.3.map { Gather.Ending(endedAt: $0.apiText, winner: Winner(rawValue: row.4 ?? "") ?? .none) }
        var gather = Gather(
            id: row.0, ownerID: row.1, startedAt: row.2.apiText, teamA: [], teamB: [],
            score: Score(stored: row.5, row.6), timer: timer, ending: ending)
        // While in progress a player shows as they are now; once ended, as they were.
        let players = try await connection.query(
            """
            SELECT gp.team, gp.player_id,
                   CASE WHEN g.ended_at IS NULL AND p.id IS NOT NULL THEN p.name ELSE gp.name END,
                   CASE WHEN g.ended_at IS NULL AND p.id IS NOT NULL THEN p.age ELSE gp.age END,
                   CASE WHEN g.ended_at IS NULL AND p.id IS NOT NULL THEN p.skill ELSE gp.skill END,
                   CASE WHEN g.ended_at IS NULL AND p.id IS NOT NULL THEN p.position ELSE gp.position END,
                   CASE WHEN g.ended_at IS NULL AND p.id IS NOT NULL THEN p.favourite_team ELSE gp.favourite_team END
            FROM gather_players gp JOIN gathers g ON g.id = gp.gather_id
            LEFT JOIN players p ON p.id = gp.player_id
            WHERE gp.gather_id = \(gather.id) ORDER BY gp.team, gp.seat
            """, logger: logger)
        for try await (team, playerID, name, age, skill, position, favouriteTeam) in players.decode(
            (String, Int64?, String, Int?, String?, String?, String?).self)
        {
            let player = GatherPlayer(
                playerID: playerID, name: name, age: age, skill: skill.flatMap(Skill.init(rawValue:)),
                position: position.flatMap(Position.init(rawValue:)), favouriteTeam: favouriteTeam)
            if team == "a" { gather.teamA.append(player) } else { gather.teamB.append(player) }
        }
        return Keyed(record: gather, key: row.12)
    }

    /// Stores the score and the timer's anchor.
    func update(_ gather: Gather) async throws {
        let timer = gather.timer
        try await connection.query(
            """
            UPDATE gathers SET score_a = \(gather.score.a), score_b = \(gather.score.b),
                timer_duration_ms = \(timer.duration), timer_state = \(timer.state.rawValue),
                timer_remaining_ms = \(timer.remainingAtAnchor), timer_started_ms = \(timer.startedAt),
                timer_played_ms = \(timer.playedBeforeAnchor)
            WHERE id = \(gather.id) AND owner_id = \(gather.ownerID)
            """, logger: logger)
    }

    /// Stores the final score, timer and winner; the players are kept as they are now.
    func end(_ gather: Gather, at now: Milliseconds) async throws {
        try await update(gather)
        let ended = Date(timeIntervalSince1970: Double(now) / 1000)
        try await connection.query(
            """
            UPDATE gathers SET ended_at = \(ended), winner = \(Winner(gather.score).rawValue)
            WHERE id = \(gather.id) AND owner_id = \(gather.ownerID)
            """, logger: logger)
        try await connection.query(
            """
            UPDATE gather_players gp SET (name, age, skill, position, favourite_team) =
                (p.name, p.age, p.skill, p.position, p.favourite_team)
            FROM players p WHERE gp.gather_id = \(gather.id) AND p.id = gp.player_id AND p.owner_id = \(gather.ownerID)
            """, logger: logger)
    }

    func delete(_ id: Gather.ID, owner: User.ID) async throws {
        try await connection.query("DELETE FROM gathers WHERE id = \(id) AND owner_id = \(owner)", logger: logger)
    }
}
