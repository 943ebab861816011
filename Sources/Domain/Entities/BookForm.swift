/// The fields of the add-book form and how typed text becomes a `BookDraft`. Drafts keep text
/// exactly as typed; it is parsed here, when a field is checked and again on submit. An imported
/// file's columns are the same fields.
public enum BookField: String, CaseIterable, Sendable {
    case isbn, title, author, publisher, description, price, published

    public var label: String {
        switch self {
        case .isbn: "ISBN"
        case .title: "Title"
        case .author: "Author"
        case .publisher: "Publisher"
        case .description: "Description"
        case .price: "Price"
        case .published: "Published"
        }
    }

    public var isRequired: Bool { self == .isbn || self == .title }

    public var hint: String {
        switch self {
        case .isbn: "ISBN-10 or ISBN-13, hyphens allowed"
        case .title: "1–\(BookDraft.titleLength.upperBound) characters"
        case .author, .publisher: "up to \(BookDraft.nameMaximumLength) characters, empty for none"
        case .description: "up to \(BookDraft.descriptionMaximumLength) characters, empty for none"
        case .price: "for example 12.50, empty for none"
        case .published: "YYYY-MM-DD, empty for none"
        }
    }
}

public enum BookForm {
    /// Checks one typed field on its own, so a prompt can ask again at once.
    public static func check(_ field: BookField, _ text: String) throws(ClubhouseError) {
        var draft = BookDraft(isbn: placeholderISBN, title: "x")
        try set(field, text, in: &draft)
        _ = try draft.validated()
    }

    /// The draft a filled-in form (or an imported row) stands for; ISBN and title are required.
    public static func draft(from form: FormDraft) throws(ClubhouseError) -> BookDraft {
        guard let isbn = form[BookField.isbn.rawValue], !isbn.trimmingWhitespace().isEmpty else {
            throw .invalidInput("isbn is required")
        }
        guard let title = form[BookField.title.rawValue] else { throw .invalidInput("title is required") }
        var draft = BookDraft(isbn: try ISBN(isbn), title: title)
        for field in BookField.allCases where field != .isbn && field != .title {
            if let text = form[field.rawValue] { try set(field, text, in: &draft) }
        }
        return try draft.validated()
    }

    /// `YYYY-MM-DD` naming a real day, or why not.
    public static func date(_ text: String) throws(ClubhouseError) -> String {
        let trimmed = text.trimmingWhitespace()
        // Byte by byte: ten ASCII bytes, digits around two hyphens (run for every imported row).
        let bytes = Array(trimmed.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes.indices.allSatisfy({ $0 == 4 || $0 == 7 || (48...57).contains(bytes[$0]) })
        else { throw .invalidInput("published must be a date written YYYY-MM-DD") }
        let number = { (range: Range<Int>) in bytes[range].reduce(0) { $0 * 10 + Int($1 - 48) } }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), (1...days[month - 1]).contains(day) else {
            throw .invalidInput("published must be a real date (\(trimmed) is not one)")
        }
        // The calendar has no year 0 (1 BC is followed by AD 1): PostgreSQL refuses it, so a
        // book dated 0000 would be kept on a device and never on the server.
        guard year >= 1 else { throw .invalidInput("published must be a real date (there is no year 0000)") }
        return trimmed
    }

    /// A price such as `12`, `12.5` or `12.50` in cents.
    public static func priceCents(_ text: String) throws(ClubhouseError) -> Int {
        // Byte by byte (run for every row of an imported file): up to nine digits, then
        // optionally a point and one or two digits.
        var whole = 0
        var wholeDigits = 0
        var fraction = 0
        var fractionDigits = 0
        var seenPoint = false
        for byte in text.trimmingWhitespace().utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9") where !seenPoint && wholeDigits < 9:
                whole = whole * 10 + Int(byte - 48)
                wholeDigits += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9") where seenPoint && fractionDigits < 2:
                fraction = fraction * 10 + Int(byte - 48)
                fractionDigits += 1
            case UInt8(ascii: ".") where !seenPoint && wholeDigits > 0:
                seenPoint = true
            default:
                throw .invalidInput("price must be a number such as 12.50, with at most two decimals")
            }
        }
        guard wholeDigits > 0, !seenPoint || fractionDigits > 0 else {
            throw .invalidInput("price must be a number such as 12.50, with at most two decimals")
        }
        return whole * 100 + (fractionDigits == 1 ? fraction * 10 : fraction)
    }

    /// The price as a form shows it: `12.50`.
    public static func priceText(_ cents: Int) -> String {
        let fraction = cents % 100
        return "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    private static func set(_ field: BookField, _ typed: String, in draft: inout BookDraft) throws(ClubhouseError) {
        // A description is a paragraph: line breaks in it (a multi-line cell of an exported
        // file) become spaces instead of refusing the book. Every other field is one line.
        let text = field == .description ? oneLine(typed) : typed
        let trimmed = text.trimmingWhitespace()
        // No `TypedText.check` here: every caller validates the draft next, which checks the
        // free-text fields (an import runs this for every field of every row), and the ISBN,
        // price and date parsers accept nothing but digits and separators.
        let isNone = PlayerForm.isNone(trimmed)
        switch field {
        case .isbn: draft.isbn = try ISBN(text)
        case .title: draft.title = text
        case .author: draft.author = isNone ? nil : text
        case .publisher: draft.publisher = isNone ? nil : text
        case .description: draft.description = trimmed.isEmpty ? nil : text
        case .price: draft.priceCents = isNone ? nil : try priceCents(trimmed)
        case .published: draft.published = isNone ? nil : try date(trimmed)
        }
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

    /// Any valid ISBN, for checking the other fields on their own.
    private static let placeholderISBN = ISBN(unchecked: "9780306406157")
}
