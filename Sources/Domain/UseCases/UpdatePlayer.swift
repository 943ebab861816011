/// Saves an edited player, validated by the same rules as a new one.
public struct UpdatePlayer {
    private let players: any PlayerRepository

    public init(players: any PlayerRepository) {
        self.players = players
    }

    public func callAsFunction(_ id: Player.ID, to draft: PlayerDraft, owner: User.ID) throws -> Player {
        let valid = try draft.validated()
        guard let current = try players.find(id, owner: owner) else { throw ClubhouseError.playerNotFound(id) }
        let updated = Player(
            id: id, ownerID: owner, name: valid.name, age: valid.age, skill: valid.skill, position: valid.position,
            favouriteTeam: valid.favouriteTeam)
        guard updated != current else { throw ClubhouseError.nothingChanged }
        try players.update(updated)
        return updated
    }
}
