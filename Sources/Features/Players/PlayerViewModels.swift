import ClubhouseDomain

/// The `players` screen: the user's players, oldest first. It holds only whose they are; the
/// rows are read when shown (`AppCoordinator.readPlayers`), never while a command holds the lock.
public struct PlayerListViewModel: Equatable, Sendable {
    public let owner: User.ID

    public init(owner: User.ID) {
        self.owner = owner
    }
}
