import ClubhouseDomain
import ClubhouseNavigation

/// A screen that holds marked players, by key, stored with the screen (`ScreenState.marked`):
/// the players list's selection mode (who is marked to play), and the team picker opened with
/// them (whom its bench holds).
package protocol MarkingCoordinator: FlowCoordinator {
    var marked: [String]? { get set }
}

/// The rules of the players list's marks (the seed app's selection mode).
package enum PlayerMarks {
    /// How many players can be marked at once: teams of a gather, many times over. A stored list
    /// longer than this (a tampered row) is cut to it.
    package static let limit = 100

    /// Whether `key` is spelled as a player's key (a positive decimal id without leading zeros).
    static func isKey(_ key: String) -> Bool {
        Int64(key).map { $0 > 0 && String($0) == key } ?? false
    }

    /// The keys of `marked` whose player is still the owner's, in order, each once.
    static func existing(_ marked: [String], _ list: KeysetList<Player>) throws -> [String] {
        var seen: Set<String> = []
        return try marked.filter { key in
            guard seen.insert(key).inserted else { return false }
            return try list.find(key) != nil
        }
    }

    /// The players of `keys` that exist, oldest first (the order of the players list).
    static func players(_ keys: [String], _ list: KeysetList<Player>) throws -> [Player] {
        try keys.compactMap { try list.find($0) }.sorted { $0.id < $1.id }
    }

    /// The pool of the team picker as a list of its own, oldest first, read by key as the
    /// players list is: the players it was opened with.
    static func list(_ players: [Player]) -> KeysetList<Player> {
        func id(_ key: String?) -> Player.ID? { key.flatMap { Player.ID($0) } }
        return KeysetList(
            key: { String($0.id) },
            find: { key in players.first { String($0.id) == key } },
            after: { key, limit in
                let after = id(key).map { key in players.filter { $0.id > key } } ?? players
                return Array(after.prefix(max(0, limit)))
            },
            before: { key, limit in
                let before = id(key).map { key in players.filter { $0.id < key } } ?? players
                return Array(before.reversed().prefix(max(0, limit)))
            })
    }
}

extension TabCoordinator {
    /// Marks players on the players list (wherever the user is: the marks are the list's), in the
    /// order given after those already marked. Every id must be one of the user's players; at
    /// most `PlayerMarks.limit` are marked. Saved with the list, not journaled.
    package func mark(_ ids: [Player.ID], _ useCases: UseCases) throws {
        let list = useCases.listPlayers.list(owner: user.id)
        var marked = players.marked ?? []
        for id in ids where !marked.contains(String(id)) {
            guard try list.find(String(id)) != nil else { throw ClubhouseError.playerNotFound(id) }
            marked.append(String(id))
        }
        guard marked.count <= PlayerMarks.limit else {
            throw ClubhouseError.invalidInput(
                "at most \(PlayerMarks.limit) players can be marked; \(marked.count) would be")
        }
        players.marked = marked.isEmpty ? nil : marked
    }

    /// Unmarks players on the players list (nil: every one). An id that is not marked is told,
    /// and nothing changes.
    package func unmark(_ ids: [Player.ID]?) throws {
        guard let ids else {
            players.marked = nil
            return
        }
        let marked = players.marked ?? []
        if let missing = ids.first(where: { !marked.contains(String($0)) }) {
            throw ClubhouseError.invalidInput("player \(missing) is not marked")
        }
        let keys = Set(ids.map(String.init))
        let left = marked.filter { !keys.contains($0) }
        players.marked = left.isEmpty ? nil : left
    }

    /// Opens the team picker (`players > players/confirm`) with the marked players as the ones to
    /// split into teams: its bench holds them. What its draft already put in a team stays there
    /// if that player is among them. Nothing marked is refused, changing nothing.
    package func confirmMarked(_ useCases: UseCases) throws {
        let marked = try PlayerMarks.existing(players.marked ?? [], useCases.listPlayers.list(owner: user.id))
        players.marked = marked.isEmpty ? nil : marked
        guard !marked.isEmpty else {
            throw ClubhouseError.invalidInput(
                "no players are marked; mark the players who play first (Space on the players list, or clubhouse player mark ID…)"
            )
        }
        try open(.screen(.confirmPlayers), useCases)
        guard let confirm = players.pushed as? ConfirmPlayersCoordinator else {
            throw ClubhouseError.notOnScreen("players/confirm did not open")
        }
        confirm.marked = marked
        let pool = Set(marked)
        for team in Team.allCases {
            let field = ConfirmPlayersViewModel.field(for: team)
            guard let text = confirm.draft[field] else { continue }
            let kept = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init).filter(pool.contains)
            confirm.draft[field] = kept.isEmpty ? nil : kept.joined(separator: ",")
        }
    }

    /// A deleted player's marks go with it.
    func dropMarks(of id: Player.ID) {
        for marker in players.chain.compactMap(\.asMarking) {
            guard let marked = marker.marked, marked.contains(String(id)) else { continue }
            let left = marked.filter { $0 != String(id) }
            marker.marked = marker === players && left.isEmpty ? nil : left
        }
    }

    /// Drops marks whose player is gone (another process deleted it), from the players list and
    /// an open team picker's pool; nothing is read when nothing is marked.
    func dropGoneMarks(_ useCases: UseCases) throws {
        let markers: [any MarkingCoordinator] = players.chain.compactMap(\.asMarking)
        for marker in markers {
            guard let marked = marker.marked, !marked.isEmpty else { continue }
            let existing = try PlayerMarks.existing(marked, useCases.listPlayers.list(owner: user.id))
            if existing != marked { marker.marked = marker === players && existing.isEmpty ? nil : existing }
        }
    }

    /// Gives a restored screen its marks, leaving out keys not spelled as a player's and players
    /// that are gone (silently, as a selection whose record is gone); the problem, if any, for a
    /// warning.
    func restoreMarks(_ coordinator: any FlowCoordinator, with saved: ScreenState, _ useCases: UseCases) throws
        -> String?
    {
        guard let marker = coordinator.asMarking, var marked = saved.marked else { return nil }
        var problems: [String] = []
        if marked.contains(where: { !PlayerMarks.isKey($0) }) {
            marked = marked.filter(PlayerMarks.isKey)
            problems.append("marks of \(saved.path) that are not player ids were dropped")
        }
        if marked.count > PlayerMarks.limit {
            marked = Array(marked.prefix(PlayerMarks.limit))
            problems.append("\(saved.path) had more than \(PlayerMarks.limit) marks; the rest were dropped")
        }
        let existing = try PlayerMarks.existing(marked, useCases.listPlayers.list(owner: user.id))
        marker.marked = marker is PlayerListCoordinator && existing.isEmpty ? nil : existing
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
}
