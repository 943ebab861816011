import ClubhouseDomain

/// A gather's synced fields, typed: one per declared field (`GatherField`: its outcome and its
/// countdown's anchor), then its teams as they were. Instants are Unix ms (in the server's clock
/// on the wire).
public struct SyncGatherFields: RecordValues, Sendable, Equatable, Hashable {
    /// The declared fields' wire names, then `teams`.
    public static let names = GatherField.synced.map(\.wire) + [teamsName]
    /// The fields that are instants (the others are durations, counts and names).
    public static let instantNames = GatherField.instants.map(\.wire)
    public static let teamsName = "teams"

    public var startedAt: Int64
    /// nil while in progress.
    public var endedAt: Int64?
    /// "Team A", "Team B" or "None"; nil while in progress.
    public var winner: String?
    public var scoreA: Int
    public var scoreB: Int
    public var timerDurationMs: Int64
    /// "stopped", "running" or "paused".
    public var timerState: String
    public var timerRemainingMs: Int64
    /// When the running period began; nil unless running.
    public var timerStartedMs: Int64?
    public var timerPlayedMs: Int64
    public var teams: SyncTeams

    public init(
        startedAt: Int64, endedAt: Int64? = nil, winner: String? = nil, scoreA: Int = 0, scoreB: Int = 0,
        timerDurationMs: Int64 = 600_000, timerState: String = "stopped", timerRemainingMs: Int64 = 600_000,
        timerStartedMs: Int64? = nil, timerPlayedMs: Int64 = 0, teams: SyncTeams
    ) {
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.winner = winner
        self.scoreA = scoreA
        self.scoreB = scoreB
        self.timerDurationMs = timerDurationMs
        self.timerState = timerState
        self.timerRemainingMs = timerRemainingMs
        self.timerStartedMs = timerStartedMs
        self.timerPlayedMs = timerPlayedMs
        self.teams = teams
    }

    /// Whether the gather is still being played.
    public var isInProgress: Bool { endedAt == nil }

    /// `gather`'s score and its countdown's anchor (what `PlayGather` changes), one value per
    /// field of `GatherField.outcome`, in its order.
    public static func outcome(of gather: Gather) -> [FieldValue] {
        let timer = gather.timer
        var fields = SyncGatherFields(startedAt: 0, teams: SyncTeams(a: [], b: []))
        (fields.scoreA, fields.scoreB) = (gather.score.a, gather.score.b)
        (fields.timerDurationMs, fields.timerState) = (timer.duration, timer.state.rawValue)
        (fields.timerRemainingMs, fields.timerStartedMs) = (timer.remainingAtAnchor, timer.startedAt)
        fields.timerPlayedMs = timer.playedBeforeAnchor
        return GatherField.outcome.map { fields[$0] }
    }

    /// A field's value as the wire carries it. Setting a value of another type sets none, or 0
    /// for a required number (the reader gives each field its own type).
    public subscript(field: GatherField) -> FieldValue {
        get {
            switch field {
            case .startedAt: .integer(startedAt)
            case .endedAt: FieldValue(endedAt)
            case .winner: FieldValue(winner)
            case .scoreA: FieldValue(scoreA)
            case .scoreB: FieldValue(scoreB)
            case .timerDurationMs: .integer(timerDurationMs)
            case .timerState: .text(timerState)
            case .timerRemainingMs: .integer(timerRemainingMs)
            case .timerStartedMs: FieldValue(timerStartedMs)
            case .timerPlayedMs: .integer(timerPlayedMs)
            }
        }
        set {
            switch field {
            case .startedAt: startedAt = newValue.integer ?? 0
            case .endedAt: endedAt = newValue.integer
            case .winner: winner = newValue.text
            case .scoreA: scoreA = Int(truncatingIfNeeded: newValue.integer ?? 0)
            case .scoreB: scoreB = Int(truncatingIfNeeded: newValue.integer ?? 0)
            case .timerDurationMs: timerDurationMs = newValue.integer ?? 0
            case .timerState: timerState = newValue.text ?? ""
            case .timerRemainingMs: timerRemainingMs = newValue.integer ?? 0
            case .timerStartedMs: timerStartedMs = newValue.integer
            case .timerPlayedMs: timerPlayedMs = newValue.integer ?? 0
            }
        }
    }

    /// A create's fields (`base` nil: every field must be present), or `base` with a put's
    /// present fields written over it.
    public init(_ fields: SyncFields, over base: SyncGatherFields? = nil) throws(SyncFieldError) {
        let reader = try SyncFieldReader(fields, names: Self.names)
        let values = try reader.values(
            GatherField.synced, over: base.map { base in GatherField.synced.map { base[$0] } })
        let teams = try reader.read(
            Self.teamsName, base?.teams, expected: #"an object {"a":[seat…],"b":[seat…]}"#,
            { SyncTeams($0, over: base?.teams) })
        self.init(startedAt: 0, teams: teams)
        for (field, value) in zip(GatherField.synced, values) { self[field] = value }
    }

