/// A book's fields, declared once. `BookField` is the declaration — each field's name in every
/// place that names it (form, CLI option and imported column; wire and JSON; column), its label
/// and its rule — and `BookFields` the typed value (the add-book form's draft, what a `Book`
/// carries); every other layer loops over `BookField.allCases` through `subscript(field)`.
public enum BookField: String, RecordField {
    case isbn, title, author, publisher, description, price, published

    /// The field's key in forms, CLI options and an imported file's header.
    public var key: String { rawValue }

    /// The field's name on the sync wire and in JSON: an amount is named by its unit there
    /// (`priceCents`), and JSON also gives it as the form shows it, under `key`.
    public var wire: String { self == .price ? "priceCents" : rawValue }

    /// The column, in SQLite's `books` and in PostgreSQL's.
    public var column: String { self == .price ? "price_cents" : rawValue }

    public var label: String {
        switch self {
        case .isbn: "ISBN"
        case .title: "Title"
        case .author: "Author"
        case .publisher: "Publisher"
        case .description: "Description"
        case .price: "Price"
        case .published: "Published"
        }
    }

    public var rule: FieldRule {
        switch self {
        case .isbn: .isbn
        case .title, .author, .publisher: .text(length: 1...200)
        case .description: .paragraph(length: 1...4000)
        // Up to 1 000 000.00 in any currency the user keeps prices in.
        case .price: .money(cents: 0...100_000_000)
        case .published: .date
        }
    }

    public var isRequired: Bool { self == .isbn || self == .title }

    /// The ISBN is the book's key on the wire, not one of its fields.
    public var syncs: Bool { self != .isbn }

    /// What a keyword matching the field adds to a book's relevance (`BookRelevance`); nil for a
    /// field that is not searched. The full-text index holds the searched fields, in this order.
    public var searchWeight: Int? {
        switch self {
        case .title: 10
        case .author: 5
        case .description: 1
        case .isbn, .publisher, .price, .published: nil
        }
    }

    /// The fields a search reads, in the declaration's order (the full-text index's columns).
    public static let searched = allCases.filter { $0.searchWeight != nil }
}

/// A book's fields: what the add-book form (and one row of an imported file) holds before it is
/// saved (`BookDraft`), and what a `Book` carries. `validated()` applies the rules every stored
/// book obeys. Lengths are in Unicode scalars.
public struct BookFields: RecordValues, Equatable {
    public var isbn: ISBN
    public var title: String
    public var author: String?
    public var publisher: String?
    public var description: String?
    /// In cents, so that prices add up exactly.
    public var priceCents: Int?
    /// `YYYY-MM-DD`.
    public var published: String?

    public init(
        isbn: ISBN, title: String, author: String? = nil, publisher: String? = nil, description: String? = nil,
        priceCents: Int? = nil, published: String? = nil
    ) {
        self.isbn = isbn
        self.title = title
        self.author = author
        self.publisher = publisher
        self.description = description
        self.priceCents = priceCents
        self.published = published
    }

    /// A field's value as the stores and the wire carry it (the ISBN as its 13 digits, a price in
    /// cents). Setting a value of another type sets none; an ISBN that is not 13 digits is kept.
    @inlinable
    public subscript(field: BookField) -> FieldValue {
        get {
            switch field {
            case .isbn: .text(isbn.digits)
            case .title: .text(title)
            case .author: FieldValue(author)
            case .publisher: FieldValue(publisher)
            case .description: FieldValue(description)
            case .price: FieldValue(priceCents)
            case .published: FieldValue(published)
            }
        }
        set {
            switch field {
            case .isbn: if let isbn = newValue.text.flatMap(ISBN.init(stored:)) { self.isbn = isbn }
            case .title: title = newValue.text ?? ""
            case .author: author = newValue.text
            case .publisher: publisher = newValue.text
            case .description: description = newValue.text
            case .price: priceCents = newValue.integer.flatMap { Int(exactly: $0) }
            case .published: published = newValue.text
            }
        }
    }

    /// The fields with their text trimmed (blank optional fields become none), or the first rule
    /// one breaks (in the declaration's order).
    public func validated() throws(ClubhouseError) -> BookFields {
        var valid = self
        // The ISBN is checked when it is made (`ISBN`).
        for field in BookField.allCases where field != .isbn {
            valid[field] = try field.validated(self[field])
        }
        return valid
    }

    /// Fields from values as stored or sent, each checked by its rule (the ISBN's check digit too).
    public init(checking values: (BookField) -> FieldValue) throws(ClubhouseError) {
        guard case .text(let digits) = try BookField.isbn.validated(values(.isbn)), let isbn = ISBN(stored: digits)
        else { throw .invalidInput("isbn is required") }
        self.init(isbn: isbn, title: "")
        for field in BookField.allCases where field != .isbn {
            self[field] = try field.validated(values(field))
        }
    }
}

/// What the add-book form holds before it is saved.
public typealias BookDraft = BookFields
