/// What the home page view shows: the squad (player count, newest players), the last results
/// and the books recently recommended.
package struct HomeSummary {
    package static let recentCount = 5

    private let players: any PlayerRepository
    private let gathers: any GatherRepository
    private let books: any BookRepository

    package init(players: any PlayerRepository, gathers: any GatherRepository, books: any BookRepository) {
        self.players = players
        self.gathers = gathers
        self.books = books
    }

    package func squad(owner: User.ID) throws -> (count: Int, recent: [Player]) {
        (try players.count(owner: owner), try players.recent(owner: owner, limit: Self.recentCount))
    }

    /// The five players added last, without counting the squad.
    package func recentPlayers(owner: User.ID) throws -> [Player] {
        try players.recent(owner: owner, limit: Self.recentCount)
    }

    /// The last five ended gathers, newest first.
    package func results(owner: User.ID) throws -> [Gather] {
        try gathers.ended(owner: owner, limit: Self.recentCount)
    }

    /// The five books most recently recommended by the user's questions (app).
    package func reading(owner: User.ID) throws -> [Book] {
        try books.recentlyRecommended(owner: owner, limit: Self.recentCount)
    }
}
