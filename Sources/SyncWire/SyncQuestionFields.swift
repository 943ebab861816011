import ClubhouseDomain

/// A question's synced fields, typed: one per declared field (`QuestionField`), then the books it
/// recommends. Questions are created and maybe deleted, never edited.
public struct SyncQuestionFields: RecordValues, Sendable, Equatable, Hashable {
    /// The declared fields' wire names, then `books`.
    public static let names = QuestionField.synced.map(\.wire) + [booksName]
    /// The fields that are instants.
    public static let instantNames = QuestionField.instants.map(\.wire)
    public static let booksName = "books"

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

    /// A field's value as the wire carries it. Setting a value of another type sets none (the
    /// reader gives each field its own type).
    public subscript(field: QuestionField) -> FieldValue {
        get {
            switch field {
            case .text: .text(text)
            case .answer: .text(answer)
            case .askedAt: .integer(askedAt)
            }
        }
        set {
            switch field {
            case .text: text = newValue.text ?? ""
            case .answer: answer = newValue.text ?? ""
            case .askedAt: askedAt = newValue.integer ?? 0
            }
        }
    }

    /// A create's fields (`base` nil: every field must be present), or `base` with a put's
    /// present fields written over it.
    public init(_ fields: SyncFields, over base: SyncQuestionFields? = nil) throws(SyncFieldError) {
        let reader = try SyncFieldReader(fields, names: Self.names)
        let values = try reader.values(
            QuestionField.synced, over: base.map { base in QuestionField.synced.map { base[$0] } })
        let books = try reader.read(
            Self.booksName, base?.books, expected: "an array of ISBN strings", SyncFieldReader.strings)
        self.init(text: "", answer: "", askedAt: 0, books: books)
        for (field, value) in zip(QuestionField.synced, values) { self[field] = value }
    }

    /// The question these fields stand for, without its books (which are the shelf's).
    public func question(id: Question.ID, ownerID: User.ID) -> Question {
        Question(
            id: id, ownerID: ownerID, text: text, answer: answer, createdAt: FieldRule.instantText(askedAt), books: [])
    }

    /// Every field, as a create sends it.
    public var fields: SyncFields {
        var fields = SyncFields(minimumCapacity: Self.names.count)
        for field in QuestionField.synced { fields[field.wire] = SyncValue(self[field]) }
        fields[Self.booksName] = .array(books.map(SyncValue.string))
        return fields
    }
}
