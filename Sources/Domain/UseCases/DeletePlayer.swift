/// Deletes one of the user's players. Gathers they played in keep their name, team and position.
public struct DeletePlayer {
    private let players: any PlayerRepository

    public init(players: any PlayerRepository) {
        self.players = players
    }

    public func callAsFunction(_ id: Player.ID, owner: User.ID) throws {
        guard try players.delete(id, owner: owner) else { throw ClubhouseError.playerNotFound(id) }
    }
}
