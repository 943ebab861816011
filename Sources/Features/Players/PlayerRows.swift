import ClubhouseDomain

/// The rows of the `players` screen, read when they are shown rather than when the screen is
/// built: a command that lands on the list (`player add`, `back`) must cost the same with ten
/// players or a million. Valid only inside the `readPlayers` call that handed them out, whose one
/// read transaction lets a table go through them twice (measure, then write) and see the same
/// rows; kept past it, every method throws `ClubhouseError.misuse`.
public struct PlayerRows {
    private let list: ListPlayers
    private let owner: User.ID
    private let scope: Scope

    /// Whether the read transaction the rows belong to is still open, and what `forEach` could
    /// not show.
    final class Scope {
        var isOpen = true
        var report = UnshowableValueReport()
        /// Rows come in id order: a second pass over them tells nothing new up to this id.
        var reportedUpTo: Player.ID?

        func note(_ player: Player) {
            guard reportedUpTo.map({ player.id > $0 }) ?? true else { return }
            report.addDistinct(player.unshowableValues)
            reportedUpTo = player.id
        }
    }

    init(_ list: ListPlayers, owner: User.ID, scope: Scope) {
        self.list = list
        self.owner = owner
        self.scope = scope
    }

    public func count() throws -> Int {
        try checkOpen()
        return try list.count(owner: owner)
    }

    /// The players summed up for sizing a table; each name that is not plain goes to `otherName`.
    public func summarize(otherName: (String) throws -> Void) throws -> PlayerListSummary {
        try checkOpen()
        return try list.summarize(owner: owner, otherName: otherName)
    }

    /// Each player, oldest first, from a database cursor. What this version cannot show of them
    /// as stored is gathered in ``unshowableValueReport``.
    public func forEach(_ body: (Player) throws -> Void) throws {
        try checkOpen()
        let scope = scope
        try list.each(owner: owner) { player in
            if !player.unshowableValues.isEmpty { scope.note(player) }
            try body(player)
        }
    }

    /// The values of the players ``forEach(_:)`` has handed out (in one pass or several) that this
    /// version cannot show as stored: each named for the first few players, the others counted.
    /// A front end tells of it once the rows are shown; it stays readable after the read.
    public var unshowableValueReport: UnshowableValueReport { scope.report }

    private func checkOpen() throws {
        guard scope.isOpen else {
            throw ClubhouseError.misuse("player rows were used after the readPlayers call that read them returned")
        }
    }
}

extension AppCoordinator {
    /// Reads the rows of a `players` screen in one read transaction, for the user signed in now:
    /// a list another user (or nobody) has on show is not read.
    package func readPlayers<T>(_ model: PlayerListViewModel, _ body: (PlayerRows) throws -> T) throws -> T {
        try store.read { repositories in
            let useCases = UseCases(repositories)
            guard let user = try useCases.currentSession() else { throw ClubhouseError.notSignedIn }
            guard user.id == model.owner else {
                throw ClubhouseError.notOnScreen(
                    "that players list is another user's; the signed-in user is \(user.username)")
            }
            let scope = PlayerRows.Scope()
            defer { scope.isOpen = false }
            return try body(PlayerRows(useCases.listPlayers, owner: model.owner, scope: scope))
        }
    }
}
