/// What the add-book form (and one row of an imported file) holds before it is saved.
/// `validated()` applies the rules every stored book obeys. Lengths are in Unicode scalars.
public struct BookDraft: Equatable, Sendable {
    public static let titleLength = 1...200
    public static let nameMaximumLength = 200
    public static let descriptionMaximumLength = 4000
    /// Up to 1 000 000.00 in any currency the user keeps prices in.
    public static let priceCentsRange = 0...100_000_000

    public var isbn: ISBN
    public var title: String
    public var author: String?
    public var publisher: String?
    public var description: String?
    public var priceCents: Int?
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

    /// The draft with its text trimmed (blank optional fields become none), or the first rule it breaks.
    public func validated() throws(ClubhouseError) -> BookDraft {
        let title = title.trimmingWhitespace()
        try TypedText.check(title, field: "title")
        guard Self.titleLength.contains(TypedText.length(title)) else {
            throw title.isEmpty
                ? .invalidInput("title must not be empty")
                : .invalidInput("title must be at most \(Self.titleLength.upperBound) characters")
        }
        var draft = self
        draft.title = title
        draft.author = try Self.optional(author, field: "author", maximum: Self.nameMaximumLength)
        draft.publisher = try Self.optional(publisher, field: "publisher", maximum: Self.nameMaximumLength)
        draft.description = try Self.optional(
            description, field: "description", maximum: Self.descriptionMaximumLength)
        if let priceCents, !Self.priceCentsRange.contains(priceCents) {
            throw .invalidInput("price must be between 0 and 1000000")
        }
        if let published { draft.published = try BookForm.date(published) }
        return draft
    }

    private static func optional(_ text: String?, field: String, maximum: Int) throws(ClubhouseError) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingWhitespace()
        try TypedText.check(trimmed, field: field)
        guard TypedText.length(trimmed) <= maximum else {
            throw .invalidInput("\(field) must be at most \(maximum) characters")
        }
        return trimmed.isEmpty ? nil : trimmed
    }
}
