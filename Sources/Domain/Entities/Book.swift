/// A BookKitty book on a user's shelf, or taken off it (`owned` false): a removed book is kept,
/// because the questions that recommended it still show it.
@dynamicMemberLookup
public struct Book: Equatable, Sendable {
    public var ownerID: User.ID
    /// Its ISBN and the fields of the add-book form (`BookFields`, declared by `BookField`), each
    /// read as the book's own (`book.title`).
    public var fields: BookFields
    public var owned: Bool
    /// ISO-8601, UTC.
    public var createdAt: String
    /// ISO-8601, UTC.
    public var updatedAt: String
    /// Values of its row this version cannot show as stored (a file edited by hand).
    public var unshowableValues: [UnshowableValue]

    public init(
        ownerID: User.ID, fields: BookFields, owned: Bool = true, createdAt: String, updatedAt: String,
        unshowableValues: [UnshowableValue] = []
    ) {
        self.ownerID = ownerID
        self.fields = fields
        self.owned = owned
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.unshowableValues = unshowableValues
    }

    @inlinable
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<BookFields, Value>) -> Value {
        get { fields[keyPath: keyPath] }
        set { fields[keyPath: keyPath] = newValue }
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
