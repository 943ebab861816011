import Clubhouse

/// A book, and a question with its answer and books.
enum BookDrawing {
    static func book(_ frame: inout Frame, _ display: Display, _ layout: Layout) {
        guard case .bookDetail(let book)? = display.content else { return }
        let top = Layout.bodyTop
        frame.put(" " + book.title, row: top, column: 0, style: .heading)
        var row = top + 2
        // The declared fields but the title (the heading) and a paragraph (below them).
        let shown = BookField.allCases.filter { $0 != .title && !$0.rule.isParagraph }
        let fields: [(String, String?)] =
            shown.map { field in
                let value = book.fields[field]
                return (field.label, value == .null ? nil : field.rule.formText(value))
            } + [("Shelf", book.owned ? "on the shelf" : "taken off the shelf")]
        for (label, value) in fields {
            frame.put(label, row: row, column: 4, style: .dim)
            frame.put(value ?? "—", row: row, column: 16)
            row += 1
        }
        row += 1
        let paragraphs = BookField.allCases.filter(\.rule.isParagraph).compactMap { book.fields[$0].text }
        for line in ScreenDrawing.wrap(paragraphs.joined(separator: " "), width: frame.width - 8)
        where row <= layout.bodyBottom {
            frame.put(line, row: row, column: 4, escaped: true)
            row += 1
        }
    }

    static func question(_ frame: inout Frame, _ display: Display, _ layout: Layout) {
        guard case .questionDetail(let question)? = display.content else { return }
        let top = Layout.bodyTop
        frame.put(" Question #\(question.id)", row: top, column: 0, style: .heading)
        frame.put(question.text, row: top + 1, column: 4, style: .bold)
        let answer = ScreenDrawing.wrap(question.answer, width: frame.width - 8)
        for (offset, line) in answer.prefix(5).enumerated() {
            frame.put(line, row: top + 2 + offset, column: 4, escaped: true)
        }
        frame.put(" Books (Enter opens one)", row: top + 7, column: 0, style: .dim)
        if let window = display.list {
            ListDrawing.rows(&frame, window, from: top + 8, layout.listRows(for: .questionDetail))
        }
    }
}
