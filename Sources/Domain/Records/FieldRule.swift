/// What a declared field holds and the rule every stored value of it obeys; the messages of a
/// refusal are made here from the field's label, so each rule has one wording.
public enum FieldRule: Sendable, Equatable {
    /// Text of `length` Unicode scalars (`TypedText`) once trimmed; blank optional text is none.
    case text(length: ClosedRange<Int>)
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// One of these values (an enum's raw values), in the order offered.
    case choice([String])

    /// The values a field takes when it takes only those, in the order offered; empty otherwise.
    public var choices: [String] {
        if case .choice(let choices) = self { choices } else { [] }
    }

    public var isInteger: Bool {
        if case .integer = self { true } else { false }
    }

    /// A hint for a prompt: the accepted values.
    public func hint(required: Bool) -> String {
        let none = required ? "" : ", empty for none"
        return switch self {
        case .text(let length) where required: "\(length.lowerBound)–\(length.upperBound) characters"
        case .text(let length): "up to \(length.upperBound) characters\(none)"
        case .integer(let range): "\(range.lowerBound)–\(range.upperBound)\(none)"
        case .choice(let choices): choices.joined(separator: ", ") + none
        }
    }

    /// Typed text as the value it stands for, or why it is not one; `field` names it in the
    /// message. A blank answer (or "none", "-") of an optional field is none; a required text
    /// field keeps its text exactly as typed, which `validated` then checks.
    func parse(_ text: String, field: String, required: Bool) throws(ClubhouseError) -> FieldValue {
        let trimmed = text.trimmingWhitespace()
        // Every field, not only the free-text ones, so that the error names the field and the
        // reason whatever was typed into it.
        try TypedText.check(trimmed, field: field)
        if !required, FieldRule.isNone(trimmed) { return .null }
        switch self {
        case .text:
            return .text(text)
        case .integer:
            guard let number = Int64(trimmed) else { throw .invalidInput("\(field) must be a whole number") }
            return .integer(number)
        case .choice(let choices):
            let lowered = trimmed.lowercased()
            guard choices.contains(lowered) else { throw choiceError(field) }
            return .text(lowered)
        }
    }

    /// `value` as it is stored (text trimmed, blank optional text as none), or the rule it breaks.
    func validated(_ value: FieldValue, field: String, required: Bool) throws(ClubhouseError) -> FieldValue {
        switch (self, value) {
        case (_, .null):
            if required { throw .invalidInput("\(field) is required") }
            return .null
        case (.text(let length), .text(let text)):
            let trimmed = text.trimmingWhitespace()
            try TypedText.check(trimmed, field: field)
            if trimmed.isEmpty, !required { return .null }
            guard length.contains(TypedText.length(trimmed)) else {
                throw trimmed.isEmpty
                    ? .invalidInput("\(field) must not be empty")
                    : .invalidInput("\(field) must be at most \(length.upperBound) characters")
            }
            return .text(trimmed)
        case (.integer(let range), .integer(let number)):
            guard let number = Int(exactly: number), range.contains(number) else {
                throw .invalidInput("\(field) must be between \(range.lowerBound) and \(range.upperBound)")
            }
            return value
        case (.choice(let choices), .text(let text)):
            guard choices.contains(text) else { throw choiceError(field) }
            return value
        case (.integer, .text):
            throw .invalidInput("\(field) must be a whole number")
        case (.text, .integer), (.choice, .integer):
            throw .invalidInput("\(field) must be text")
        }
    }

    private func choiceError(_ field: String) -> ClubhouseError {
        .invalidInput("\(field) must be one of: \(choices.joined(separator: ", "))")
    }

    /// Words that clear an optional field, as an empty answer does.
    static let noneWords: Set<String> = ["", "none", "-"]

    /// Whether a trimmed answer is one of `noneWords` (lower-cased only when it could be one).
    static func isNone(_ trimmed: String) -> Bool {
        trimmed.utf8.count <= 4 && noneWords.contains(trimmed.lowercased())
    }
}
