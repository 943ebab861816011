/// Saves an edited player, validated by the same rules as a new one.
package struct UpdatePlayer {
    private let players: any PlayerRepository

    package init(players: any PlayerRepository) {
        self.players = players
    }

    package func callAsFunction(_ id: Player.ID, to draft: PlayerDraft, owner: User.ID) throws -> Player {
        let valid = try draft.validated()
        guard let current = try players.find(id, owner: owner) else { throw ClubhouseError.playerNotFound(id) }
        let updated = Player(id: id, ownerID: owner, fields: valid)
        let changed = Set(PlayerField.allCases.filter { valid[$0] != current.fields[$0] })
        guard !changed.isEmpty else { throw ClubhouseError.nothingChanged }
        if changed.contains(.shirtNumber) { try ShirtNumbers.check(valid, of: id, owner: owner, in: players) }
        try players.update(updated, fields: changed)
        // A field left as it was may still hold what the app cannot show: the player as stored now.
        guard !current.unshowableValues.isEmpty else { return updated }
        return try players.find(id, owner: owner) ?? updated
    }
}
