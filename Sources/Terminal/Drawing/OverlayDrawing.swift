import ClubhouseText

/// What is drawn over the screen: the help box, the warnings box, and the command line, search
/// or question on the message row.
enum OverlayDrawing {
    static func draw(_ frame: inout Frame, _ display: Display, _ layout: Layout) {
        switch display.overlay {
        case nil: return
        case .help:
            let lines = KeyMap.help(for: display.screen).map { (keys, meaning) in
                keys.padding(toLength: max(keys.count, 20), withPad: " ", startingAt: 0) + meaning
            }
            box(&frame, title: "Keys of this screen (any key closes)", lines: lines, layout, escaped: true)
        case .warnings(let warnings):
            box(
                &frame, title: "Warnings (any key closes)", lines: warnings.map { "warning: " + $0 }, layout,
                escaped: false)
        case .alert(let title, let text):
            box(
                &frame, title: title, lines: [text, "", "Enter or Esc closes"], layout, escaped: false, style: .error,
                centred: true)
        case .commandLine(let text): prompt(&frame, ":", text, layout)
        case .search(let text):
            prompt(&frame, display.screen == .players ? "find a player: " : "search: ", text, layout)
        case .add(let selected):
            let lines = AddFlow.allCases.map { flow in "\(flow == selected ? "▶" : " ") \(flow.key)  \(flow.label)" }
            box(&frame, title: "Add (a key, or ↑ ↓ and Enter; Esc closes)", lines: lines, layout, escaped: true)
        case .confirm(let question):
            frame.fill(row: layout.messageRow, with: " ")
            frame.put(" " + question + " (y/n)", row: layout.messageRow, column: 0, style: .warning)
        }
    }

    private static func prompt(_ frame: inout Frame, _ label: String, _ text: String, _ layout: Layout) {
        frame.fill(row: layout.messageRow, with: " ")
        var column = frame.put(" " + label, row: layout.messageRow, column: 0, style: .bold)
        let shown = FormDrawing.tail(TextEscaping.escaped(text), room: frame.width - column - 2)
        column += frame.put(shown, row: layout.messageRow, column: column, style: .input, escaped: true)
        frame.put("█", row: layout.messageRow, column: column)
    }

    /// A box over the body holding `lines` (wrapped; cut with "…" when they do not fit): at its
    /// top, or `centred` in it (an alert, which leaves a form's first fields on show).
    private static func box(
        _ frame: inout Frame, title: String, lines: [String], _ layout: Layout, escaped: Bool,
        style: Style = .bold, centred: Bool = false
    ) {
        let width = min(frame.width - 4, 76)
        let left = (frame.width - width) / 2
        var wrapped: [String] = []
        for line in lines {
            wrapped += escaped ? [line] : ScreenDrawing.wrap(line, width: width - 4)
        }
        let room = layout.bodyBottom - Layout.bodyTop - 1
        if wrapped.count > room {
            wrapped = Array(wrapped.prefix(room - 1)) + ["… and \(wrapped.count - room + 1) more lines"]
        }
        let top = centred ? Layout.bodyTop + max(0, (room - wrapped.count) / 2) : Layout.bodyTop
        let bottom = top + wrapped.count + 1
        for row in top...bottom {
            frame.fill(row: row, with: " ")
            for column in left..<left + width { frame[row, column] = Frame.Cell(text: " ", style: .plain) }
            frame[row, left] = Frame.Cell(text: "│", style: .dim)
            frame[row, left + width - 1] = Frame.Cell(text: "│", style: .dim)
        }
        for column in left..<left + width {
            frame[top, column] = Frame.Cell(text: "─", style: .dim)
            frame[bottom, column] = Frame.Cell(text: "─", style: .dim)
        }
        for (corner, row, column) in [
            ("┌", top, left), ("┐", top, left + width - 1), ("└", bottom, left), ("┘", bottom, left + width - 1),
        ] {
            frame[row, column] = Frame.Cell(text: corner, style: .dim)
        }
        frame.put(" \(title) ", row: top, column: left + 2, style: style)
        for (offset, line) in wrapped.enumerated() {
            frame.put(line, row: top + 1 + offset, column: left + 2, limit: width - 4, escaped: true)
        }
    }
}
