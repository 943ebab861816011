import ClubhouseDomain
import ClubhouseSyncWire
import PostgresNIO

/// Gathers by key, as every write reaches them (a push, or a REST write as a change with no
/// device): the row (outcome and the countdown's anchor) and its seats, each naming its player by
/// key (null once the player is gone). The Domain's rules for scores, timers, outcomes and teams,
/// and one gather in progress per account.
extension GatherStore: SyncRecordStore {
    static let entity = SyncEntity.gather

    /// A seat's vocabulary: each wire name and its column of `gather_players` (`player` is the
    /// player's key, through `player_id`).
    static let seatColumns: [(wire: String, column: String)] =
        [("player", "player_id")] + SyncPlayerFields.declared.map { ($0.wire, $0.column) }

    /// The columns of a seat's player fields, each prefixed (`p.name, p.age, …`).
    private static func seatList(_ prefix: String = "") -> String {
        SyncPlayerFields.declared.map { prefix + $0.column }.joined(separator: ", ")
    }

    /// A seat's player fields from the wire's seat `s.seat`, in `seatList`'s order.
    private static let seatValues = SyncPlayerFields.declared.map {
        $0.rule.isInteger ? "(s.seat->>'\($0.wire)')::integer" : "s.seat->>'\($0.wire)'"
    }.joined(separator: ", ")

    /// A team's seats as the wire's array, from the gather row `t`.
    private static func seats(_ team: String) -> String {
        let fields = seatColumns.map { seat in
            seat.wire == "player" ? "'player', p.key::text" : "'\(seat.wire)', gp.\(seat.column)"
        }
        return """
            coalesce((SELECT jsonb_agg(jsonb_build_object(\(fields.joined(separator: ", "))) ORDER BY gp.seat)
                      FROM gather_players gp LEFT JOIN players p ON p.id = gp.player_id
                      WHERE gp.gather_id = t.id AND gp.team = '\(team)'), '[]'::jsonb)
            """
    }

    /// The gathers' vocabulary: each wire name and its column (teams are `gather_players`).
    static let table = SyncTable(
        name: "gathers", keyColumn: "key", keyType: "uuid",
        columns: GatherField.synced.map(SyncColumn.declared) + [
            .derived(
                SyncGatherFields.teamsName, read: "jsonb_build_object('a', \(seats("a")), 'b', \(seats("b")))")
        ])

    func insert(_ records: [(key: String, fields: SyncGatherFields)], owner: User.ID) async throws {
        let json = try Self.json(records)
        try await connection.run(Self.table.insert(json, owner: owner), logger: logger)
        try await insertSeats(json, owner: owner)
    }

    func update(_ records: [(key: String, fields: SyncGatherFields)], owner: User.ID) async throws {
        let json = try Self.json(records)
        try await connection.run(Self.table.update(json, owner: owner), logger: logger)
        try await connection.run(
            """
            DELETE FROM gather_players gp USING gathers g
            WHERE gp.gather_id = g.id AND g.owner_id = \(owner) AND g.key = ANY(\(records.map(\.key))::uuid[])
            """, logger: logger)
        try await insertSeats(json, owner: owner)
    }

    /// Every seat of the gathers given as JSON, in one statement: a seat names its player by key,
    /// and one the account does not hold is kept with no player.
    private func insertSeats(_ json: String, owner: User.ID) async throws {
        try await connection.run(
            """
            INSERT INTO gather_players (gather_id, team, seat, player_id, \(unescaped: Self.seatList()))
            SELECT g.id, team.name, s.ord - 1, p.id, \(unescaped: Self.seatValues)
            FROM jsonb_array_elements(\(json)::jsonb) AS e(r)
            JOIN gathers g ON g.owner_id = \(owner) AND g.key = (r->>'key')::uuid
            CROSS JOIN (VALUES ('a'), ('b')) AS team(name)
            CROSS JOIN LATERAL jsonb_array_elements(r->'teams'->team.name) WITH ORDINALITY AS s(seat, ord)
            LEFT JOIN players p ON p.owner_id = \(owner) AND p.key = (s.seat->>'player')::uuid
            """, logger: logger)
    }

