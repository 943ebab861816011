import ClubhouseDomain
import GRDB

/// Decodes a `books` row by column position, from `start` (a joined query puts its own columns
/// first). A tampered value never traps (see `RowDecoding`): the id, owner, ISBN and shelf flag
/// are required (an ISBN that is not 13 digits with a valid check digit is unreadable); text is
/// read whatever its type; a price of the wrong type, or a date that names no real day, reads as
/// none. What cannot be shown as stored is noted in the book's `unshowableValues`.
struct BookRow: FetchableRecord {
    private static let names = [
        "id", "owner_id", "isbn", "title", "author", "publisher", "description", "price_cents", "published", "owned",
        "created_at", "updated_at",
    ]
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
        let digits: String = try RowDecoding.required(row, start + 2, column: "isbn", what: "a book")
        guard let isbn = ISBN(stored: digits) else {
            throw ClubhouseError.unreadableRecord(what: "a book", reason: "isbn is not 13 digits")
        }
        var reading = RecordReading("book \(isbn)")
        // On the shelf only as the shelf's own queries see it (owned = 1).
        let owned = try RowDecoding.required(row, start + 9, column: "owned", what: "book \(isbn)") as Int64
        if owned != 0, owned != 1 {
            reading.note("owned", "\(owned), not 0 or 1", "shown as not on the shelf")
        }
        book = Book(
            isbn: isbn, ownerID: owner, title: reading.text(row.stored(start + 3), "title", absent: "") ?? "",
            author: reading.text(row.stored(start + 4), "author"),
            publisher: reading.text(row.stored(start + 5), "publisher"),
            description: reading.text(row.stored(start + 6), "description"),
            priceCents: Self.price(row.stored(start + 7), &reading),
            published: Self.date(row.stored(start + 8), &reading), owned: owned == 1,
            createdAt: reading.time(row.stored(start + 10), "created_at", absent: "") ?? "",
            updatedAt: reading.time(row.stored(start + 11), "updated_at", absent: "") ?? "")
        book.unshowableValues = reading.unshowable
    }

    /// A stored price if it is whole cents within the form's range, else none (12.5 stored by
    /// hand is not 12 cents).
    private static func price(_ value: DatabaseValue, _ reading: inout RecordReading) -> Int? {
        let range = BookDraft.priceCentsRange
        guard let cents = reading.integer(value, "price_cents", shown: "shown as none") else { return nil }
        guard range.contains(Int(cents)) else {
            let side = Int(cents) < range.lowerBound ? "below \(range.lowerBound)" : "beyond \(range.upperBound)"
            reading.note("price_cents", "\(cents), \(side)", "shown as none")
            return nil
        }
        return Int(cents)
    }

    /// A stored publication date if it names a real day (`YYYY-MM-DD`), else none.
    private static func date(_ value: DatabaseValue, _ reading: inout RecordReading) -> String? {
        guard !value.isNull else { return nil }
        if case .string(let text) = value.storage, let date = try? BookForm.date(text), date == text { return date }
        reading.note("published", "\(StoredValueText.describe(value)), not a real date", "shown as none")
        return nil
    }
}
