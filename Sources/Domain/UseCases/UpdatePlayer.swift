/// Saves an edited player, validated by the same rules as a new one.
package struct UpdatePlayer {
    private let players: any PlayerRepository

    package init(players: any PlayerRepository) {
        self.players = players
    }

    package func callAsFunction(_ id: Player.ID, to draft: PlayerDraft, owner: User.ID) throws -> Player {
        let valid = try draft.validated()
        guard let current = try players.find(id, owner: owner) else { throw ClubhouseError.playerNotFound(id) }
        let updated = Player(
            id: id, ownerID: owner, name: valid.name, age: valid.age, skill: valid.skill, position: valid.position,
            favouriteTeam: valid.favouriteTeam)
        let changed = Set(PlayerField.allCases.filter { updated[$0] != current[$0] })
        guard !changed.isEmpty else { throw ClubhouseError.nothingChanged }
        try players.update(updated, fields: changed)
        // A field left as it was may still hold what the app cannot show: the player as stored now.
        guard !current.unshowableValues.isEmpty else { return updated }
        return try players.find(id, owner: owner) ?? updated
    }
}

extension Player {
    /// A field's value as text, to tell which fields an edit changed.
    fileprivate subscript(field: PlayerField) -> String? {
        switch field {
        case .name: name
        case .age: age.map(String.init)
        case .skill: skill?.rawValue
        case .position: position?.rawValue
        case .favouriteTeam: favouriteTeam
        }
    }
}