    /// Before player `player` is deleted: every gather in progress they sit in keeps them as last
    /// seen (their fields now, not as the gather started), as a device's delete does. Returns each
    /// gather whose seats changed, as now stored, for the log: a device applies a pulled delete
    /// without reading its own copy of the player, so the seats reach it only through the log.
    func keepSeats(ofPlayer player: String, owner: User.ID) async throws -> [(key: String, fields: SyncGatherFields)] {
        let rows = try await connection.run(
            """
            UPDATE gather_players gp SET (\(unescaped: Self.seatList())) = (\(unescaped: Self.seatList("p.")))
            FROM players p, gathers g
            WHERE p.owner_id = \(owner) AND p.key = \(player)::uuid AND gp.player_id = p.id
              AND g.id = gp.gather_id AND g.owner_id = \(owner) AND g.ended_at IS NULL
              AND (\(unescaped: Self.seatList("gp."))) IS DISTINCT FROM (\(unescaped: Self.seatList("p.")))
            RETURNING g.key::text
            """, logger: logger)
        var keys: [String] = []
        for try await key in rows.decode(String.self) where !keys.contains(key) { keys.append(key) }
        let gathers = try await find(keys: keys, owner: owner)
        return keys.compactMap { key in gathers[key].map { (key, $0) } }
    }

    static var referenced: SyncEntity? { .player }
    static func references(_ fields: SyncGatherFields) -> [String] {
        (fields.teams.a + fields.teams.b).compactMap(\.player).filter(SyncKey.isUUIDKey)
    }

    static func validated(_ fields: SyncGatherFields, key: String, present known: Set<String>)
        throws(SyncRefusalReason) -> SyncGatherFields
    {
        var checked = fields
        do throws(ClubhouseError) {
            _ = try Score(a: fields.scoreA, b: fields.scoreB)
        } catch {
            throw SyncRefusalReason.invalid(error)
        }
        func invalid(_ message: String) -> SyncRefusalReason { SyncRefusalReason(.invalid, message) }
        for field in GatherField.instants {
            do throws(ClubhouseError) {
                _ = try field.rule.validated(fields[field], field: field.wire, required: field.isRequired)
            } catch {
                throw SyncRefusalReason.invalid(error)
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
        func seats(_ seats: [SyncSeat]) throws(SyncRefusalReason) -> [SyncSeat] {
            var checkedSeats: [SyncSeat] = []
            for seat in seats {
                checkedSeats.append(
                    SyncSeat(
                        player: seat.player.flatMap { known.contains($0) ? $0 : nil },
                        fields: try PlayerStore.validated(seat.fields)))
            }
            return checkedSeats
        }
        checked.teams = SyncTeams(a: try seats(fields.teams.a), b: try seats(fields.teams.b))
        return checked
    }

    /// One gather in progress per account: a gather that would be in progress while another is
    /// loses (the later start).
    static func mayConflict(_ fields: SyncGatherFields, existing: SyncGatherFields?) -> Bool {
        fields.isInProgress && existing?.isInProgress != true
    }

    func conflict(_ fields: SyncGatherFields, key: String, owner: User.ID) async throws -> SyncRefusalReason? {
        let rows = try await connection.run(
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
    static let groups: [Set<String>] = [GatherField.countdown, [.endedAt, .winner]].map { Set($0.map(\.wire)) }

    /// The names a put setting `names` logs.
    static func logged(_ names: some Sequence<String>) -> Set<String> {
        var logged = Set(names)
        for group in groups where !group.isDisjoint(with: logged) { logged.formUnion(group) }
        return logged
    }

    /// The score and countdown fields that differ between two states of a gather, as the wire
    /// names them (a rule of `PlayGather` or `EndGather` applied to `old`).
    static func changedOutcome(from old: Gather, to new: Gather) -> SyncFields {
        let (before, after) = (SyncGatherFields.outcome(of: old), SyncGatherFields.outcome(of: new))
        var changed = SyncFields()
        for (field, (was, now)) in zip(GatherField.outcome, zip(before, after)) where was != now {
            changed[field.wire] = SyncValue(now)
        }
        return changed
    }

    /// An ended gather can no longer change (`PlayGather`'s rule, with its sentence).
    static func closed(_ existing: SyncGatherFields) -> SyncRefusalReason? {
        guard existing.endedAt != nil else { return nil }
        return SyncRefusalReason(.invalid, "\(label(existing)) has ended; it can no longer change")
    }

    static func label(_ fields: SyncGatherFields) -> String {
        "the gather started \(SyncInstant.text(fields.startedAt))"
    }
}
