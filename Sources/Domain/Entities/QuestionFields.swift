/// A question's fields, declared once: what it asked, what it answered and when, each named in
/// every place that names it. A question is made by asking, never edited, so no form takes these;
/// the sync vocabulary, both schemas' columns and `check` loop over `QuestionField.allCases`.
/// The books it recommends are rows of `question_books`, not a field.
public enum QuestionField: String, RecordField {
    case text, answer, askedAt

    public var key: String {
        switch self {
        case .text, .answer: rawValue
        case .askedAt: "asked-at"
        }
    }

    public var wire: String { rawValue }

    /// The device's `questions` shipped with `created_at`, the server's with `asked_at`.
    public var column: String {
        switch self {
        case .text, .answer: rawValue
        case .askedAt: "created_at"
        }
    }

    public var serverColumn: String { self == .askedAt ? "asked_at" : column }

    public var label: String {
        switch self {
        case .text: "Question"
        case .answer: "Answer"
        case .askedAt: "Date asked"
        }
    }

    public var rule: FieldRule {
        switch self {
        case .text: .text(length: Question.textLength)
        // An answer names at most three books and a few words of each; this bounds a tampered one.
        case .answer: .text(length: 0...10_000)
        case .askedAt: .instant(.time)
        }
    }

    public var isRequired: Bool { true }

    public var syncs: Bool { true }
}
