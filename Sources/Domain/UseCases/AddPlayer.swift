package struct AddPlayer {
    private let players: any PlayerRepository

    package init(players: any PlayerRepository) {
        self.players = players
    }

    package func callAsFunction(_ draft: PlayerDraft, owner: User.ID) throws -> Player {
        let valid = try draft.validated()
        try ShirtNumbers.check(valid, of: nil, owner: owner, in: players)
        return try players.insert(valid, owner: owner)
    }
}
