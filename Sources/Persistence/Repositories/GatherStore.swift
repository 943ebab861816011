import ClubhouseDomain
import ClubhouseSyncWire
import GRDB

/// Gathers and their players. Every column is read with GRDB's throwing decoding, so a tampered
/// row never crashes: a score or timer value of the wrong type or out of range is brought back to
/// something valid (the gather stays playable) and noted in the gather's `unshowableValues`, and
/// what cannot be (its id, owner, start, a player's team) is `ClubhouseError.unreadableRecord`,
/// which the screens showing it turn into a cut.
package struct GatherStore: GatherRepository {
    let db: Database

    /// Unix milliseconds as the ISO-8601 text every other table stores.
    private static let isoTime = "strftime('%Y-%m-%dT%H:%M:%fZ', ? / 1000.0, 'unixepoch')"

    package func insert(owner: User.ID, teamA: [Player], teamB: [Player], at now: Milliseconds) throws -> Gather {
        let timer = GatherTimer()
        try db.cachedStatement(
            sql: """
                INSERT INTO gathers (owner_id, \(GatherField.startedAt.column), \(GatherField.timerDurationMs.column),
                    \(GatherField.timerState.column), \(GatherField.timerRemainingMs.column))
                VALUES (?, \(Self.isoTime), ?, ?, ?)
                """
        ).execute(arguments: [owner, now, timer.duration, timer.state.rawValue, timer.remainingAtAnchor])
        let id = db.lastInsertedRowID
        let statement = try db.makeStatement(sql: Self.insertSeat)
        for (team, players) in [(Team.a, teamA), (Team.b, teamB)] {
            for (seat, player) in players.enumerated() {
                var arguments: StatementArguments = [id, team.rawValue, seat, player.id]
                for field in PlayerField.allCases { arguments += [player.fields[field].databaseValue] }
                try statement.execute(arguments: arguments)
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

    /// Sets what play changes: the score and the countdown's anchor.
    private static let updateOutcome =
        "UPDATE gathers SET \(GatherField.outcome.map { "\($0.column) = ?" }.joined(separator: ", ")) WHERE id = ? AND owner_id = ?"

    package func update(_ gather: Gather) throws {
        var arguments = StatementArguments(SyncGatherFields.outcome(of: gather).map(\.databaseValue))
        arguments += [gather.id, gather.ownerID]
        try db.cachedStatement(sql: Self.updateOutcome).execute(arguments: arguments)
    }

    package func end(_ gather: Gather, at now: Milliseconds) throws -> Gather {
        try update(gather)
        try db.cachedStatement(
            sql: """
                UPDATE gathers SET \(GatherField.endedAt.column) = \(Self.isoTime), \(GatherField.winner.column) = ?
                WHERE id = ? AND owner_id = ?
                """
        ).execute(arguments: [now, Winner(gather.score).rawValue, gather.id, gather.ownerID])
        // History keeps each player as they were when the gather ended.
        try db.cachedStatement(
            sql: """
                UPDATE gather_players SET (\(PlayerColumns.list)) =
                    (SELECT \(PlayerColumns.list) FROM players WHERE players.id = player_id)
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

    package func ended(owner: User.ID, after id: Gather.ID?, limit: Int) throws -> [Gather] {
        guard limit > 0 else { return [] }
        guard let id else { return try ended(owner: owner, limit: limit) }
        guard let anchor = try place(of: id, owner: owner) else { return [] }
        return try gathers(
            where: """
                owner_id = ? AND ended_at IS NOT NULL AND (ended_at, id) \(anchor.inclusive ? "<=" : "<") (?, ?)
                ORDER BY ended_at DESC, id DESC LIMIT ?
                """, [owner, anchor.endedAt, anchor.id, limit])
    }

    package func ended(owner: User.ID, before id: Gather.ID?, limit: Int) throws -> [Gather] {
        guard limit > 0 else { return [] }
        let anchor = try id.flatMap { try place(of: $0, owner: owner) }
        guard let anchor else {
            // From the oldest; also for a gather older than every one left in history.
            return try gathers(
                where: "owner_id = ? AND ended_at IS NOT NULL ORDER BY ended_at, id LIMIT ?", [owner, limit])
        }
        return try gathers(
            where: """
                owner_id = ? AND ended_at IS NOT NULL AND (ended_at, id) > (?, ?) ORDER BY ended_at, id LIMIT ?
                """, [owner, anchor.endedAt, anchor.id, limit])
    }

    /// Where gather `id` stands in history: its own place, or, when it is no longer there, the
    /// place of the next older gather (which then counts as after it). Gathers end in the order
    /// they start (one runs at a time), so the next older by id is the one that took its place.
    private func place(of id: Gather.ID, owner: User.ID) throws -> (
        endedAt: DatabaseValue, id: Int64, inclusive: Bool
    )? {
        if let row = try Row.fetchOne(
            db.cachedStatement(
                sql: "SELECT ended_at FROM gathers WHERE owner_id = ? AND id = ? AND ended_at IS NOT NULL"),
            arguments: [owner, id])
        {
            return (row[0], id, false)
        }
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT ended_at, id FROM gathers WHERE owner_id = ? AND id < ? AND ended_at IS NOT NULL
                        ORDER BY id DESC LIMIT 1
                        """),
                arguments: [owner, id]),
            let older = Int64.fromDatabaseValue(row[1])
        else { return nil }
        return (row[0], older, true)
    }

    // MARK: Reading

    private static let columns = (["id", "owner_id"] + GatherField.allCases.map(\.column)).joined(separator: ", ")

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
        // (and a deleted player) shows the copy kept with the gather. The server's dialect of
        // this rule is its GatherStore.find; RuleParityTests holds the two together.
        let playerRows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT gp.gather_id, gp.team, gp.player_id, \(PlayerColumns.list("gp")),
                        g.ended_at IS NULL AND p.id IS NOT NULL AS live, \(Self.liveColumns)
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
            gathers[position].unshowableValues += player.unshowableValues
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

    private static let insertSeat = PlayerColumns.insertSeat(PlayerField.allCases.map(\.column))

    /// The player's own columns beside the copy's: `p.name AS live_name, …`.
    private static let liveColumns = PlayerField.allCases.map { "p.\($0.column) AS live_\($0.column)" }.joined(
        separator: ", ")

    private static func gather(_ row: Row) throws -> Gather {
        let id: Gather.ID = try RowDecoding.required(row, "id", what: "a gather")
        let what = "gather \(id)"
        let owner: User.ID = try RowDecoding.required(row, "owner_id", what: what)
        var reading = RecordReading(what)
        guard let startedAt = reading.time(row.stored(GatherField.startedAt.column), GatherField.startedAt.column)
        else {
            throw ClubhouseError.unreadableRecord(what: what, reason: "started_at holds a value of the wrong type")
        }
        let timer = Self.timer(row, &reading)
        let range = Int64(Score.range.lowerBound)...Int64(Score.range.upperBound)
        let score = Score(
            stored: Int(
                reading.integer(
                    row.stored(GatherField.scoreA.column), GatherField.scoreA.column, within: range, fallback: 0)),
            Int(
                reading.integer(
                    row.stored(GatherField.scoreB.column), GatherField.scoreB.column, within: range, fallback: 0)))
        var ending: Gather.Ending?
        if let endedAt = reading.time(row.stored(GatherField.endedAt.column), GatherField.endedAt.column) {
            let fromScore = Winner(score)
            let winner: Winner? = reading.named(
                row.stored(GatherField.winner.column), GatherField.winner.column,
                shown: "shown as \(fromScore.rawValue), from the score")
            if winner == nil, row.stored(GatherField.winner.column).isNull {
                reading.note(GatherField.winner.column, "NULL", "shown as \(fromScore.rawValue), from the score")
            }
            ending = Gather.Ending(endedAt: endedAt, winner: winner ?? fromScore)
        }
        return Gather(
            id: id, ownerID: owner, startedAt: startedAt, teamA: [], teamB: [], score: score, timer: timer,
            ending: ending, unshowableValues: reading.unshowable)
    }

    /// The countdown as stored; what the rules do not allow is brought within them (as
    /// `GatherTimer.init` would) and noted.
    private static func timer(_ row: Row, _ reading: inout RecordReading) -> GatherTimer {
        let milliseconds: (Int64) -> String = { "\($0) ms" }
        let durations = GatherTimer.durationRange
        let duration = reading.integer(
            row.stored(GatherField.timerDurationMs.column), GatherField.timerDurationMs.column, within: durations,
            fallback: GatherTimer.defaultDuration, shownAs: milliseconds)
        let storedState = row.stored(GatherField.timerState.column)
        var state: GatherTimer.State =
            reading.named(storedState, GatherField.timerState.column, shown: "shown as paused") ?? .paused
        if storedState.isNull {
            reading.note(GatherField.timerState.column, "NULL", "shown as paused")
        }
        let remaining = reading.integer(
            row.stored(GatherField.timerRemainingMs.column), GatherField.timerRemainingMs.column, within: 0...duration,
            fallback: 0,
            shownAs: milliseconds)
        var startedAt: Milliseconds?
        if state == .running {
            let stored = row.stored(GatherField.timerStartedMs.column)
            startedAt = reading.integer(
                stored, GatherField.timerStartedMs.column, shown: "the countdown is shown paused")
            if stored.isNull {
                reading.note(
                    GatherField.timerStartedMs.column, "NULL while the countdown runs", "the countdown is shown paused")
            }
            if startedAt == nil { state = .paused }
        }
        let played = reading.integer(
            row.stored(GatherField.timerPlayedMs.column), GatherField.timerPlayedMs.column,
            within: 0...GatherTimer.playedLimit, fallback: 0,
            shownAs: milliseconds)
        return GatherTimer(
            duration: duration, state: state, remainingAtAnchor: remaining, startedAt: startedAt,
            playedBeforeAnchor: played)
    }

    /// A player of a gather: while the gather is in progress and the player still there, as the
    /// player is now (their row's values, named as the player); otherwise the copy kept with the
    /// gather (named as that copy).
    private static func player(_ row: Row, gather: Gather.ID) throws -> GatherPlayer {
        let live: Bool = try RowDecoding.required(row, "live", what: "a player of gather \(gather)")
        let prefix = live ? "live_" : ""
        let storedID = row.stored("player_id")
        let name = row.stored(prefix + PlayerField.name.column)
        // `live` joined the player by id, so a live player's id is a whole number.
        var reading =
            if live, case .int64(let id) = storedID.storage {
                RecordReading("player \(id)")
            } else if case .int64(let id) = storedID.storage {
                RecordReading("gather \(gather)'s player #\(id)")
            } else if let kept = RowDecoding.text(name), !kept.isEmpty {
                // Deleted, or an id that is no number: named by the name kept.
                RecordReading("gather \(gather)'s player \(StoredValueText.cut(kept))")
            } else {
                RecordReading("gather \(gather)'s unnamed player")
            }
        let id = reading.integer(storedID, "player_id", shown: "shown as deleted")
        var fields = PlayerFields(name: "")
        for field in PlayerField.allCases { fields[field] = reading.value(row.stored(prefix + field.column), field) }
        return GatherPlayer(playerID: id, fields: fields, unshowableValues: reading.unshowable)
    }
}
