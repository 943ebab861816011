/// What a declared field holds and the rule every stored value of it obeys; the messages of a
/// refusal are made here from the field's label, so each rule has one wording.
public enum FieldRule: Sendable, Equatable {
    /// Text of `length` Unicode scalars (`TypedText`) once trimmed; blank optional text is none.
    case text(length: ClosedRange<Int>)
    /// A paragraph: text whose line breaks (a multi-line cell of an imported file) become spaces,
    /// kept as typed ("none" is a word of it); only blank text is none.
    case paragraph(length: ClosedRange<Int>)
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// An amount of money in cents within the range, typed and shown as `12.50`.
    case money(cents: ClosedRange<Int>)
    /// A calendar day written `YYYY-MM-DD` (not an instant: no time zone moves it).
    case date
    /// An ISBN, typed as ISBN-10 or ISBN-13 and kept as ISBN-13's 13 digits.
    case isbn
    /// One of these values (an enum's raw values), in the order offered.
    case choice([String])
    /// A moment, in Unix milliseconds on the wire (which a device shifts by its clock's offset),
    /// between 1970 and 9999 (`instantRange`); `InstantColumn` says how both schemas store it.
    case instant(InstantColumn)

    /// How the schemas store an instant.
    public enum InstantColumn: Sendable, Equatable {
        /// As a time: ISO-8601 text in SQLite, `TIMESTAMPTZ` in PostgreSQL.
        case time
        /// As the milliseconds themselves (a countdown's anchor, which arithmetic reads).
        case milliseconds
    }

    /// 1970-01-01 to 9999-12-31 in Unix ms: what a `TIMESTAMPTZ` holds and a person means.
    public static let instantRange: ClosedRange<Int64> = 0...253_402_300_799_999

    /// The values a field takes when it takes only those, in the order offered; empty otherwise.
    public var choices: [String] {
        if case .choice(let choices) = self { choices } else { [] }
    }

    /// Whether the value is a whole number (an amount is one, in cents; an instant, in ms), text
    /// otherwise.
    public var isInteger: Bool {
        switch self {
        case .integer, .money, .instant: true
        default: false
        }
    }

    /// Whether the schemas store the value as a time (ISO-8601 text in SQLite, `TIMESTAMPTZ` in
    /// PostgreSQL) rather than as its number.
    public var isTime: Bool { self == .instant(.time) }

    /// Whether the value is text a person writes (a name, a paragraph).
    public var isText: Bool {
        switch self {
        case .text, .paragraph: true
        default: false
        }
    }

    /// Whether the value is a paragraph, which a detail shows below the other fields.
    public var isParagraph: Bool {
        if case .paragraph = self { true } else { false }
    }

    /// The most characters a value takes as a form shows it (a column's width).
    public var widestText: Int {
        switch self {
        case .text(let length), .paragraph(let length): length.upperBound
        case .integer(let range): max(String(range.lowerBound).count, String(range.upperBound).count)
        case .money(let range):
            max(Self.moneyText(Int64(range.lowerBound)).count, Self.moneyText(Int64(range.upperBound)).count)
        case .date: 10
        case .isbn: 13
        case .choice(let choices): choices.map(\.count).max() ?? 0
        case .instant: 24
        }
    }

    /// A hint for a prompt: the accepted values.
    public func hint(required: Bool) -> String {
        let none = required ? "" : ", empty for none"
        return switch self {
        case .text(let length) where required: "\(length.lowerBound)–\(length.upperBound) characters"
        case .text(let length), .paragraph(let length): "up to \(length.upperBound) characters\(none)"
        case .integer(let range): "\(range.lowerBound)–\(range.upperBound)\(none)"
        case .money: "for example 12.50\(none)"
        case .date: "YYYY-MM-DD\(none)"
        case .isbn: "ISBN-10 or ISBN-13, hyphens allowed"
        case .choice(let choices): choices.joined(separator: ", ") + none
        case .instant: "an instant, written as ISO 8601\(none)"
        }
    }

    /// The value as a form shows it and takes it back: "" for none, an amount as `12.50`.
    public func formText(_ value: FieldValue) -> String {
        switch (self, value) {
        case (.money, .integer(let cents)): Self.moneyText(cents)
        case (.instant, .integer(let milliseconds)): Self.instantText(milliseconds)
        default: value.formText
        }
    }

