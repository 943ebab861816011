import Clubhouse
import ClubhouseText
import Foundation

/// Screens that are lists: a title, column names and the rows in view, the selected one marked
/// with ▶ (one cell: moving the selection rewrites two cells, not two lines).
enum ListDrawing {
    static func list(_ frame: inout Frame, _ display: Display, _ layout: Layout) {
        let top = Layout.bodyTop
        let window = display.list
        let total = window?.total
        // The players list's marks (its selection mode), and the team picker's pool of them.
        let marked = display.state?.currentScreen.marked ?? []
        let (title, columns): (String, String) =
            switch display.screen {
            case .players:
                (
                    "Players" + count(total) + (marked.isEmpty ? "" : " · \(marked.count) marked"),
                    playerHeading
                )
            case .library:
                (
                    "Library" + count(total, "on the shelf"),
                    "    title                                author               ISBN"
                )
            case .questions: ("Questions" + count(total), "    #id    asked             question")
            case .gathers: ("Gather history" + count(total), "    #id    ended              score  winner    played")
            case .searchResults:
                (
                    "Search \(TextEscaping.quoted(display.searchQuery ?? ""))",
                    "    title                                author               ISBN"
                )
            case .teamPicker:
                (
                    "Pick the teams" + (marked.isEmpty ? "" : " of the \(marked.count) marked"),
                    "    #id      name                     team"
                )
            default: ("", "")
            }
        frame.put(" " + title, row: top, column: 0, style: .heading)
        if display.screen == .teamPicker, case .confirmPlayers(let model)? = display.content {
            let a = model.form.draft["team-a"].map { count($0) } ?? 0
            let b = model.form.draft["team-b"].map { count($0) } ?? 0
            let summary = "Team A \(a) · Team B \(b) "
            frame.put(summary, row: top, column: frame.width - summary.count, style: .bold)
        }
        frame.put(columns, row: top + 1, column: 0, style: .dim, escaped: true)
        guard let window else { return }
        if window.rows.isEmpty {
            frame.put("    " + empty(display.screen), row: top + 2, column: 0, style: .dim)
            return
        }
        rows(
            &frame, window, from: top + 2, layout.listRows(for: display.screen),
            marked: display.screen == .players ? Set(marked) : [])
    }

    /// The players list's columns after `#id`: each declared field in turn, as wide as its
    /// rule's values (or its label) need, free text last in the room the screen leaves (nil).
    static let playerColumns: [(field: PlayerField, column: Int, room: Int?)] = {
        let fields = PlayerField.allCases.filter { !$0.isFreeText } + PlayerField.allCases.filter(\.isFreeText)
        var columns: [(field: PlayerField, column: Int, room: Int?)] = []
        var column = 13
        for field in fields {
            let room: Int? =
                switch field.rule {
                case .text: field.isFreeText ? nil : 24
                case .paragraph: nil
                case .integer(let range): max(String(range.upperBound).count, field.shortLabel.count) + 1
                case .choice(let choices): (choices.map(\.count).max() ?? 0) + 1
                case .money, .date, .isbn, .instant: max(field.rule.widestText, field.shortLabel.count) + 1
                }
            columns.append((field, column, room))
            column += (room ?? 0) + 1
        }
        return columns
    }()

    /// `#id` and the fields' short labels over their columns.
    private static let playerHeading = playerColumns.reduce("    #id      ") { line, entry in
        line.padding(toLength: entry.column, withPad: " ", startingAt: 0) + entry.field.shortLabel.lowercased()
    }

    private static func count(_ total: Int?, _ what: String = "") -> String {
        total.map { " (\($0)\(what.isEmpty ? "" : " " + what))" } ?? ""
    }

    private static func count(_ ids: String) -> Int {
        ids.split(whereSeparator: { $0 == "," || $0 == " " }).count
    }

    private static func empty(_ screen: ScreenKind) -> String {
        switch screen {
        case .players, .teamPicker: "No players yet: n adds one."
        case .library: "No books on the shelf: n adds one."
        case .questions: "No questions yet: n asks one."
        case .gathers: "No ended gathers yet."
        default: "Nothing found."
        }
    }

    /// The rows of `window`, from `row`, at most `count` of them; a player whose key is in
    /// `marked` with ✓ beside the selection's marker.
    static func rows(
        _ frame: inout Frame, _ window: VisibleRows, from row: Int, _ count: Int, marked: Set<String> = []
    ) {
        for (offset, item) in window.rows.prefix(count).enumerated() {
            let line = row + offset
            let selected = offset == window.selectedIndex
            frame.put(selected ? " ▶" : "  ", row: line, column: 0, style: selected ? .marker : .plain)
            if case .player(let player) = item, marked.contains(String(player.id)) {
                frame.put("✓", row: line, column: 2, style: .bold)
            }
            draw(&frame, item, row: line)
        }
        guard window.hasBefore || window.hasAfter else { return }  // the whole list is in view
        let more = (window.hasBefore ? "↑" : " ") + (window.hasAfter ? "↓" : " ")
        let where_ = window.position.map { position in window.total.map { "\(position + 1)/\($0)" } ?? "" } ?? ""
        let marker = where_.isEmpty ? more : where_ + " " + more
        if marker.trimmingCharacters(in: .whitespaces).isEmpty { return }
        frame.put(marker, row: row - 2, column: frame.width - marker.count - 1, style: .dim)
    }

