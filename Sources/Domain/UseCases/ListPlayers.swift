public struct ListPlayers {
    private let players: any PlayerRepository

    public init(players: any PlayerRepository) {
        self.players = players
    }

    public func callAsFunction(owner: User.ID) throws -> [Player] {
        try players.all(owner: owner)
    }
}
