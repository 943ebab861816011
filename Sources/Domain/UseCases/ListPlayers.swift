package struct ListPlayers {
    let players: any PlayerRepository

    package init(players: any PlayerRepository) {
        self.players = players
    }

    package func callAsFunction(owner: User.ID) throws -> [Player] {
        try players.all(owner: owner)
    }

    /// Each of the owner's players in turn, never all of them in memory.
    package func each(owner: User.ID, _ body: (Player) throws -> Void) throws {
        try players.each(owner: owner, body)
    }

    /// The owner's players summed up for sizing a table, without making a `Player` of each.
    package func summarize(owner: User.ID, otherName: (String) throws -> Void) throws -> PlayerListSummary {
        try players.summarize(owner: owner, otherName: otherName)
    }

    package func count(owner: User.ID) throws -> Int {
        try players.count(owner: owner)
    }
}
