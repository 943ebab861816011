import Clubhouse

extension TerminalModel {
    /// Whether the list on show keeps its selected row in the stored state (the library's lists:
    /// players, the team picker, gathers, the shelf and its search, questions).
    var isStoredList: Bool {
        switch content {
        case .playerList?, .bookList?, .questionList?, .gatherList?, .confirmPlayers?: true
        default: false
        }
    }

    /// Reads the rows of the list on show that are in view: only those, whatever the list's size.
    /// `landed` is the window the command that led here read in its own transaction, if it did.
    mutating func reloadList(landed: ListWindowContent? = nil) {
        guard !layout.isTooSmall else { return }
        let visible = layout.listRows(for: screen)
        if isStoredList {
            let step = rowsLastMoved
            rowsLastMoved = 0
            if let landed {
                window = storedWindow(landed)
            } else {
                let above = Self.above((selectedRowOnScreen[place] ?? 0) + step, visible)
                run(.readWindow(count: visible, above: above))
            }
        } else if let items = memoryRows() {
            window = memoryWindow(items, visible)
        } else {
            window = nil
        }
    }

    /// `command` through the one road with the window of the list it lands on read in the same
    /// transaction: a keystroke on a long list is one transaction, not two.
    func windowed(_ command: Command) -> LibraryCall {
        var command = command
        if !layout.isTooSmall {
            // Every long list draws the same heading, so has the same rows in view.
            let visible = layout.listRows(for: .players)
            let (selectedRowOnScreen, step) = (selectedRowOnScreen, rowsLastMoved)
            command.window = WindowRequest(count: visible) { state in
                Self.above((selectedRowOnScreen[Self.place(state)] ?? 0) + step, visible)
            }
        }
        return .perform(command)
    }

    /// Rows to show above the selected one: where it was on screen (or moved to), kept in view.
    private static func above(_ index: Int, _ visible: Int) -> Int {
        min(max(0, index), visible - 1)
    }

    /// A keyset window around the stored selection, the selected row kept where it was on screen
    /// (moved by the rows the last move asked for).
    mutating func storedWindow(_ content: ListWindowContent) -> VisibleRows {
        var teams: [Team: [Player.ID]]?
        if case .confirmPlayers(let model)? = self.content { teams = Self.teams(model.form.draft) }
        let rows = Self.rows(content, teams: teams, total: total())
        selectedRowOnScreen[place] = rows.selectedIndex ?? 0
        return rows
    }

    /// A window's rows as drawn; on the team picker (`teams`) each player with their team.
    private static func rows(_ content: ListWindowContent, teams: [Team: [Player.ID]]?, total: Int?) -> VisibleRows {
        func make<T>(_ window: ListWindow<T>, _ row: (T) -> VisibleRows.Row) -> VisibleRows {
            VisibleRows(
                total: total, rows: window.rows.map(row), selectedIndex: window.selectedIndex,
                hasBefore: window.hasBefore, hasAfter: window.hasAfter)
        }
        switch content {
        case .players(let window):
            guard let teams else { return make(window) { .player($0) } }
            return make(window) { player in
                .pick(player, team: teams[.a]!.contains(player.id) ? .a : teams[.b]!.contains(player.id) ? .b : nil)
            }
        case .books(let window): return make(window) { .book($0) }
        case .questions(let window): return make(window) { .question($0) }
        case .gathers(let window): return make(window) { .gather($0) }
        }
    }

    /// How many rows a stored list has, where that is cheap to know (the players are counted
    /// once per change, by the driver: until then the title goes without the count).
    private mutating func total() -> Int? {
        switch content {
        case .playerList(let model)?:
            if playerCount == nil { run(.countPlayers(model)) }
            return playerCount
        case .bookList(let page)?: return state?.currentScreen.query == nil ? page.total : nil
        case .questionList(let page)?: return page.total
        case .gatherList(let models)?: return models.count
        default: return nil
        }
    }

    /// The rows of a short list the screen's content holds whole (a page, a record's fields), each
    /// with the key the library stores its selection by.
    private func memoryRows() -> [(key: String, row: VisibleRows.Row)]? {
        switch content {
        case .home(let model)?:
            switch model.content {
            case .squad(_, let recent): return recent.map { (String($0.id), .player($0)) }
            case .results(let results): return results.map { (String($0.gather.id), .gather($0)) }
            case .reading(let books): return books.map { ($0.isbn.digits, .book($0)) }
            }
        case .playerDetail(let model)?:
            let values = [model.player.name] + model.fields.map(\.value)
            return zip(PlayerField.allCases, values).map { ($0.0.rawValue, .field(label: $0.0.label, value: $0.1)) }
        case .profile(let model)?:
            let rows = [
                ("Players", "\(model.playerCount)"), ("Gathers played", "\(model.gathersPlayed)"),
                ("Gather history", "Enter opens it"),
                ("Sign-in lands on", "\(model.settings.landing.title) (Enter: the next tab)"),
                ("Sign out", "Enter signs out (asks first)"),
            ]
            return zip(ProfileViewModel.rowKeys, rows).map { ($0.0, .field(label: $0.1.0, value: $0.1.1)) }
        case .questionDetail(let question)?: return question.books.map { ($0.isbn.digits, .book($0)) }
        default: return nil
        }
    }

    /// A short list in view: the stored selection found by key (a key that is gone, or none, is
    /// the first row), the rows in view scrolled as little as keeps it on screen.
    private mutating func memoryWindow(_ keyed: [(key: String, row: VisibleRows.Row)], _ visible: Int) -> VisibleRows {
        let place = self.place
        let items = keyed.map(\.row)
        let selected = state?.currentScreen.selected.flatMap { key in keyed.firstIndex { $0.key == key } } ?? 0
        var top = shortListTops[place] ?? 0
        if selected < top { top = selected }
        if selected >= top + visible { top = selected - visible + 1 }
        top = max(0, min(top, max(0, items.count - visible)))
        shortListTops[place] = top
        let rows = top < items.count ? Array(items[top..<min(items.count, top + visible)]) : []
        return VisibleRows(
            total: items.count, rows: rows, selectedIndex: items.isEmpty ? nil : selected - top, hasBefore: top > 0,
            hasAfter: top + visible < items.count, position: items.isEmpty ? nil : selected)
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
    var selectedRow: VisibleRows.Row? {
        guard let window, let index = window.selectedIndex, window.rows.indices.contains(index) else { return nil }
        return window.rows[index]
    }

    /// Moves the selection through the one road, one transaction each: the long lists' and the
    /// short lists' selections are both stored.
    mutating func move(_ move: SelectionMove) {
        guard window != nil else { return }
        if isStoredList {
            if case .by(let rows) = move { rowsLastMoved = rows }
            if case .top = move { selectedRowOnScreen[place] = 0 }
            if case .bottom = move { selectedRowOnScreen[place] = layout.listRows(for: screen) - 1 }
        }
        run(windowed(Command(.moveSelection(move))))
    }
}

extension TerminalModel {
    /// Opens a link as `clubhouse open` does, with the window of the list it lands on.
    func opening(_ text: String) -> LibraryCall {
        // A link that does not parse gets the library's own message.
        guard let link = Link(text) else { return .open(text) }
        return windowed(.deepLink(link))
    }
}
