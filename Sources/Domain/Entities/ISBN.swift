/// A book's identity: an ISBN-13, checked and normalised. ISBN-10 and ISBN-13 are accepted with
/// hyphens and spaces; an ISBN-10 becomes the ISBN-13 with prefix 978, so both spellings of one
/// book are one book.
public struct ISBN: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Thirteen ASCII digits.
    public let digits: String

    public var description: String { digits }

    /// Checks `text` as typed; the error says what is wrong with it.
    public init(_ text: String) throws(ClubhouseError) {
        var compact: [UInt8] = []
        for scalar in text.unicodeScalars {
            switch scalar {
            case "-", " ": continue
            case "0"..."9", "X", "x": compact.append(UInt8(scalar.value))
            default: throw .invalidInput("an ISBN has only digits, hyphens and spaces (and X last in an ISBN-10)")
            }
            // Far longer than any ISBN: stop before copying a long paste.
            if compact.count > 13 { throw .invalidInput("an ISBN has 10 or 13 digits") }
        }
        let x = UInt8(ascii: "X")
        let lowerX = UInt8(ascii: "x")
        if let index = compact.firstIndex(where: { $0 == x || $0 == lowerX }),
            !(compact.count == 10 && index == 9)
        {
            throw .invalidInput("only an ISBN-10 may end in X")
        }
        switch compact.count {
        case 10:
            let values = compact.map { $0 == x || $0 == lowerX ? 10 : Int($0 - 48) }
            let sum = values.enumerated().reduce(0) { $0 + (10 - $1.offset) * $1.element }
            guard sum % 11 == 0 else { throw .invalidInput("the ISBN-10 \(text) has a wrong check digit") }
            let body = "978" + String(decoding: compact[0..<9], as: UTF8.self)
            digits = body + String(Self.checkDigit13(body))
        case 13:
            let body = String(decoding: compact[0..<12], as: UTF8.self)
            guard body.hasPrefix("978") || body.hasPrefix("979") else {
                throw .invalidInput("an ISBN-13 starts with 978 or 979")
            }
            guard Int(compact[12] - 48) == Self.checkDigit13(body) else {
                throw .invalidInput("the ISBN-13 \(text) has a wrong check digit")
            }
            digits = String(decoding: compact, as: UTF8.self)
        default:
            throw .invalidInput("an ISBN has 10 or 13 digits")
        }
    }

    /// An ISBN as stored: 13 ASCII digits, the check digit not judged. A digit changed by hand
    /// must not hide the book or lock its owner out of the library (`clubhouse check` reports it).
    public init?(stored text: String) {
        guard text.utf8.count == 13, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        digits = text
    }

    /// An ISBN known to be valid when written (a constant of this module).
    init(unchecked digits: String) {
        self.digits = digits
    }

    /// An ISBN typed to find a book: a valid one in any spelling, or a stored one as it is.
    public init(lookingUp text: String) throws(ClubhouseError) {
        do {
            self = try ISBN(text)
        } catch {
            guard let stored = ISBN(stored: text) else { throw error }
            self = stored
        }
    }

    /// Whether the check digit is right (a stored ISBN may have been changed by hand).
    public var isValid: Bool { (try? ISBN(digits)) != nil }

    public static func < (lhs: ISBN, rhs: ISBN) -> Bool { lhs.digits < rhs.digits }

    private static func checkDigit13(_ twelve: String) -> Int {
        let sum = twelve.utf8.enumerated().reduce(0) { $0 + Int($1.element - 48) * ($1.offset % 2 == 0 ? 1 : 3) }
        return (10 - sum % 10) % 10
    }
}
