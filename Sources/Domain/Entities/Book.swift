/// A BookKitty book on a user's shelf, or taken off it (`owned` false): a removed book is kept,
/// because the questions that recommended it still show it.
public struct Book: Equatable, Sendable {
    public var isbn: ISBN
    public var ownerID: User.ID
    public var title: String
    public var author: String?
    public var publisher: String?
    public var description: String?
    /// In cents, so that prices add up exactly.
    public var priceCents: Int?
    /// `YYYY-MM-DD`.
    public var published: String?
    public var owned: Bool
    /// ISO-8601, UTC.
    public var createdAt: String
    /// ISO-8601, UTC.
    public var updatedAt: String
    /// Values of its row this version cannot show as stored (a file edited by hand).
    public var unshowableValues: [UnshowableValue]

    public init(
        isbn: ISBN, ownerID: User.ID, title: String, author: String? = nil, publisher: String? = nil,
        description: String? = nil, priceCents: Int? = nil, published: String? = nil, owned: Bool = true,
        createdAt: String, updatedAt: String, unshowableValues: [UnshowableValue] = []
    ) {
        self.isbn = isbn
        self.ownerID = ownerID
        self.title = title
        self.author = author
        self.publisher = publisher
        self.description = description
        self.priceCents = priceCents
        self.published = published
        self.owned = owned
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.unshowableValues = unshowableValues
    }
}

/// Whether saving a book added it or updated one with the same ISBN.
extension Book: ShowsStoredValues {}

public enum BookSave: Equatable, Sendable {
    case added(Book)
    /// An ISBN already on the shelf, saved with every field of the draft: `cleared` are the
    /// fields that had a value and were left out this time (a form's empty field means none).
    case updated(Book, cleared: [BookField])

    public var book: Book {
        switch self {
        case .added(let book), .updated(let book, _): book
        }
    }
}
