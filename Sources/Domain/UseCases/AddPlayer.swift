public struct AddPlayer {
    private let players: any PlayerRepository

    public init(players: any PlayerRepository) {
        self.players = players
    }

    public func callAsFunction(_ draft: PlayerDraft, owner: User.ID) throws -> Player {
        try players.insert(try draft.validated(), owner: owner)
    }
}
