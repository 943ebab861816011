public struct ListPlayers {
    private let players: any PlayerRepository

    public init(players: any PlayerRepository) {
        self.players = players
    }

    public func callAsFunction(owner: User.ID) throws -> [Player] {
        try players.all(owner: owner)
    }

    /// Each of the owner's players in turn, never all of them in memory.
    public func each(owner: User.ID, _ body: (Player) throws -> Void) throws {
        try players.each(owner: owner, body)
    }

    /// The owner's players summed up for sizing a table, without making a `Player` of each.
    public func summarize(owner: User.ID, otherName: (String) throws -> Void) throws -> PlayerListSummary {
        try players.summarize(owner: owner, otherName: otherName)
    }

    public func count(owner: User.ID) throws -> Int {
        try players.count(owner: owner)
    }
}
