import ClubhouseDomain
import GRDB

/// Decodes a `books` row by column position, from `start` (a joined query puts its own columns
/// first). A tampered value never traps (see `RowDecoding`): the id, owner, ISBN and shelf flag
/// are required (an ISBN that is not 13 digits with a valid check digit is unreadable); text is
/// read whatever its type; a price of the wrong type, or a date that names no real day, reads as
/// none. What cannot be shown as stored is noted in the book's `unshowableValues`.
struct BookRow: FetchableRecord {
    /// The declared fields' columns (the ISBN first), between the row's own and the shelf's.
    private static let names = ["id", "owner_id"] + BookColumns.names + ["owned", "created_at", "updated_at"]
    static let columns = names.joined(separator: ", ")

    /// The columns of `alias` in a joined query.
    static func columns(of alias: String) -> String {
        names.map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    let id: Int64
    private(set) var book: Book

    init(row: Row) throws {
        try self.init(row: row, from: 0)
    }

    /// The rows of a list that can be read: one tampered book must not hide the shelf, the
    /// search, the questions or the home page (`clubhouse check` names it).
    static func readable(_ db: Database, sql: String, arguments: StatementArguments) throws -> [BookRow] {
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        var readable: [BookRow] = []
        while let row = try rows.next() {
            if let book = try? BookRow(row: row) { readable.append(book) }
        }
        return readable
    }

    init(row: Row, from start: Int) throws {
        id = try RowDecoding.required(row, start, column: "id", what: "a book")
        let owner: User.ID = try RowDecoding.required(row, start + 1, column: "owner_id", what: "a book")
        let digits: String = try RowDecoding.required(
            row, start + 2 + BookColumns.isbnOffset, column: "isbn", what: "a book")
        guard let isbn = ISBN(stored: digits) else {
            throw ClubhouseError.unreadableRecord(what: "a book", reason: "isbn is not 13 digits")
        }
        var reading = RecordReading("book \(isbn)")
        let after = start + 2 + BookField.allCases.count
        // On the shelf only as the shelf's own queries see it (owned = 1).
        let owned = try RowDecoding.required(row, after, column: "owned", what: "book \(isbn)") as Int64
        if owned != 0, owned != 1 {
            reading.note("owned", "\(owned), not 0 or 1", "shown as not on the shelf")
        }
        var fields = BookFields(isbn: isbn, title: "")
        for (offset, field) in BookField.allCases.enumerated() where field != .isbn {
            fields[field] = reading.value(row.stored(start + 2 + offset), field)
        }
        book = Book(
            ownerID: owner, fields: fields, owned: owned == 1,
            createdAt: reading.time(row.stored(after + 1), "created_at", absent: "") ?? "",
            updatedAt: reading.time(row.stored(after + 2), "updated_at", absent: "") ?? "")
        book.unshowableValues = reading.unshowable
    }
}

/// The declared fields' columns in `books`, in the declaration's order (the ISBN first).
enum BookColumns {
    static let names = BookField.allCases.map(\.column)
    /// `isbn, title, …`.
    static let list = names.joined(separator: ", ")
    static let isbnOffset = BookField.allCases.firstIndex(of: .isbn) ?? 0
    /// The fields a form may leave empty: a save tells which of them it cleared.
    static let optional = BookField.allCases.filter { !$0.isRequired }
}
