import Clubhouse

/// Books and questions for `--json`, keys sorted and absent values as null, written in one pass
/// as `PlayerJSON` is. A book: each declared field (`BookField`) by its wire name, with the name
/// and type the server's `/v1/books` gives it (isbn as ISBN-13, price as the form shows it,
/// `"12.50"`, beside the exact amount in cents), then `owned`, `createdAt` and `updatedAt`
/// (ISO-8601). A question: `{"answer","books","createdAt","id","text"}`, its books in the
/// recommended order.
enum BookJSON {
    static func object(_ book: Book) -> String {
        var out = ByteWriter(reservingCapacity: 512)
        write(book, into: &out)
        return out.text
    }

    static func array(_ books: [Book]) -> String {
        var out = ByteWriter(reservingCapacity: 2 + books.count * 512)
        write(books, into: &out)
        return out.text
    }

    static func object(_ question: Question) -> String {
        var out = ByteWriter(reservingCapacity: 512 + question.books.count * 512)
        write(question, into: &out)
        return out.text
    }

    static func array(_ questions: [Question]) -> String {
        var out = ByteWriter(reservingCapacity: 2 + questions.count * 1024)
        out.byte(UInt8(ascii: "["))
        for (index, question) in questions.enumerated() {
            if index > 0 { out.byte(UInt8(ascii: ",")) }
            write(question, into: &out)
        }
        out.byte(UInt8(ascii: "]"))
        return out.text
    }

    static func write(_ books: [Book], into out: inout ByteWriter) {
        out.byte(UInt8(ascii: "["))
        for (index, book) in books.enumerated() {
            if index > 0 { out.byte(UInt8(ascii: ",")) }
            write(book, into: &out)
        }
        out.byte(UInt8(ascii: "]"))
    }

    static func write(_ book: Book, into out: inout ByteWriter) {
        for (prefix, key) in zip(prefixes, keys) {
            out.write(prefix)
            switch key {
            case .field(let field):
                switch book.fields[field] {
                case .null: out.write("null")
                case .integer(let number): out.write(number)
                case .text(let text): out.writeJSON(text)
                }
            case .formText(let field):
                let value = book.fields[field]
                if value == .null { out.write("null") } else { out.writeJSON(field.rule.formText(value)) }
            case .owned: out.write(book.owned ? "true" : "false")
            case .createdAt: out.writeJSON(book.createdAt)
            case .updatedAt: out.writeJSON(book.updatedAt)
            }
        }
        out.byte(UInt8(ascii: "}"))
    }

    /// A key of a book's object: a declared field by its wire name, an amount also as the form
    /// shows it (under the field's key), and the shelf's state.
    enum Key {
        case field(BookField), formText(BookField), owned, createdAt, updatedAt

        var name: String {
            switch self {
            case .field(let field): field.wire
            case .formText(let field): field.key
            case .owned: "owned"
            case .createdAt: "createdAt"
            case .updatedAt: "updatedAt"
            }
        }
    }

    /// The object's keys in sorted order, and what is written before each value.
    static let keys: [Key] =
        (BookField.allCases.flatMap { field -> [Key] in
            if case .money = field.rule { [.field(field), .formText(field)] } else { [.field(field)] }
        } + [.owned, .createdAt, .updatedAt]).sorted { $0.name < $1.name }
    private static let prefixes = keys.enumerated().map { index, key in (index == 0 ? "{" : ",") + "\"\(key.name)\":" }

    static func write(_ question: Question, into out: inout ByteWriter) {
        out.write(#"{"answer":"#)
        out.writeJSON(question.answer)
        out.write(#","books":"#)
        write(question.books, into: &out)
        out.write(#","createdAt":"#)
        out.writeJSON(question.createdAt)
        out.write(#","id":"#)
        out.write(question.id)
        out.write(#","text":"#)
        out.writeJSON(question.text)
        out.byte(UInt8(ascii: "}"))
    }

    private static func optional(_ text: String?, into out: inout ByteWriter) {
        if let text { out.writeJSON(text) } else { out.write("null") }
    }
}
