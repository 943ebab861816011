import Clubhouse
import ClubhouseText

/// The drawing: a pure function of what is on show and the terminal's size to a frame. The
/// chrome (title, tab bar, stack, message, keys) is drawn here; each screen's body in its own file.
public enum ScreenDrawing {
    public static func frame(_ display: Display, width: Int, height: Int) -> Frame {
        var frame = Frame(width: width, height: height)
        let layout = Layout(width: width, height: height)
        if layout.isTooSmall {
            tooSmall(&frame)
            return frame
        }
        switch display.screen {
        case .login, .register:
            title(&frame, display)
            LoginDrawing.draw(&frame, display, layout)
        default:
            title(&frame, display)
            tabs(&frame, display)
            frame.fill(row: 2, with: "─", style: .dim)
            stack(&frame, display)
            body(&frame, display, layout)
        }
        message(&frame, display, layout)
        hints(&frame, display, layout)
        OverlayDrawing.draw(&frame, display, layout)
        return frame
    }

    private static func tooSmall(_ frame: inout Frame) {
        let lines = [
            "The terminal is \(frame.width)×\(frame.height).",
            "Clubhouse needs at least \(Layout.minimumWidth)×\(Layout.minimumHeight):",
            "make it larger, or press q to quit.",
        ]
        let top = max(0, frame.height / 2 - 1)
        for (offset, line) in lines.enumerated() {
            frame.put(line, row: top + offset, column: max(0, (frame.width - line.count) / 2))
        }
    }

    private static func title(_ frame: inout Frame, _ display: Display) {
        var column = frame.put(" Clubhouse", row: 0, column: 0, style: .title)
        if let user = display.user {
            column += frame.put("  signed in as ", row: 0, column: column, style: .dim)
            column += frame.put(user.username, row: 0, column: column, style: .bold, limit: frame.width / 2 - column)
        }
        if let scene = display.scene {
            column += frame.put(
                "  scene \(scene)", row: 0, column: column, style: .dim, limit: frame.width / 2 - column)
        }
        if let status = display.status {
            column += frame.put("  ", row: 0, column: column, limit: frame.width / 2 - column)
            frame.put(
                status.text, row: 0, column: column, style: status.warns ? .warning : .dim,
                limit: frame.width / 2 - column)
        }
        if let place = display.state?.currentPlace {
            let shown = String(place.prefix(frame.width / 2 - 2))
            frame.put(shown, row: 0, column: frame.width - shown.count - 1, style: .dim)
        }
    }

    /// The tab bar, at a tab's first screen only: a pushed screen hides it (the stack line below
    /// still shows how deep it is), as the seed's `hidesBottomBarWhenPushed`.
    private static func tabs(_ frame: inout Frame, _ display: Display) {
        var column = 1
        for tab in Tab.allCases where !display.screen.isPushed {
            let selected = display.state?.selectedTab == tab
            column += frame.put(
                " \(tab.number) \(tab.title) ", row: 1, column: column, style: selected ? .selectedTab : .plain)
            column += 1
        }
        if let modal = display.state?.modal, let top = modal.stack.last {
            frame.put(" + \(top.path)", row: 1, column: column, style: .warning)
        }
    }

    private static func stack(_ frame: inout Frame, _ display: Display) {
        guard let state = display.state else { return }
        var paths = state.stack(for: state.selectedTab).map(\.path)
        // The page view is its own container: its segment row says where it is, with no bar above.
        if state.selectedTab == .home, paths.count == 1, state.modal == nil { return }
        if state.selectedTab == .home, !paths.isEmpty { paths[0] = "home/\(state.selectedPage.rawValue)" }
        if let modal = state.modal { paths += modal.stack.map { "[\($0.path)]" } }
        frame.put(" " + paths.joined(separator: " › "), row: 3, column: 0, style: .dim)
    }

    private static func body(_ frame: inout Frame, _ display: Display, _ layout: Layout) {
        switch display.screen {
        case .home: ListDrawing.home(&frame, display, layout)
        case .players, .library, .questions, .gathers, .searchResults, .teamPicker:
            ListDrawing.list(&frame, display, layout)
        case .playerDetail, .profile: ListDrawing.detail(&frame, display, layout)
        case .form: FormDrawing.form(&frame, display, layout)
        case .gather, .endedGather: GatherDrawing.gather(&frame, display, layout)
        case .bookDetail: BookDrawing.book(&frame, display, layout)
        case .questionDetail: BookDrawing.question(&frame, display, layout)
        case .login, .register: break
        }
    }

    private static func message(_ frame: inout Frame, _ display: Display, _ layout: Layout) {
        if case .note(let text)? = display.message {
            frame.put(" " + text, row: layout.messageRow, column: 0, style: .note)
        }
    }

    private static func hints(_ frame: inout Frame, _ display: Display, _ layout: Layout) {
        let wide = frame.width >= 80
        let tabs = display.screen.isPushed ? "" : " · Tab/1-5 tabs"
        let text: String =
            switch display.screen {
            case .login: "Enter next/sign in · Tab field · Ctrl-R new account · Ctrl-C quit"
            case .register: "Enter next/create · Tab field · ← → lands on · Esc sign in · Ctrl-C quit"
            case .form: "Enter next/save · Tab field · Esc back · Ctrl-S save · Ctrl-C quit"
            case .players where !(display.state?.currentScreen.marked ?? []).isEmpty:
                wide
                    ? "Space mark · Enter open · c pick teams of the marked · Esc clear marks · ? help"
                    : "Space mark · Enter open · c teams · Esc clear · ? help"
            case .teamPicker:
                wide
                    ? "a b team · Space bench · Enter round · s start · Esc back · ? help · q quit"
                    : "a b team · Space bench · s start · Esc back · ? help"
            case .gather:
                wide
                    ? "a b goal · A B take back · t timer · < > length · T reset · e end · c cancel"
                    : "a b goal · t timer · < > length · e end · c cancel · ?"
            default:
                wide
                    ? "↑↓ move · Enter open · Esc back\(tabs) · : command · ? help · q quit"
                    : "↑↓ Enter Esc\(tabs) · : command · ? help · q quit"
            }
        frame.put(" " + text, row: layout.hintRow, column: 0, style: .dim)
    }

    /// `text` escaped and cut into lines of at most `width` columns, between words where it can.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in TextEscaping.escaped(text).split(separator: " ", omittingEmptySubsequences: false) {
            var word = String(word)
            var wordWidth = DisplayWidth.of(word)
            if lineWidth > 0, lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            while wordWidth > width {
                // A word longer than a line is cut where it reaches the edge.
                var head = ""
                var headWidth = 0
                for character in word {
                    let columns = DisplayWidth.of(character)
                    if headWidth + columns > width - lineWidth - (lineWidth > 0 ? 1 : 0) { break }
                    head.append(character)
                    headWidth += columns
                }
                if head.isEmpty, lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                    continue
                }
                if head.isEmpty { head = String(word.first!) }
                lines.append(line + (lineWidth > 0 ? " " : "") + head)
                line = ""
                lineWidth = 0
                word.removeFirst(head.count)
                wordWidth = DisplayWidth.of(word)
            }
            line += (lineWidth > 0 ? " " : "") + word
            lineWidth += (lineWidth > 0 ? 1 : 0) + wordWidth
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
