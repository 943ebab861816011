package struct ShowPlayer {
    private let players: any PlayerRepository

    package init(players: any PlayerRepository) {
        self.players = players
    }

    /// The player, or `playerNotFound` when it does not exist or belongs to someone else.
    package func callAsFunction(_ id: Player.ID, owner: User.ID) throws -> Player {
        guard let player = try players.find(id, owner: owner) else { throw ClubhouseError.playerNotFound(id) }
        return player
    }
}
