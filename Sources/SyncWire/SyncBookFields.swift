/// A book's synced fields, typed (its key is the ISBN-13). `published` is "YYYY-MM-DD".
public struct SyncBookFields: Sendable, Equatable, Hashable {
    public static let names = ["title", "author", "publisher", "description", "priceCents", "published", "owned"]

    public var title: String
    public var author: String?
    public var publisher: String?
    public var description: String?
    public var priceCents: Int?
    public var published: String?
    /// False once removed from the shelf (a book is never deleted).
    public var owned: Bool

    public init(
        title: String, author: String? = nil, publisher: String? = nil, description: String? = nil,
        priceCents: Int? = nil, published: String? = nil, owned: Bool = true
    ) {
        self.title = title
        self.author = author
        self.publisher = publisher
        self.description = description
        self.priceCents = priceCents
        self.published = published
        self.owned = owned
    }

    /// A create's fields (`base` nil: every field must be present), or `base` with a put's
    /// present fields written over it.
    public init(_ fields: SyncFields, over base: SyncBookFields? = nil) throws(SyncFieldError) {
        let reader = try SyncFieldReader(fields, names: Self.names)
        let text = "a string or null"
        title = try reader.read("title", base?.title, expected: "a string", SyncFieldReader.string)
        author = try reader.read("author", base.map(\.author), expected: text, SyncFieldReader.optionalString)
        publisher = try reader.read("publisher", base.map(\.publisher), expected: text, SyncFieldReader.optionalString)
        description = try reader.read(
            "description", base.map(\.description), expected: text, SyncFieldReader.optionalString)
        priceCents = try reader.read(
            "priceCents", base.map(\.priceCents), expected: "an integer or null", SyncFieldReader.optionalInt)
        published = try reader.read("published", base.map(\.published), expected: text, SyncFieldReader.optionalString)
        owned = try reader.read("owned", base?.owned, expected: "a boolean", SyncFieldReader.bool)
    }

    /// Every field, as a create sends it.
    public var fields: SyncFields {
        [
            "title": .string(title), "author": SyncValue(author), "publisher": SyncValue(publisher),
            "description": SyncValue(description), "priceCents": SyncValue(priceCents),
            "published": SyncValue(published), "owned": .bool(owned),
        ]
    }

    /// The names of the fields whose values differ from `other`'s.
    public func changedFields(from other: SyncBookFields) -> [String] {
        let mine = fields
        let theirs = other.fields
        return Self.names.filter { mine[$0] != theirs[$0] }
    }
}
