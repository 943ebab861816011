import Clubhouse

/// Text for people: the library, a book, the questions and a question. Stored text is shown
/// escaped (`TextOutput.escaped`).
enum BookText {
    static func list(_ page: Page<Book>) -> String {
        guard page.total > 0 else {
            return "No books on your shelf yet. Add one with: clubhouse book add --isbn ISBN --title TITLE"
        }
        var lines = ["Library — \(pageLine(page, noun: "book"))"]
        lines += page.items.map(line)
        if page.number < page.count { lines.append("Next: clubhouse book list --page \(page.number + 1)") }
        return lines.joined(separator: "\n")
    }

    /// `  9780441013593  Dune — Frank Herbert`
    static func line(_ book: Book) -> String {
        var line = "  \(book.isbn)  \(TextOutput.escaped(book.title))"
        if let author = book.author { line += " — \(TextOutput.escaped(author))" }
        if !book.owned { line += "  (not on the shelf)" }
        return line
    }

    static func detail(_ book: Book) -> String {
        var lines = ["\(TextOutput.escaped(book.title)) (ISBN \(book.isbn))"]
        func add(_ field: BookField, _ book: Book) {
            let value = book.fields[field]
            guard value != .null else { return }
            lines.append("  \(field.label): \(TextOutput.escaped(field.rule.formText(value)))")
        }
        // The declared fields but the ISBN and title (the heading); a paragraph comes last.
        let fields = BookField.allCases.filter { $0 != .isbn && $0 != .title }
        for field in fields where !field.rule.isParagraph { add(field, book) }
        lines.append(
            book.owned ? "  On the shelf" : "  Not on the shelf (removed; add it again with: clubhouse book add)")
        lines.append("  Added \(GatherText.time(book.createdAt)), updated \(GatherText.time(book.updatedAt))")
        for field in fields where field.rule.isParagraph { add(field, book) }
        return lines.joined(separator: "\n")
    }

    static func search(_ books: [Book]) -> String {
        guard !books.isEmpty else { return "No book on your shelf matches." }
        let lead = books.count == 1 ? "1 book on your shelf matches:" : "\(books.count) books on your shelf match:"
        return ([lead] + books.map(line))
            .joined(separator: "\n")
    }

    static func questions(_ page: Page<Question>) -> String {
        guard page.total > 0 else { return "No questions yet. Ask one with: clubhouse question ask \"TEXT\"" }
        var lines = ["Questions — \(pageLine(page, noun: "question"))"]
        for question in page.items {
            let count = question.books.count
            lines.append(
                "  #\(question.id)  \(GatherText.time(question.createdAt))  \(TextOutput.escaped(question.text))"
                    + "  (\(count) book\(count == 1 ? "" : "s"))")
        }
        if page.number < page.count { lines.append("Next: clubhouse question list --page \(page.number + 1)") }
        return lines.joined(separator: "\n")
    }

    static func question(_ question: Question) -> String {
        var lines = [
            "Question #\(question.id) — \(TextOutput.escaped(question.text))",
            "  Asked \(GatherText.time(question.createdAt))",
            "  \(TextOutput.escaped(question.answer))",
        ]
        if !question.books.isEmpty {
            lines.append("Books:")
            for (index, book) in question.books.enumerated() { lines.append("\(index + 1).\(line(book))") }
            lines.append("Open one with: clubhouse question show \(question.id) --book ISBN")
        }
        return lines.joined(separator: "\n")
    }

    static func reading(_ books: [Book]) -> String {
        guard !books.isEmpty else { return "No books recommended yet. Ask with: clubhouse question ask \"TEXT\"" }
        return (["Recently recommended:"] + books.map(line)).joined(separator: "\n")
    }

    private static func pageLine<T>(_ page: Page<T>, noun: String) -> String {
        "page \(page.number) of \(page.count) (\(page.total) \(noun)\(page.total == 1 ? "" : "s"))"
    }
}
