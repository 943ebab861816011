/// What the home page view shows: the squad (player count, newest players) and the last results.
public struct HomeSummary {
    public static let recentCount = 5

    private let players: any PlayerRepository
    private let gathers: any GatherRepository

    public init(players: any PlayerRepository, gathers: any GatherRepository) {
        self.players = players
        self.gathers = gathers
    }

    public func squad(owner: User.ID) throws -> (count: Int, recent: [Player]) {
        (try players.count(owner: owner), try players.recent(owner: owner, limit: Self.recentCount))
    }

    /// The last five ended gathers, newest first.
    public func results(owner: User.ID) throws -> [Gather] {
        try gathers.ended(owner: owner, limit: Self.recentCount)
    }
}