    private static func draw(_ frame: inout Frame, _ item: VisibleRows.Row, row: Int) {
        let width = frame.width
        switch item {
        case .player(let player):
            frame.put("#\(player.id)", row: row, column: 4, limit: 8)
            for (field, column, room) in playerColumns {
                let text = player.fields[field].formText
                frame.put(
                    text.isEmpty && !field.isFreeText ? "—" : text, row: row, column: column,
                    limit: room ?? max(0, width - column - 1))
            }
        case .book(let book):
            frame.put(book.title, row: row, column: 4, limit: 36)
            frame.put(book.author ?? "—", row: row, column: 41, limit: 20)
            frame.put(book.isbn.digits, row: row, column: 62, limit: max(0, width - 63))
            if !book.owned { frame.put(" (off the shelf)", row: row, column: 75, style: .dim) }
        case .question(let question):
            frame.put("#\(question.id)", row: row, column: 4, limit: 6)
            frame.put(InstantText.minute(question.createdAt), row: row, column: 11, limit: 17)
            frame.put(question.text, row: row, column: 29, limit: max(0, width - 30))
        case .gather(let model):
            frame.put("#\(model.gather.id)", row: row, column: 4, limit: 6)
            frame.put(
                InstantText.minute(model.gather.ending?.endedAt ?? model.gather.startedAt), row: row, column: 11,
                limit: 18)
            frame.put(model.gather.score.text, row: row, column: 30, limit: 6)
            frame.put(model.gather.ending.map { winner($0.winner) } ?? "playing", row: row, column: 37, limit: 9)
            frame.put(model.playedText, row: row, column: 47, limit: 8)
        case .field(let label, let value):
            frame.put(label, row: row, column: 4, style: .dim, limit: 18)
            frame.put(value, row: row, column: 23, limit: max(0, width - 24))
        case .pick(let player, let team):
            frame.put("#\(player.id)", row: row, column: 4, limit: 8)
            frame.put(player.name, row: row, column: 13, limit: 24)
            frame.put(team?.name ?? "bench", row: row, column: 38, style: team == nil ? .dim : .bold)
        }
    }

    static func winner(_ winner: Winner) -> String { winner.rawValue }

    /// The home tab: its page view (the page on show between the others), then the page's items.
    static func home(_ frame: inout Frame, _ display: Display, _ layout: Layout) {
        let top = Layout.bodyTop
        guard case .home(let model)? = display.content else { return }
        frame.put(" Home", row: top, column: 0, style: .heading)
        var column = 1
        column += frame.put("[ ", row: top + 1, column: column, style: .dim)
        for page in model.pages {
            let selected = page == model.selectedPage
            column += frame.put(
                " \(page.rawValue) ", row: top + 1, column: column, style: selected ? .selectedTab : .plain)
            column += 1
        }
        frame.put(" ]  turn with [ and ]", row: top + 1, column: column, style: .dim)
        let row = top + 3
        switch model.content {
        case .squad(let count, _):
            frame.put(" \(count) player\(count == 1 ? "" : "s"); the newest:", row: top + 2, column: 0, style: .dim)
        case .results(let results):
            frame.put(results.isEmpty ? " No results yet." : " The last results:", row: top + 2, column: 0, style: .dim)
        case .reading(let books):
            frame.put(
                books.isEmpty ? " No books recommended yet." : " Recommended lately:", row: top + 2, column: 0,
                style: .dim)
        }
        if let window = display.list { rows(&frame, window, from: row, layout.listRows(for: .home)) }
    }

    /// A record's fields as a list (player detail, profile): the title, then one row a field.
    static func detail(_ frame: inout Frame, _ display: Display, _ layout: Layout) {
        let top = Layout.bodyTop
        switch display.content {
        case .playerDetail(let model)?: frame.put(" " + model.title, row: top, column: 0, style: .heading)
        case .profile(let model)?:
            frame.put(" Profile of ", row: top, column: 0, style: .heading)
            frame.put(model.user.username, row: top, column: 12, style: .heading)
        default: break
        }
        if let window = display.list { rows(&frame, window, from: top + 2, layout.listRows(for: display.screen)) }
    }
}