    /// Typed text as the value it stands for, or why it is not one; `field` names it in the
    /// message. A blank answer (or "none", "-") of an optional field is none; a required text
    /// field keeps its text exactly as typed, which `validated` then checks. `checkingText` false
    /// leaves the check of what text may hold to `validated`, which every caller then runs (an
    /// import parses every field of every row).
    func parse(_ text: String, field: @autoclosure () -> String, required: Bool, checkingText: Bool = true)
        throws(ClubhouseError) -> FieldValue
    {
        if case .paragraph = self {
            let joined = Self.oneLine(text)
            return joined.trimmingWhitespace().isEmpty ? .null : .text(joined)
        }
        let trimmed = text.trimmingWhitespace()
        // Every field, not only the free-text ones, so that the error names the field and the
        // reason whatever was typed into it.
        if checkingText { try TypedText.check(trimmed, field: field()) }
        if !required, FieldRule.isNone(trimmed) { return .null }
        // Left blank, a required field that is not text is missing, not mistyped.
        if required, trimmed.isEmpty, !isText { throw .invalidInput("\(field()) is required") }
        switch self {
        case .text, .paragraph:
            return .text(text)
        case .integer:
            guard let number = Int64(trimmed) else { throw .invalidInput("\(field()) must be a whole number") }
            return .integer(number)
        case .money:
            return .integer(Int64(try Self.cents(trimmed, field: field())))
        case .date:
            return .text(try Self.date(trimmed, field: field()))
        case .isbn:
            return .text(try ISBN(text).digits)
        case .choice(let choices):
            let lowered = trimmed.lowercased()
            guard choices.contains(lowered) else { throw choiceError(field) }
            return .text(lowered)
        case .instant:
            return .integer(try Self.instant(trimmed, field: field()))
        }
    }

    /// `value` as it is stored (text trimmed, blank optional text as none), or the rule it breaks;
    /// `field` names it in the message (the server's sync names a field by its wire name).
    public func validated(_ value: FieldValue, field: @autoclosure () -> String, required: Bool) throws(ClubhouseError)
        -> FieldValue
    {
        switch (self, value) {
        case (_, .null):
            if required { throw .invalidInput("\(field()) is required") }
            return .null
        case (.text(let length), .text(let text)), (.paragraph(let length), .text(let text)):
            let trimmed = text.trimmingWhitespace()
            try TypedText.check(trimmed, field: field())
            if trimmed.isEmpty, !required { return .null }
            guard length.contains(TypedText.length(trimmed)) else {
                throw trimmed.isEmpty
                    ? .invalidInput("\(field()) must not be empty")
                    : .invalidInput("\(field()) must be at most \(length.upperBound) characters")
            }
            return .text(trimmed)
        case (.integer(let range), .integer(let number)):
            guard let number = Int(exactly: number), range.contains(number) else {
                throw .invalidInput("\(field()) must be between \(range.lowerBound) and \(range.upperBound)")
            }
            return value
        case (.money(let range), .integer(let cents)):
            guard let cents = Int(exactly: cents), range.contains(cents) else {
                throw .invalidInput(
                    "\(field()) must be between \(range.lowerBound / 100) and \(range.upperBound / 100)")
            }
            return value
        case (.date, .text(let text)):
            return .text(try Self.date(text, field: field()))
        case (.isbn, .text(let text)):
            return .text(try ISBN(text).digits)
        case (.choice(let choices), .text(let text)):
            guard choices.contains(text) else { throw choiceError(field) }
            return value
        case (.instant, .integer(let milliseconds)):
            guard Self.instantRange.contains(milliseconds) else { throw instantError(field) }
            return value
        case (.integer, .text), (.money, .text):
            throw .invalidInput("\(field()) must be a whole number")
        case (.instant, .text):
            throw instantError(field)
        case (.text, .integer), (.paragraph, .integer), (.choice, .integer), (.date, .integer), (.isbn, .integer):
            throw .invalidInput("\(field()) must be text")
        }
    }

    private func instantError(_ field: () -> String) -> ClubhouseError {
        .invalidInput("\(field()) must be an instant between 1970 and 9999 (Unix ms)")
    }

    private func choiceError(_ field: () -> String) -> ClubhouseError {
        .invalidInput("\(field()) must be one of: \(choices.joined(separator: ", "))")
    }

    /// Words that clear an optional field, as an empty answer does.
    static let noneWords: Set<String> = ["", "none", "-"]

    /// Whether a trimmed answer is one of `noneWords` (lower-cased only when it could be one).
    static func isNone(_ trimmed: String) -> Bool {
        trimmed.utf8.count <= 4 && noneWords.contains(trimmed.lowercased())
    }

    private static func oneLine(_ text: String) -> String {
        // Bytes first: every line break has one of these in its UTF-8 (CR, LF, VT, FF, and the
        // last byte of U+0085, U+2028, U+2029), and iterating characters costs an import dearly.
        let mayBreak = text.utf8.contains { byte in
            switch byte {
            case 0x0A...0x0D, 0x85, 0xA8, 0xA9: true
            default: false
            }
        }
        guard mayBreak, text.contains(where: \.isNewline) else { return text }
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ")
    }
}
