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

    public func count(owner: User.ID) throws -> Int {
        try players.count(owner: owner)
    }
}
