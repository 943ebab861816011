/// A Football Gather match: two teams of the user's players, a score and a countdown. In progress
/// until it is ended (kept in history with its winner) or cancelled (gone).
public struct Gather: Equatable, Sendable {
    public typealias ID = Int64

    public var id: ID
    public var ownerID: User.ID
    /// ISO-8601, UTC.
    public var startedAt: String
    public var teamA: [GatherPlayer]
    public var teamB: [GatherPlayer]
    public var score: Score
    public var timer: GatherTimer
    /// Set when the gather ended; nil while it is in progress.
    public var ending: Ending?
    /// Values of its row and of its players' this version cannot show as stored (a file edited
    /// by hand).
    public var unshowableValues: [UnshowableValue]

    public struct Ending: Equatable, Sendable {
        /// ISO-8601, UTC.
        public var endedAt: String
        public var winner: Winner

        public init(endedAt: String, winner: Winner) {
            self.endedAt = endedAt
            self.winner = winner
        }
    }

    public init(
        id: ID, ownerID: User.ID, startedAt: String, teamA: [GatherPlayer], teamB: [GatherPlayer],
        score: Score = Score(), timer: GatherTimer = GatherTimer(), ending: Ending? = nil,
        unshowableValues: [UnshowableValue] = []
    ) {
        self.id = id
        self.ownerID = ownerID
        self.startedAt = startedAt
        self.teamA = teamA
        self.teamB = teamB
        self.score = score
        self.timer = timer
        self.ending = ending
        self.unshowableValues = unshowableValues
    }

    public var isInProgress: Bool { ending == nil }

    public func players(of team: Team) -> [GatherPlayer] {
        team == .a ? teamA : teamB
    }
}

public enum Team: String, CaseIterable, Sendable {
    case a, b

    public var name: String { self == .a ? "Team A" : "Team B" }
}

/// Who won, as the app names it.
public enum Winner: String, CaseIterable, Sendable {
    case teamA = "Team A"
    case teamB = "Team B"
    case none = "None"

    public init(_ score: Score) {
        self = score.a > score.b ? .teamA : score.b > score.a ? .teamB : .none
    }
}

/// Each team's goals, within the app's stepper range.
public struct Score: Equatable, Sendable {
    public static let range = 0...100

    public private(set) var a: Int
    public private(set) var b: Int

    public init() {
        a = 0
        b = 0
    }

    /// A score given in full (`--set 3-2`); each side must be in range.
    public init(a: Int, b: Int) throws(ClubhouseError) {
        guard Self.range.contains(a), Self.range.contains(b) else {
            throw .invalidInput(
                "each team's score must be between \(Self.range.lowerBound) and \(Self.range.upperBound)")
        }
        self.a = a
        self.b = b
    }

    /// Read from storage, where out-of-range values are clamped rather than trusted.
    public init(stored a: Int, _ b: Int) {
        self.a = min(max(a, Self.range.lowerBound), Self.range.upperBound)
        self.b = min(max(b, Self.range.lowerBound), Self.range.upperBound)
    }

    public subscript(team: Team) -> Int { team == .a ? a : b }

    /// One goal more or less for `team`, staying within range as the stepper does.
    public mutating func step(_ team: Team, by delta: Int) {
        let value = min(max(self[team] + delta, Self.range.lowerBound), Self.range.upperBound)
        if team == .a { a = value } else { b = value }
    }

    /// "2-1"
    public var text: String { "\(a)-\(b)" }

    /// Why a goal more or less for `team` leaves the score as it is (the stepper's ends), or nil
    /// when it moves it.
    public func unmoved(_ team: Team, by delta: Int) -> String? {
        var stepped = self
        stepped.step(team, by: delta)
        guard stepped == self, delta != 0 else { return nil }
        return delta < 0
            ? "\(team.name) has no goal to take back; the score stays \(a)–\(b)"
            : "\(team.name) already has \(Self.range.upperBound) goals, the most a score holds; the score stays \(a)–\(b)"
    }
}

/// A player as they played in a gather. Their fields are kept with the gather, so a player
/// deleted (or renamed) later still shows as they were; `playerID` is nil once deleted.
@dynamicMemberLookup
public struct GatherPlayer: Equatable, Sendable {
    public var playerID: Player.ID?
    public var fields: PlayerFields
    /// Values this version cannot show as stored (a file edited by hand): of the player's row
    /// while the gather is in progress, else of the copy kept with the gather.
    public var unshowableValues: [UnshowableValue]

    public init(playerID: Player.ID?, fields: PlayerFields, unshowableValues: [UnshowableValue] = []) {
        self.playerID = playerID
        self.fields = fields
        self.unshowableValues = unshowableValues
    }

    public init(_ player: Player) {
        self.init(playerID: player.id, fields: player.fields)
    }

    @inlinable
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<PlayerFields, Value>) -> Value {
        get { fields[keyPath: keyPath] }
        set { fields[keyPath: keyPath] = newValue }
    }
}

extension Gather: ShowsStoredValues {}
extension GatherPlayer: ShowsStoredValues {}

extension Position {
    /// The app's acronym on the gather screen.
    public var acronym: String {
        switch self {
        case .goalkeeper: "GK"
        case .defender: "DEF"
        case .midfielder: "MID"
        case .winger: "W"
        case .striker: "ST"
        }
    }
}
