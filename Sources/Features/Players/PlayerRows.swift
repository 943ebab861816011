import Domain

/// The rows of the `players` screen, read when they are shown rather than when the screen is
/// built: a command that lands on the list (`player add`, `back`) must cost the same with ten
/// players or a million. Valid only inside `AppCoordinator.readPlayers`, whose one read
/// transaction lets a table go through them twice (measure, then write) and see the same rows.
public struct PlayerRows {
    private let list: ListPlayers
    private let owner: User.ID

    init(_ list: ListPlayers, owner: User.ID) {
        self.list = list
        self.owner = owner
    }

    public func count() throws -> Int {
        try list.count(owner: owner)
    }

    /// The players summed up for sizing a table; each name that is not plain goes to `otherName`.
    public func summarize(otherName: (String) throws -> Void) throws -> PlayerListSummary {
        try list.summarize(owner: owner, otherName: otherName)
    }

    /// Each player, oldest first, from a database cursor.
    public func forEach(_ body: (Player) throws -> Void) throws {
        try list.each(owner: owner, body)
    }
}

extension AppCoordinator {
    /// Reads the rows of a `players` screen in one read transaction.
    public func readPlayers<T>(_ model: PlayerListViewModel, _ body: (PlayerRows) throws -> T) throws -> T {
        try store.read { repositories in
            try body(PlayerRows(UseCases(repositories).listPlayers, owner: model.owner))
        }
    }
}
