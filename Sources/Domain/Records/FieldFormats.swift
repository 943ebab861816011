import Foundation

/// How a `.date` and a `.money` field are written: parsed byte by byte, because an import runs
/// them for every row of a file. And how an `.instant` is written, as every time is.
extension FieldRule {
    /// `YYYY-MM-DD` naming a real day, or why not (`field` names it).
    public static func date(_ text: String, field: @autoclosure () -> String = "published") throws(ClubhouseError)
        -> String
    {
        let trimmed = text.trimmingWhitespace()
        // Ten ASCII bytes, digits around two hyphens.
        let bytes = Array(trimmed.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes.indices.allSatisfy({ $0 == 4 || $0 == 7 || (48...57).contains(bytes[$0]) })
        else { throw .invalidInput("\(field()) must be a date written YYYY-MM-DD") }
        let number = { (range: Range<Int>) in bytes[range].reduce(0) { $0 * 10 + Int($1 - 48) } }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), (1...days[month - 1]).contains(day) else {
            throw .invalidInput("\(field()) must be a real date (\(trimmed) is not one)")
        }
        // The calendar has no year 0 (1 BC is followed by AD 1): PostgreSQL refuses it, so a
        // book dated 0000 would be kept on a device and never on the server.
        guard year >= 1 else { throw .invalidInput("\(field()) must be a real date (there is no year 0000)") }
        return trimmed
    }

    /// An amount such as `12`, `12.5` or `12.50` in cents (`field` names it).
    public static func cents(_ text: String, field: @autoclosure () -> String = "price") throws(ClubhouseError) -> Int {
        // Up to nine digits, then optionally a point and one or two digits.
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
                throw refusal(field())
            }
        }
        guard wholeDigits > 0, !seenPoint || fractionDigits > 0 else { throw refusal(field()) }
        return whole * 100 + (fractionDigits == 1 ? fraction * 10 : fraction)
    }

    private static func refusal(_ field: String) -> ClubhouseError {
        .invalidInput("\(field) must be a number such as 12.50, with at most two decimals")
    }

    /// An amount in cents as a form shows it: `12.50` (a negative one, never stored, as `-0.05`).
    public static func moneyText(_ cents: Int64) -> String {
        let magnitude = cents.magnitude
        let fraction = magnitude % 100
        return "\(cents < 0 ? "-" : "")\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// An instant as every table and the API write a time: ISO-8601 in UTC with milliseconds.
    public static func instantText(_ milliseconds: Int64) -> String {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000).formatted(
            Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// ISO-8601 text (with or without milliseconds) as Unix ms within `instantRange`, or why not.
    public static func instant(_ text: String, field: @autoclosure () -> String) throws(ClubhouseError) -> Int64 {
        let date =
            (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            ?? (try? Date.ISO8601FormatStyle().parse(text))
        guard let date, let milliseconds = Int64(exactly: (date.timeIntervalSince1970 * 1000).rounded()),
            instantRange.contains(milliseconds)
        else { throw .invalidInput("\(field()) must be an instant written as ISO 8601, between 1970 and 9999") }
        return milliseconds
    }
}
