/// Deletes one of the user's players. Gathers they played in keep their name, team and position.
package struct DeletePlayer {
    private let players: any PlayerRepository

    package init(players: any PlayerRepository) {
        self.players = players
    }

    package func callAsFunction(_ id: Player.ID, owner: User.ID) throws {
        guard try players.delete(id, owner: owner) else { throw ClubhouseError.playerNotFound(id) }
    }
}
