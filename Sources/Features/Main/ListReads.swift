import ClubhouseDomain

/// Windows of the lists, read by key in one read transaction for the user signed in at that
/// moment: what a full-screen front end reads on every keystroke, whatever the list's length.
extension AppCoordinator {
    /// Up to `count` rows of the list on show around its stored selection, with up to `above`
    /// of them before it. Like `look`, it brings the tree up to date with what is stored (another
    /// process may have moved the user) without writing anything.
    package func readWindow(count: Int, above: Int) throws -> ListWindowContent {
        try Self.checkWindow(count: count, above: above)
        return try store.read { repositories in
            let useCases = UseCases(repositories, clock: clock, scene: scene)
            try rebuildForReading(useCases)
            let list = try requireMain().currentList()
            return try list.rows(useCases).window(
                list.selected, count: count, above: above, now: useCases.clock.now())
        }
    }

    /// Up to `count` of the signed-in user's players around the player `selected` (the first when
    /// nil; the one that took its place when it is gone), oldest first.
    package func readPlayers(around selected: Player.ID?, count: Int, above: Int) throws -> ListWindow<Player> {
        try readList(count: count, above: above) { useCases, owner in
            guard
                case .players(let window) = try ListRows.players(useCases.listPlayers.list(owner: owner))
                    .window(selected.map(String.init), count: count, above: above, now: 0)
            else { return .empty }
            return window
        }
    }

    /// The shelf around the book `selected`, most recently updated first.
    package func readShelf(around selected: ISBN?, count: Int, above: Int) throws -> ListWindow<Book> {
        try readList(count: count, above: above) { useCases, owner in
            guard
                case .books(let window) = try ListRows.books(useCases.listBooks.list(owner: owner))
                    .window(selected?.digits, count: count, above: above, now: 0)
            else { return .empty }
            return window
        }
    }

    /// The questions around the question `selected`, newest first.
    package func readQuestions(around selected: Question.ID?, count: Int, above: Int) throws -> ListWindow<Question> {
        try readList(count: count, above: above) { useCases, owner in
            guard
                case .questions(let window) = try ListRows.questions(useCases.listQuestions.list(owner: owner))
                    .window(selected.map(String.init), count: count, above: above, now: 0)
            else { return .empty }
            return window
        }
    }

    /// Ended gathers around the gather `selected`, newest first.
    package func readGathers(around selected: Gather.ID?, count: Int, above: Int) throws -> ListWindow<
        GatherViewModel
    > {
        try readList(count: count, above: above) { useCases, owner in
            guard
                case .gathers(let window) = try ListRows.gathers(useCases.findGather.historyList(owner: owner))
                    .window(selected.map(String.init), count: count, above: above, now: useCases.clock.now())
            else { return .empty }
            return window
        }
    }

    private func readList<Row>(
        count: Int, above: Int, _ read: (UseCases, User.ID) throws -> ListWindow<Row>
    ) throws -> ListWindow<Row> {
        try Self.checkWindow(count: count, above: above)
        return try store.read { repositories in
            let useCases = UseCases(repositories, clock: clock, scene: scene)
            guard let user = try useCases.currentSession() else { throw ClubhouseError.notSignedIn }
            return try read(useCases, user.id)
        }
    }

    /// The size of a window: as many rows as a screen shows, never the list.
    fileprivate static func checkWindow(count: Int, above: Int) throws {
        guard (1...Self.longestWindow).contains(count) else {
            throw ClubhouseError.invalidInput("a window holds 1 to \(Self.longestWindow) rows")
        }
        guard above >= 0 else { throw ClubhouseError.invalidInput("a window cannot show fewer than 0 rows above") }
    }

    /// The most rows one window reads.
    package static var longestWindow: Int { 1_000 }
}

extension TabCoordinator {
    /// The window `request` asks for of the list on show, read with `useCases` (inside the
    /// transaction of the command that landed here); nil when no long list is on show.
    func readWindow(_ request: WindowRequest, _ useCases: UseCases) throws -> ListWindowContent? {
        guard let list = try? currentList() else { return nil }
        let above = request.above(state)
        try AppCoordinator.checkWindow(count: request.count, above: above)
        return try list.rows(useCases).window(
            list.selected, count: request.count, above: above, now: useCases.clock.now())
    }
}
