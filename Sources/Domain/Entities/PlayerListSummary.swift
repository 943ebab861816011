/// What a table of the owner's players needs to size its columns, gathered in one pass that
/// makes no `Player` of each row: a list of a million players is read once to size the table and
/// once to print it, and the first read is then several times cheaper than the second.
/// Every value is that of the players as `PlayerRepository.each` gives them.
public struct PlayerListSummary: Equatable, Sendable {
    /// The smallest and largest id (nil without players).
    public var ids: ClosedRange<Player.ID>?
    /// The smallest and largest age (nil when no player has one).
    public var ages: ClosedRange<Int>?
    public var anyWithoutAge = false
    /// The skills and positions that occur, nil standing for a player without one.
    public var skills: [Skill?] = []
    public var positions: [Position?] = []
    /// The most bytes of a plain name (`PlainText`); every other name is handed on by itself.
    public var longestPlainName = 0

    public init() {}

    public var isEmpty: Bool { ids == nil }

    /// Counts `player` in, its name as a name that is not plain (for a caller that has Players).
    public mutating func include(_ player: Player) {
        ids = ids.map { min($0.lowerBound, player.id)...max($0.upperBound, player.id) } ?? player.id...player.id
        if let age = player.age {
            ages = ages.map { min($0.lowerBound, age)...max($0.upperBound, age) } ?? age...age
        } else {
            anyWithoutAge = true
        }
        if !skills.contains(player.skill) { skills.append(player.skill) }
        if !positions.contains(player.position) { positions.append(player.position) }
    }
}

/// Text shown as it is, one terminal column a byte: printable ASCII other than the backslash
/// (which front ends use to escape everything else). Shared by the CLI's escaping and the
/// repositories that measure names without decoding them, so that the two cannot disagree.
public enum PlainText {
    @inline(__always)
    public static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\")
    }
}
