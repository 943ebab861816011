import Clubhouse

extension TerminalSession {
    /// Reads the rows of the list on show that are in view: only those, whatever the list's size.
    func reloadList() {
        guard !layout.isTooSmall else { return }
        let visible = layout.listRows(for: screen)
        let place = self.place
        do {
            guard let total = try total() else {
                window = nil
                windowKey = nil
                return
            }
            var selected = min(max(0, selection.row(on: place)), max(0, total - 1))
            var top = selection.top(on: place)
            if selected < top { top = selected }
            if selected >= top + visible { top = selected - visible + 1 }
            top = max(0, min(top, max(0, total - visible)))
            if total == 0 { selected = 0 }
            selection.select(selected, top: top, on: place)
            let key = "\(place) \(top) \(visible) \(total)"
            if key == windowKey, var window {
                window.selected = selected
                self.window = window
                return
            }
            window = ListWindow(total: total, top: top, selected: selected, rows: try rows(top, visible))
            windowKey = key
        } catch {
            window = nil
            windowKey = nil
            message = .error(Self.describe(error))
        }
    }

    /// How many rows the list on show has, or nil when the screen is not a list.
    func total() throws -> Int? {
        switch content {
        case .playerList(let model)?:
            if let playerCount { return playerCount }
            let count = try app.readPlayers(model) { try $0.count() }
            playerCount = count
            return count
        case .bookList(let page)?: return search?.books.count ?? page.total
        case .questionList(let page)?: return page.total
        case .gatherList(let models)?: return models.count
        case .home(let model)?:
            switch model.content {
            case .squad(_, let recent): return recent.count
            case .results(let results): return results.count
            case .reading(let books): return books.count
            }
        case .playerDetail?: return PlayerField.allCases.count
        case .profile?: return 3
        case .questionDetail(let question)?: return question.books.count
        case .confirmPlayers(let model)?: return model.players.count
        default: return nil
        }
    }

    /// `count` rows of the list on show from `top`.
    func rows(_ top: Int, _ count: Int) throws -> [ListWindow.Row] {
        func slice<T>(_ items: [T], _ row: (T) -> ListWindow.Row) -> [ListWindow.Row] {
            guard top < items.count else { return [] }
            return items[top..<min(items.count, top + count)].map(row)
        }
        switch content {
        case .playerList(let model)?:
            return try PlayerWindow.read(app, model, from: top, count: count).map { .player($0) }
        case .bookList(let page)?:
            if let search { return slice(search.books) { .book($0) } }
            return try pages(top, count, total: page.total) { try app.readBooks(page: $0, size: $1).items }.map {
                .book($0)
            }
        case .questionList(let page)?:
            return try pages(top, count, total: page.total) { try app.readQuestions(page: $0, size: $1).items }
                .map { .question($0) }
        case .gatherList(let models)?: return slice(models) { .gather($0) }
        case .home(let model)?:
            switch model.content {
            case .squad(_, let recent): return slice(recent) { .player($0) }
            case .results(let results): return slice(results) { .gather($0) }
            case .reading(let books): return slice(books) { .book($0) }
            }
        case .playerDetail(let model)?:
            let values = [model.player.name] + model.fields.map(\.value)
            return slice(Array(zip(PlayerField.allCases, values))) { .field(label: $0.0.label, value: $0.1) }
        case .profile(let model)?:
            return slice([
                ("Players", "\(model.playerCount)"), ("Gathers played", "\(model.gathersPlayed)"),
                ("Gather history", "Enter opens it"),
            ]) { .field(label: $0.0, value: $0.1) }
        case .questionDetail(let question)?: return slice(question.books) { .book($0) }
        case .confirmPlayers(let model)?:
            let teams = Self.teams(model.form.draft)
            return slice(model.players) { player in
                .pick(player, team: teams[.a]!.contains(player.id) ? .a : teams[.b]!.contains(player.id) ? .b : nil)
            }
        default: return []
        }
    }

    /// The rows `top..<top+count` of a list read a page at a time: the one or two pages of
    /// `count` rows they fall in.
    private func pages<T>(_ top: Int, _ count: Int, total: Int, _ read: (Int, Int) throws -> [T]) throws -> [T] {
        guard count > 0, top < total else { return [] }
        let size = min(count, 1000)
        let first = top / size + 1
        let last = (min(total, top + count) - 1) / size + 1
        var items: [T] = []
        for number in first...last { items += try read(number, size) }
        let skip = top - (first - 1) * size
        return Array(items.dropFirst(skip).prefix(count))
    }

    /// The teams a confirm form's draft holds (ids as typed; anything else is left out).
    static func teams(_ draft: FormDraft) -> [Team: [Player.ID]] {
        var teams: [Team: [Player.ID]] = [.a: [], .b: []]
        for team in Team.allCases {
            if let text = draft[ConfirmPlayersViewModel.field(for: team)] {
                teams[team] = (try? ConfirmPlayersViewModel.ids(text, team: team)) ?? []
            }
        }
        return teams
    }

    /// The row selected in the list on show.
    var selectedRow: ListWindow.Row? {
        guard let window, window.selected >= window.top, window.selected - window.top < window.rows.count else {
            return nil
        }
        return window.rows[window.selected - window.top]
    }

    func move(to row: Int) {
        guard let window else { return }
        let target = min(max(0, row), max(0, window.total - 1))
        selection.select(target, top: selection.top(on: place), on: place)
        reloadList()
    }
}

/// Players in view, read through the library's cursor (`readPlayers`): the rows before the
/// window are stepped over, the rows after it never read.
enum PlayerWindow {
    private struct Enough: Error {}

    static func read(_ app: ClubhouseApp, _ model: PlayerListViewModel, from top: Int, count: Int) throws -> [Player] {
        try app.readPlayers(model) { rows in
            var players: [Player] = []
            var index = 0
            do {
                try rows.forEach { player in
                    if index >= top { players.append(player) }
                    index += 1
                    if players.count == count { throw Enough() }
                }
            } catch is Enough {}
            return players
        }
    }
}
