package struct AddPlayer {
    private let players: any PlayerRepository

    package init(players: any PlayerRepository) {
        self.players = players
    }

    package func callAsFunction(_ draft: PlayerDraft, owner: User.ID) throws -> Player {
        try players.insert(try draft.validated(), owner: owner)
    }
}
