import ClubhouseDomain
import GRDB

/// Gathers and their players. Every column is read with GRDB's throwing decoding, so a tampered
/// row never crashes: a score or timer value of the wrong type or out of range is brought back to
/// something valid (the gather stays playable), and what cannot be (its id, owner, a player's
/// name) is `ClubhouseError.unreadableRecord`, which the screens showing it turn into a cut.
package struct GatherStore: GatherRepository {
    let db: Database

    /// Unix milliseconds as the ISO-8601 text every other table stores.
    private static let isoTime = "strftime('%Y-%m-%dT%H:%M:%fZ', ? / 1000.0, 'unixepoch')"

    package func insert(owner: User.ID, teamA: [Player], teamB: [Player], at now: Milliseconds) throws -> Gather {
        let timer = GatherTimer()
        try db.cachedStatement(
            sql: """
                INSERT INTO gathers (owner_id, started_at, timer_duration_ms, timer_state, timer_remaining_ms)
                VALUES (?, \(Self.isoTime), ?, ?, ?)
                """
        ).execute(arguments: [owner, now, timer.duration, timer.state.rawValue, timer.remainingAtAnchor])
        let id = db.lastInsertedRowID
        let statement = try db.makeStatement(
            sql: """
                INSERT INTO gather_players (gather_id, team, seat, player_id, name, age, skill, position, favourite_team)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for (team, players) in [(Team.a, teamA), (Team.b, teamB)] {
            for (seat, player) in players.enumerated() {
                try statement.execute(arguments: [
                    id, team.rawValue, seat, player.id, player.name, player.age, player.skill?.rawValue,
                    player.position?.rawValue, player.favouriteTeam,
                ])
            }
        }
        guard let gather = try find(id, owner: owner) else { throw ClubhouseError.gatherNotFound(id) }
        return gather
    }

    package func find(_ id: Gather.ID, owner: User.ID) throws -> Gather? {
        try gathers(where: "id = ? AND owner_id = ?", [id, owner]).first
    }

    package func inProgress(owner: User.ID) throws -> Gather? {
        try gathers(where: "owner_id = ? AND ended_at IS NULL", [owner]).first
    }

    package func update(_ gather: Gather) throws {
        let timer = gather.timer
        try db.cachedStatement(
            sql: """
                UPDATE gathers SET score_a = ?, score_b = ?, timer_duration_ms = ?, timer_state = ?,
                    timer_remaining_ms = ?, timer_started_ms = ?, timer_played_ms = ?
                WHERE id = ? AND owner_id = ?
                """
        ).execute(arguments: [
            gather.score.a, gather.score.b, timer.duration, timer.state.rawValue, timer.remainingAtAnchor,
            timer.startedAt, timer.playedBeforeAnchor, gather.id, gather.ownerID,
        ])
    }

    package func end(_ gather: Gather, at now: Milliseconds) throws -> Gather {
        try update(gather)
        try db.cachedStatement(
            sql: "UPDATE gathers SET ended_at = \(Self.isoTime), winner = ? WHERE id = ? AND owner_id = ?"
        ).execute(arguments: [now, Winner(gather.score).rawValue, gather.id, gather.ownerID])
        // History keeps each player as they were when the gather ended.
        try db.cachedStatement(
            sql: """
                UPDATE gather_players SET (name, age, skill, position, favourite_team) =
                    (SELECT name, age, skill, position, favourite_team FROM players WHERE players.id = player_id)
                WHERE gather_id = ? AND player_id IN (SELECT id FROM players WHERE owner_id = ?)
                """
        ).execute(arguments: [gather.id, gather.ownerID])
        guard let ended = try find(gather.id, owner: gather.ownerID) else {
            throw ClubhouseError.gatherNotFound(gather.id)
        }
        return ended
    }

    package func delete(_ id: Gather.ID, owner: User.ID) throws -> Bool {
        try db.cachedStatement(sql: "DELETE FROM gathers WHERE id = ? AND owner_id = ?").execute(arguments: [id, owner])
        return db.changesCount > 0
    }

    package func countEnded(owner: User.ID) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT count(*) FROM gathers WHERE owner_id = ? AND ended_at IS NOT NULL"),
            arguments: [owner])
            ?? 0
    }

    package func ended(owner: User.ID, limit: Int?) throws -> [Gather] {
        try gathers(
            where: "owner_id = ? AND ended_at IS NOT NULL ORDER BY ended_at DESC, id DESC LIMIT ?",
            [owner, limit ?? -1])
    }

    // MARK: Reading

    private static let columns = """
        id, owner_id, started_at, ended_at, winner, score_a, score_b, timer_duration_ms, timer_state,
        timer_remaining_ms, timer_started_ms, timer_played_ms
        """

    /// The gathers a condition selects, each with its players (read in one more query).
    private func gathers(where condition: String, _ arguments: StatementArguments) throws -> [Gather] {
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT \(Self.columns) FROM gathers WHERE \(condition)"), arguments: arguments)
        guard !rows.isEmpty else { return [] }
        var gathers = try rows.map(Self.gather)
        let ids = gathers.map(\.id)
        var index: [Gather.ID: Int] = [:]
        for (position, id) in ids.enumerated() { index[id] = position }
        // A player still there shows as they are now while the gather is in progress; history
        // (and a deleted player) shows the copy kept with the gather.
        let playerRows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT gp.gather_id, gp.team, gp.player_id, gp.name, gp.age, gp.skill, gp.position, gp.favourite_team,
                        g.ended_at IS NULL AND p.id IS NOT NULL AS live,
                        p.name AS live_name, p.age AS live_age, p.skill AS live_skill, p.position AS live_position,
                        p.favourite_team AS live_favourite_team
                    FROM gather_players gp
                    JOIN gathers g ON g.id = gp.gather_id
                    LEFT JOIN players p ON p.id = gp.player_id AND p.owner_id = g.owner_id
                    WHERE gp.gather_id IN (SELECT value FROM json_each(?))
                    ORDER BY gp.gather_id, gp.team, gp.seat
                    """),
            arguments: ["[" + ids.map(String.init).joined(separator: ",") + "]"])
        for row in playerRows {
            let gatherID: Gather.ID = try RowDecoding.required(row, "gather_id", what: "a gather's player")
            guard let position = index[gatherID] else { continue }
            let teamName: String = try RowDecoding.required(row, "team", what: "a player of gather \(gatherID)")
            let player = try Self.player(row, gather: gatherID)
            switch Team(rawValue: teamName) {
            case .a: gathers[position].teamA.append(player)
            case .b: gathers[position].teamB.append(player)
            case nil:
                throw ClubhouseError.unreadableRecord(
                    what: "a player of gather \(gatherID)", reason: "unknown team '\(teamName)'")
            }
        }
        return gathers
    }

    private static func gather(_ row: Row) throws -> Gather {
        let id: Gather.ID = try RowDecoding.required(row, "id", what: "a gather")
        let what = "gather \(id)"
        let state = RowDecoding.lenient(row, "timer_state").flatMap(GatherTimer.State.init(rawValue:)) ?? .paused
        let timer = GatherTimer(
            duration: RowDecoding.lenient(row, "timer_duration_ms") ?? GatherTimer.defaultDuration, state: state,
            remainingAtAnchor: RowDecoding.lenient(row, "timer_remaining_ms") ?? 0,
            startedAt: RowDecoding.lenient(row, "timer_started_ms"),
            playedBeforeAnchor: RowDecoding.lenient(row, "timer_played_ms") ?? 0)
        let score = Score(stored: RowDecoding.lenient(row, "score_a") ?? 0, RowDecoding.lenient(row, "score_b") ?? 0)
        var ending: Gather.Ending?
        if let endedAt: String = try RowDecoding.required(row, "ended_at", what: what) {
            let winnerName: String? = RowDecoding.lenient(row, "winner")
            ending = Gather.Ending(
                endedAt: endedAt, winner: winnerName.flatMap(Winner.init(rawValue:)) ?? Winner(score))
        }
        let owner: User.ID = try RowDecoding.required(row, "owner_id", what: what)
        let startedAt: String = try RowDecoding.required(row, "started_at", what: what)
        return Gather(
            id: id, ownerID: owner, startedAt: startedAt, teamA: [], teamB: [], score: score, timer: timer,
            ending: ending)
    }

    private static func player(_ row: Row, gather: Gather.ID) throws -> GatherPlayer {
        let what = "a player of gather \(gather)"
        let live: Bool = try RowDecoding.required(row, "live", what: what)
        let prefix = live ? "live_" : ""
        let id: Player.ID? = RowDecoding.lenient(row, "player_id")
        let name: String = try RowDecoding.required(row, prefix + "name", what: what)
        let age: Int? = RowDecoding.lenient(row, prefix + "age")
        let skill: String? = RowDecoding.lenient(row, prefix + "skill")
        let position: String? = RowDecoding.lenient(row, prefix + "position")
        let team: String? = RowDecoding.lenient(row, prefix + "favourite_team")
        // An unknown stored value shows as unset rather than failing the whole gather.
        return GatherPlayer(
            playerID: id, name: name, age: age, skill: skill.flatMap(Skill.init(rawValue:)),
            position: position.flatMap(Position.init(rawValue:)), favouriteTeam: team)
    }
}
