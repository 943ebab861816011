/// A question asked in BookKitty, answered from the user's own shelf: the answer and the books
/// it recommends, in order.
public struct Question: Equatable, Sendable {
    public typealias ID = Int64
    /// In characters (Unicode scalars), as the app allows.
    public static let textLength = 10...100

    public var id: ID
    public var ownerID: User.ID
    public var text: String
    public var answer: String
    /// ISO-8601, UTC.
    public var createdAt: String
    /// The recommended books, best first (a book removed since still shows, not owned).
    public var books: [Book]
    /// Values of its row and of its books' this version cannot show as stored (a file edited by
    /// hand).
    public var unshowableValues: [UnshowableValue]

    public init(
        id: ID, ownerID: User.ID, text: String, answer: String, createdAt: String, books: [Book],
        unshowableValues: [UnshowableValue] = []
    ) {
        self.id = id
        self.ownerID = ownerID
        self.text = text
        self.answer = answer
        self.createdAt = createdAt
        self.books = books
        self.unshowableValues = unshowableValues
    }

    /// The question as typed, trimmed, or the rule it breaks.
    public static func validatedText(_ text: String) throws(ClubhouseError) -> String {
        let trimmed = text.trimmingWhitespace()
        try TypedText.check(trimmed, field: "a question")
        let length = TypedText.length(trimmed)
        guard textLength.contains(length) else {
            throw .invalidInput(
                "a question must be \(textLength.lowerBound)–\(textLength.upperBound) characters (this one has \(length))"
            )
        }
        return trimmed
    }
}

extension Question: ShowsStoredValues {}
