import ClubhouseDomain
import ClubhouseSyncWire
import Foundation

/// A book as the API shows it.
struct BookJSON: Encodable {
    let isbn: String
    let title: String
    let author: String?
    let publisher: String?
    let description: String?
    /// As the form shows it, `12.50`; `priceCents` is the exact amount.
    let price: String?
    let priceCents: Int?
    let published: String?
    /// False once removed: a removed book is kept for the questions that recommended it. The
    /// name the CLI's `--json`, sync and the app use; `onShelf`, the same value, stays for the
    /// clients of 0.8.0.
    let owned: Bool
    let onShelf: Bool
    let createdAt: String
    let updatedAt: String

    init(_ book: Book) {
        isbn = book.isbn.digits
        title = book.title
        author = book.author
        publisher = book.publisher
        description = book.description
        price = book.priceCents.map(BookForm.priceText)
        priceCents = book.priceCents
        published = book.published
        owned = book.owned
        onShelf = book.owned
        createdAt = book.createdAt
        updatedAt = book.updatedAt
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

/// The request fields of the add-book form, read as the CLI's `BookForm` reads typed text.
enum BookInput {
    static let fields: [(json: String, field: BookField)] = [
        ("isbn", .isbn), ("title", .title), ("author", .author), ("publisher", .publisher),
        ("description", .description), ("price", .price), ("published", .published),
    ]

    static func draft(_ body: JSONObject) throws -> BookDraft {
        var form = FormDraft()
        for (json, field) in fields {
            let text: String?
            if field == .price, case .double(let value)? = body.fields[json] {
                text = String(value)
            } else if field == .price, case .int(let value)? = body.fields[json] {
                text = String(value)
            } else {
                text = try body.string(json)
            }
            guard let text else { continue }
            do { try BookForm.check(field, text) } catch { throw APIError(error, field: json) }
            form[field.rawValue] = text
        }
        for required in ["isbn", "title"] where form[required] == nil {
            throw APIError.invalidField(required, "\(required) is required")
        }
        do { return try BookForm.draft(from: form) } catch {
            throw APIError(error, field: error == .invalidInput("isbn is required") ? "isbn" : nil)
        }
    }
}
