import Domain

/// The `players` screen: the user's players, oldest first.
public struct PlayerListViewModel: Equatable {
    public let players: [Player]

    public var title: String { "Players (\(players.count))" }
    public var emptyMessage: String { "No players yet. Add one with: clubhouse player add --name NAME" }
}