    /// Every field, as a create sends it.
    public var fields: SyncFields {
        var fields = SyncFields(minimumCapacity: Self.names.count)
        for field in GatherField.synced { fields[field.wire] = SyncValue(self[field]) }
        fields[Self.teamsName] = teams.value
        return fields
    }

    /// The gather these fields stand for, without its seats (which name players by key): its
    /// start, its result, its score and its countdown's anchor, read within the rules.
    public func gather(id: Gather.ID, ownerID: User.ID) -> Gather {
        let timer = GatherTimer(
            duration: timerDurationMs, state: GatherTimer.State(rawValue: timerState) ?? .stopped,
            remainingAtAnchor: timerRemainingMs, startedAt: timerStartedMs, playedBeforeAnchor: timerPlayedMs)
        let ending = endedAt.map {
            Gather.Ending(endedAt: FieldRule.instantText($0), winner: Winner(rawValue: winner ?? "") ?? .none)
        }
        return Gather(
            id: id, ownerID: ownerID, startedAt: FieldRule.instantText(startedAt), teamA: [], teamB: [],
            score: Score(stored: scoreA, scoreB), timer: timer, ending: ending)
    }

    /// The names of the fields whose values differ from `other`'s.
    public func changedFields(from other: SyncGatherFields) -> [String] {
        var changed = GatherField.synced.filter { self[$0] != other[$0] }.map(\.wire)
        if teams != other.teams { changed.append(Self.teamsName) }
        return changed
    }
}

/// A gather's two teams, seats in order.
public struct SyncTeams: Sendable, Equatable, Hashable {
    public var a: [SyncSeat]
    public var b: [SyncSeat]

    public init(a: [SyncSeat], b: [SyncSeat]) {
        self.a = a
        self.b = b
    }

    /// Read from its wire value; nil when it is not `{"a":[seat…],"b":[seat…]}`. A seat without a
    /// field of a later wire (from a device that does not know it) keeps that field as `base`
    /// held it for the same player (by key, else by team and place), none for a new seat.
    public init?(_ value: SyncValue, over base: SyncTeams? = nil) {
        guard let object = value.objectValue, object.count == 2,
            let a = object["a"]?.arrayValue, let b = object["b"]?.arrayValue
        else { return nil }
        func held(_ seat: SyncValue, _ index: Int, _ team: [SyncSeat]?) -> SyncSeat? {
            guard let base else { return nil }
            if let key = seat.objectValue?["player"]?.stringValue {
                return (base.a + base.b).first { $0.player == key }
            }
            return team.flatMap { $0.indices.contains(index) && $0[index].player == nil ? $0[index] : nil }
        }
        let seatsA = a.enumerated().compactMap { SyncSeat($1, over: held($1, $0, base?.a)) }
        let seatsB = b.enumerated().compactMap { SyncSeat($1, over: held($1, $0, base?.b)) }
        guard seatsA.count == a.count, seatsB.count == b.count else { return nil }
        self.a = seatsA
        self.b = seatsB
    }

    public var value: SyncValue { .object(["a": .array(a.map(\.value)), "b": .array(b.map(\.value))]) }
}

/// A player as they played in a gather: their key (nil once deleted) and their fields then.
public struct SyncSeat: Sendable, Equatable, Hashable {
    public static let names = ["player"] + SyncPlayerFields.names

    /// The player's key, nil once the player was deleted.
    public var player: String?
    public var fields: SyncPlayerFields

    public init(player: String?, fields: SyncPlayerFields) {
        self.player = player
        self.fields = fields
    }

    /// Read from its wire value; nil unless every field is present with its type (a field of a
    /// later wire may be absent, from a device that does not know it: as `base` held it, or none).
    public init?(_ value: SyncValue, over base: SyncSeat? = nil) {
        guard let object = value.objectValue, object.keys.allSatisfy(Self.names.contains),
            let player = object["player"].flatMap(SyncFieldReader.optionalString)
        else { return nil }
        var values: [FieldValue] = []
        for field in SyncPlayerFields.declared {
            let kept = SyncValue(base?.fields[field] ?? .null)
            let stated = object[field.wire] ?? (field.wireVersion > SyncWireVersion.unstated ? kept : nil)
            guard let value = stated.flatMap(field.fieldValue) else { return nil }
            values.append(value)
        }
        self.init(player: player, fields: SyncPlayerFields(values: values))
    }

    public var value: SyncValue {
        var object = fields.fields
        object["player"] = SyncValue(player)
        return .object(object)
    }
}
