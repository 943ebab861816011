/// A question's synced fields, typed. Questions are created and maybe deleted, never edited.
public struct SyncQuestionFields: Sendable, Equatable, Hashable {
    public static let names = ["text", "answer", "askedAt", "books"]
    /// The fields that are instants.
    public static let instantNames = ["askedAt"]

    public var text: String
    public var answer: String
    /// Unix ms, in the server's clock on the wire.
    public var askedAt: Int64
    /// The recommended books' ISBN-13s, best first.
    public var books: [String]

    public init(text: String, answer: String, askedAt: Int64, books: [String]) {
        self.text = text
        self.answer = answer
        self.askedAt = askedAt
        self.books = books
    }

    /// A create's fields (`base` nil: every field must be present), or `base` with a put's
    /// present fields written over it.
    public init(_ fields: SyncFields, over base: SyncQuestionFields? = nil) throws(SyncFieldError) {
        let reader = try SyncFieldReader(fields, names: Self.names)
        text = try reader.read("text", base?.text, expected: "a string", SyncFieldReader.string)
        answer = try reader.read("answer", base?.answer, expected: "a string", SyncFieldReader.string)
        askedAt = try reader.read("askedAt", base?.askedAt, expected: "an integer (Unix ms)", SyncFieldReader.int64)
        books = try reader.read("books", base?.books, expected: "an array of ISBN strings", SyncFieldReader.strings)
    }

    /// Every field, as a create sends it.
    public var fields: SyncFields {
        [
            "text": .string(text), "answer": .string(answer), "askedAt": .int(askedAt),
            "books": .array(books.map(SyncValue.string)),
        ]
    }
}
