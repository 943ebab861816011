import Clubhouse

/// A book, and a question with its answer and books.
enum BookDrawing {
    static func book(_ frame: inout Frame, _ display: Display, _ layout: Layout) {
        guard case .bookDetail(let book)? = display.content else { return }
        let top = Layout.bodyTop
        frame.put(" " + book.title, row: top, column: 0, style: .heading)
        var row = top + 2
        let fields: [(String, String?)] = [
            ("ISBN", book.isbn.digits), ("Author", book.author), ("Publisher", book.publisher),
            ("Published", book.published), ("Price", book.priceCents.map(BookForm.priceText)),
            ("Shelf", book.owned ? "on the shelf" : "taken off the shelf"),
        ]
        for (label, value) in fields {
            frame.put(label, row: row, column: 4, style: .dim)
            frame.put(value ?? "—", row: row, column: 16)
            row += 1
        }
        row += 1
        for line in ScreenDrawing.wrap(book.description ?? "", width: frame.width - 8) where row <= layout.bodyBottom {
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
