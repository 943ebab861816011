import ClubhouseDomain
import ClubhouseSyncWire
import Foundation

/// A book as the API shows it: each declared field by its wire name (`isbn` as ISBN-13, and an
/// amount also as the form shows it, `12.50`, under its key), absent ones left out, then
/// its shelf state. `owned` is false once removed: a removed book is kept for the questions that
/// recommended it. The name the CLI's `--json`, sync and the app use; `onShelf`, the same value,
/// stays for the clients of 0.8.0.
struct BookJSON: Encodable {
    let book: Book

    init(_ book: Book) {
        self.book = book
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try container.encode(book.fields)
        try container.encode(book.owned, forKey: FieldKey("owned"))
        try container.encode(book.owned, forKey: FieldKey("onShelf"))
        try container.encode(book.createdAt, forKey: FieldKey("createdAt"))
        try container.encode(book.updatedAt, forKey: FieldKey("updatedAt"))
    }
}

struct BookSaveJSON: Encodable {
    let book: BookJSON
    /// Fields that had a value and were left out this time (saving an ISBN again replaces every
    /// field, as the CLI's `book add` does).
    let cleared: [String]
}

struct BookPageJSON: Encodable {
    let books: [BookJSON]
    let page: Int
    let perPage: Int
    let total: Int
}

/// The request fields of the add-book form, named by their keys (`price` as the form takes it,
/// text or a number), read as the CLI's `BookForm` reads typed text.
enum BookInput {
    static let names = Set(BookField.allCases.map(\.key))

    static func draft(_ body: JSONObject) throws -> BookDraft {
        var form = FormDraft()
        for field in BookField.allCases {
            let text: String?
            switch (field.rule, body.fields[field.key]) {
            case (.money, .double(let value)?): text = String(value)
            case (.money, .int(let value)?): text = String(value)
            default: text = try body.string(field.key)
            }
            guard let text else { continue }
            do { try BookForm.check(field, text) } catch { throw APIError(error, field: field.key) }
            form[field.key] = text
        }
        for field in BookField.allCases where field.isRequired && form[field.key] == nil {
            throw APIError.invalidField(field.key, "\(field.shownName) is required")
        }
        do { return try BookForm.draft(from: form) } catch { throw APIError(error) }
    }
}
