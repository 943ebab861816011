import ClubhouseDomain
import ClubhouseNavigation

/// A screen with a selected row, stored with the screen by the row's key (nil: the first row).
package protocol SelectingCoordinator: FlowCoordinator {
    var selected: String? { get set }
}

/// A screen that shows a long list with a selected row (the players list, the team picker, gather
/// history, the library and its search, the questions). The selection is the selected record's
/// key, stored with the screen: it stays on its record when rows come and go above it, and a
/// record that is gone gives way to the row that took its place when the list is read.
package protocol ListCoordinator: SelectingCoordinator {
    /// The list on show, read by key.
    func rows(_ useCases: UseCases) throws -> ListRows
}

/// A list coordinator's rows, by kind of record.
package enum ListRows {
    case players(KeysetList<Player>)
    case books(KeysetList<Book>)
    case questions(KeysetList<Question>)
    case gathers(KeysetList<Gather>)

    /// The key selected after `move` from `selected` (nil: the list is empty).
    func move(from selected: String?, _ move: SelectionMove) throws -> String? {
        switch self {
        case .players(let list): try list.move(from: selected, move)
        case .books(let list): try list.move(from: selected, move)
        case .questions(let list): try list.move(from: selected, move)
        case .gathers(let list): try list.move(from: selected, move)
        }
    }

    /// Up to `count` rows around `selected`, as the list on show holds them.
    func window(_ selected: String?, count: Int, above: Int, now: Milliseconds) throws -> ListWindowContent {
        func make<Row, Shown>(_ list: KeysetList<Row>, _ show: (Row) -> Shown) throws -> ListWindow<Shown> {
            let window = try list.window(selected, count: count, above: above)
            return ListWindow(
                rows: window.rows.map(show), selectedIndex: window.selected,
                selectedKey: window.selected.map { list.key(window.rows[$0]) }, hasBefore: window.hasBefore,
                hasAfter: window.hasAfter)
        }
        switch self {
        case .players(let list): return .players(try make(list) { $0 })
        case .books(let list): return .books(try make(list) { $0 })
        case .questions(let list): return .questions(try make(list) { $0 })
        case .gathers(let list): return .gathers(try make(list) { GatherViewModel($0, now: now) })
        }
    }

    /// Whether `key` is spelled as this list's keys are (a stored selection is untrusted).
    func isKey(_ key: String) -> Bool {
        switch self {
        case .books: ISBN(stored: key) != nil
        case .players, .questions, .gathers: Int64(key).map { $0 > 0 && String($0) == key } ?? false
        }
    }
}

/// What a window of the list on show holds (a ``/ClubhouseDomain/ListWindow`` of the list's records).
public enum ListWindowContent: Equatable, Sendable {
    /// The players list or the team picker (`players/confirm`), oldest first.
    case players(ListWindow<Player>)
    /// The shelf, most recently updated first, or the library's search results, best first.
    case books(ListWindow<Book>)
    /// The questions, newest first.
    case questions(ListWindow<Question>)
    /// Ended gathers, newest first.
    case gathers(ListWindow<GatherViewModel>)

    /// The key of the selected row (nil: the list is empty).
    public var selectedKey: String? {
        switch self {
        case .players(let window): window.selectedKey
        case .books(let window): window.selectedKey
        case .questions(let window): window.selectedKey
        case .gathers(let window): window.selectedKey
        }
    }
}

extension TabCoordinator {
    /// The list on show, or `notOnScreen`.
    package func currentList() throws -> any ListCoordinator {
        guard let list = current.asList else {
            throw ClubhouseError.notOnScreen("no list is on show (you are on \(current.screen.path))")
        }
        return list
    }

    /// Moves the selection of the list on show. A row asked for by key must be in the list.
    package func moveSelection(_ move: SelectionMove, _ useCases: UseCases) throws {
        let moved: String?
        let list: any SelectingCoordinator
        if let short = current.asShortList {
            list = short
            moved = short.move(from: short.selected, move, keys: try short.rowKeys(useCases))
        } else {
            let long = try currentList()
            list = long
            moved = try long.rows(useCases).move(from: long.selected, move)
        }
        if case .row(let key) = move, moved == nil {
            throw ClubhouseError.notOnScreen("'\(TypedText.excerpt(key))' is not a row of \(list.screen.path)")
        }
        list.selected = moved
    }

    /// Searches the shelf from the library (nil or empty: the whole shelf again), selecting the
    /// first result. The library's stack is the library alone: its book screens close.
    package func search(_ text: String?, _ useCases: UseCases) throws {
        let text = text.flatMap { $0.isEmpty ? nil : $0 }
        if let text { _ = try SearchBooks.words(text) }
        guard current === library else {
            throw ClubhouseError.notOnScreen("search from the library (you are on \(current.screen.path))")
        }
        library.query = text
        library.selected = nil
    }

    /// Gives a restored list its selection (and the library its search), leaving out what this
    /// version would not read; the problem, if any, for a warning.
    static func select(_ coordinator: any FlowCoordinator, with saved: ScreenState, _ useCases: UseCases) throws
        -> String?
    {
        if let short = coordinator.asShortList, let key = saved.selected {
            guard short.isRowKey(key) else {
                return "the selection of \(saved.path) is not a row of it; the first row is selected"
            }
            short.selected = key
            return nil
        }
        guard let list = coordinator.asList else { return nil }
        var problems: [String] = []
        if let library = list as? LibraryCoordinator, let query = saved.query {
            if (try? SearchBooks.words(query)) != nil {
                library.query = query
            } else {
                problems.append("the search of \(saved.path) cannot be searched for; the whole shelf is shown")
            }
        }
        if let key = saved.selected {
            if try list.rows(useCases).isKey(key) {
                list.selected = key
            } else {
                problems.append("the selection of \(saved.path) is not a row of it; the first row is selected")
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// After an undo: every list still open keeps the selection (and search, and marks) it had,
    /// as forms keep their drafts; undo moves between screens, never within a list.
    /// Matched by place (a tab, a home page, the modal) and path there: every home page has a
    /// `home` root of its own.
    func carrySelections(from replaced: NavigationState) {
        let places: [([any FlowCoordinator], [ScreenState])] =
            Tab.allCases.filter { $0 != .home }.map { (root(for: $0).chain, replaced.stack(for: $0)) }
            + HomePage.allCases.map { (pages[$0]!.chain, replaced.stack(on: $0)) }
            + [(modal?.chain ?? [], replaced.modal?.stack ?? [])]
        for (chain, stack) in places {
            for saved in stack where saved.marked != nil {
                guard let marker = chain.first(where: { $0.screen.path == saved.path })?.asMarking
                else { continue }
                marker.marked = saved.marked
            }
            let lists = chain.compactMap(\.asSelecting)
            for saved in stack where saved.selected != nil || saved.query != nil {
                guard let list = lists.first(where: { $0.screen.path == saved.path }) else { continue }
                list.selected = saved.selected
                if let library = list as? LibraryCoordinator { library.query = saved.query }
            }
        }
    }
}
