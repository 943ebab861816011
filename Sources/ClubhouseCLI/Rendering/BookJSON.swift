import Clubhouse

/// Books and questions for `--json`, keys sorted and absent values as null, written in one pass
/// as `PlayerJSON` is. A book: `{"author","createdAt","description","isbn","owned","price",
/// "priceCents","published","publisher","title","updatedAt"}` (isbn as ISBN-13, price as the form
/// shows it, `"12.50"`, and priceCents the exact amount, times ISO-8601): each field with the name
/// and type the server's `/v1/books` gives it. A question: `{"answer","books","createdAt","id","text"}`, its books in the
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
        out.write(#"{"author":"#)
        optional(book.author, into: &out)
        out.write(#","createdAt":"#)
        out.writeJSON(book.createdAt)
        out.write(#","description":"#)
        optional(book.description, into: &out)
        out.write(#","isbn":"#)
        out.writeJSON(book.isbn.digits)
        out.write(#","owned":"#)
        out.write(book.owned ? "true" : "false")
        out.write(#","price":"#)
        optional(book.priceCents.map(BookForm.priceText), into: &out)
        out.write(#","priceCents":"#)
        if let cents = book.priceCents { out.write(Int64(cents)) } else { out.write("null") }
        out.write(#","published":"#)
        optional(book.published, into: &out)
        out.write(#","publisher":"#)
        optional(book.publisher, into: &out)
        out.write(#","title":"#)
        out.writeJSON(book.title)
        out.write(#","updatedAt":"#)
        out.writeJSON(book.updatedAt)
        out.byte(UInt8(ascii: "}"))
    }

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
