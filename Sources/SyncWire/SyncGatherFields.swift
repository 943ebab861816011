import ClubhouseDomain

/// A gather's synced fields, typed: its outcome, its countdown's anchor and its teams as they
/// were. Instants are Unix ms (in the server's clock on the wire).
public struct SyncGatherFields: Sendable, Equatable, Hashable {
    public static let names = [
        "startedAt", "endedAt", "winner", "scoreA", "scoreB", "timerDurationMs", "timerState", "timerRemainingMs",
        "timerStartedMs", "timerPlayedMs", "teams",
    ]
    /// The fields that are instants (the others are durations, counts and names).
    public static let instantNames = ["startedAt", "endedAt", "timerStartedMs"]

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

    /// A create's fields (`base` nil: every field must be present), or `base` with a put's
    /// present fields written over it.
    public init(_ fields: SyncFields, over base: SyncGatherFields? = nil) throws(SyncFieldError) {
        let reader = try SyncFieldReader(fields, names: Self.names)
        let instant = "an integer (Unix ms)"
        let optionalInstant = "an integer (Unix ms) or null"
        let milliseconds = "an integer (ms)"
        startedAt = try reader.read("startedAt", base?.startedAt, expected: instant, SyncFieldReader.int64)
        endedAt = try reader.read(
            "endedAt", base.map(\.endedAt), expected: optionalInstant, SyncFieldReader.optionalInt64)
        winner = try reader.read(
            "winner", base.map(\.winner), expected: "a string or null", SyncFieldReader.optionalString)
        scoreA = try reader.read("scoreA", base?.scoreA, expected: "an integer", SyncFieldReader.int)
        scoreB = try reader.read("scoreB", base?.scoreB, expected: "an integer", SyncFieldReader.int)
        timerDurationMs = try reader.read(
            "timerDurationMs", base?.timerDurationMs, expected: milliseconds, SyncFieldReader.int64)
        timerState = try reader.read("timerState", base?.timerState, expected: "a string", SyncFieldReader.string)
        timerRemainingMs = try reader.read(
            "timerRemainingMs", base?.timerRemainingMs, expected: milliseconds, SyncFieldReader.int64)
        timerStartedMs = try reader.read(
            "timerStartedMs", base.map(\.timerStartedMs), expected: optionalInstant, SyncFieldReader.optionalInt64)
        timerPlayedMs = try reader.read(
            "timerPlayedMs", base?.timerPlayedMs, expected: milliseconds, SyncFieldReader.int64)
        teams = try reader.read(
            "teams", base?.teams, expected: #"an object {"a":[seat…],"b":[seat…]}"#,
            { SyncTeams($0, over: base?.teams) })
    }

    /// Every field, as a create sends it.
    public var fields: SyncFields {
        [
            "startedAt": .int(startedAt), "endedAt": SyncValue(endedAt), "winner": SyncValue(winner),
            "scoreA": .int(Int64(scoreA)), "scoreB": .int(Int64(scoreB)), "timerDurationMs": .int(timerDurationMs),
            "timerState": .string(timerState), "timerRemainingMs": .int(timerRemainingMs),
            "timerStartedMs": SyncValue(timerStartedMs), "timerPlayedMs": .int(timerPlayedMs), "teams": teams.value,
        ]
    }

    /// The names of the fields whose values differ from `other`'s.
    public func changedFields(from other: SyncGatherFields) -> [String] {
        let mine = fields
        let theirs = other.fields
        return Self.names.filter { mine[$0] != theirs[$0] }
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
