import Foundation

/// A validated username, as registered. Spellings that differ only in case, composition or
/// compatibility form (`ana`, `Ana`, full-width `ａｎａ`) are one account, so uniqueness is checked
/// on `key` (see `Username.key(for:)`), never on the display spelling; and names that look alike
/// (`ana`, Cyrillic `аna`, `aṇa`) are refused beside each other, checked on `skeleton`
/// (`Username.skeleton(for:)`). A name of two scripts is refused.
public struct Username: Equatable, Sendable {
    /// In Unicode scalars, as every limit (`TypedText`).
    public static let maximumLength = 32
    /// The newest Unicode version whose case and compatibility data Foundation carries on Linux
    /// (Swift 6.3; the standard library already knows later ones). A letter assigned later folds
    /// as itself today and could fold differently once Foundation learns it, which would move
    /// the account's key, so it waits until then.
    static let unicodeVersion: Unicode.Version = (15, 1)

    /// The spelling shown back to the user: trimmed and composed (NFC), otherwise as typed.
    public let display: String
    /// The form used for look-up: one account a key.
    public let key: String
    /// What names that look alike share (`Username.skeleton(for:)`): one account a skeleton, so
    /// a name that looks like a registered one is refused.
    public let skeleton: String

    public init(_ raw: String) throws(ClubhouseError) {
        // Control characters and line separators are refused, not trimmed away with the spaces.
        if let control = raw.unicodeScalars.first(where: TypedText.isForbidden) {
            throw .invalidInput(
                "username may contain only letters, digits, '.', '_' and '-' (not \(Self.describe(control)))")
        }
        // Unicode's white space only: Foundation's set would also trim U+200B and pass it off as
        // an existing name.
        let display = raw.trimmingWhitespace().precomposedStringWithCanonicalMapping
        guard !display.isEmpty else { throw .invalidInput("username must not be empty") }
        guard TypedText.length(display) <= Self.maximumLength else {
            throw .invalidInput("username must be at most \(Self.maximumLength) characters")
        }
        if let refused = display.unicodeScalars.first(where: { !Self.isAllowed($0) }) {
            throw .invalidInput(
                "username may contain only letters, digits, '.', '_' and '-' (not \(Self.describe(refused)))")
        }
        if let first = display.unicodeScalars.first, first.properties.generalCategory.isMark {
            // It would draw itself over whatever is printed before the name.
            throw .invalidInput("username must not start with a combining mark (\(TypedText.codePoint(first)))")
        }
        if let mixed = Self.mixedScripts(display) { throw .invalidInput(mixed) }
        self.display = display
        self.key = Self.key(for: display)
        self.skeleton = Self.skeleton(for: display)
    }

    /// Letters, marks and digits, plus '.', '_' and '-'; that already leaves out spaces, symbols,
    /// controls and format characters (U+200B, U+200D, U+2060, U+FEFF, bidirectional controls).
    /// Also left out: invisible letters and marks (default ignorable: U+3164 HANGUL FILLER,
    /// variation selectors), enclosing marks (drawn around their neighbours), letters newer than
    /// `unicodeVersion`, and letters whose compatibility form is something else (U+FE70 is a
    /// letter that becomes a space and a mark).
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIIAllowed(scalar) }
        let properties = scalar.properties
        guard isLetterMarkOrNumber(scalar), properties.generalCategory != .enclosingMark,
            !properties.isDefaultIgnorableCodePoint, let age = properties.age, age <= unicodeVersion
        else { return false }
        return String(scalar).precomposedStringWithCompatibilityMapping.unicodeScalars.allSatisfy {
            $0.isASCII ? isASCIIAllowed($0) : isLetterMarkOrNumber($0)
        }
    }

    private static func isASCIIAllowed(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "." || scalar == "_" || scalar == "-"
    }

    private static func isLetterMarkOrNumber(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category.isLetter || category.isMark || category.isNumber
    }

    /// A refused character as a message shows it: itself when it is visible ASCII, else its code
    /// point, since it may be invisible or reorder the line.
    private static func describe(_ scalar: Unicode.Scalar) -> String {
        (0x21...0x7E).contains(scalar.value) && scalar != "'" ? "'\(scalar)'" : TypedText.codePoint(scalar)
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isLetter: Bool {
        switch self {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    fileprivate var isMark: Bool {
        switch self {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    fileprivate var isNumber: Bool {
        switch self {
        case .decimalNumber, .letterNumber, .otherNumber: true
        default: false
        }
    }
}
