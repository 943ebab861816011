import Domain

/// The `players` screen: the user's players, oldest first.
public struct PlayerListViewModel: Equatable {
    public let players: [Player]

    public init(players: [Player]) {
        self.players = players
    }

    public var title: String { "Players (\(players.count))" }
}
