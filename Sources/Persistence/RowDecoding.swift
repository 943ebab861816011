import ClubhouseDomain
import Foundation
import GRDB

/// Reading columns of a file that may have been edited by hand. GRDB's subscripts trap on a value
/// of the wrong type; these never do. Three strengths, chosen per column by what a wrong value means:
/// - `required`: the record is meaningless without it (an id, an owner): a clean
///   `ClubhouseError.unreadableRecord`, which screens turn into a cut and lists into an error line;
/// - `lenient`: a sound default exists (an age, a skill): a wrong type reads as nil;
/// - `text`: shown to people; any stored value reads as the text SQLite's `CAST(x AS TEXT)` would
///   give, so one tampered name never hides a whole list (`clubhouse check` reports it).
/// The records people see are read through `RecordReading` (below), which uses the same rules and
/// notes each value it cannot show as stored.
enum RowDecoding {
    /// Through `DatabaseValue`, not SQLite's column accessors, which would read text as 0.
    static func required<Value: DatabaseValueConvertible>(
        _ row: Row, _ index: Int, column: String, what: @autoclosure () -> String
    ) throws -> Value {
        guard let value = Value.fromDatabaseValue(row[index] as DatabaseValue) else {
            throw ClubhouseError.unreadableRecord(what: what(), reason: "\(column) holds a value of the wrong type")
        }
        return value
    }

    static func required<Value: DatabaseValueConvertible>(
        _ row: Row, _ column: String, what: @autoclosure () -> String
    ) throws -> Value {
        do {
            return try row.decode(forColumn: column)
        } catch {
            throw ClubhouseError.unreadableRecord(what: what(), reason: "\(column) holds a value of the wrong type")
        }
    }

    /// Through `DatabaseValue`, not SQLite's column accessors, which would read text as 0.
    static func lenient<Value: DatabaseValueConvertible>(_ row: Row, _ index: Int) -> Value? {
        Value.fromDatabaseValue(row[index] as DatabaseValue)
    }

    static func lenient<Value: DatabaseValueConvertible>(_ row: Row, _ column: String) -> Value? {
        (try? row.decode(Value?.self, forColumn: column)) ?? nil
    }

    /// Text for people, whatever was stored: a number as its digits, a blob as UTF-8 with
    /// replacement characters, NULL as nil.
    static func text(_ value: DatabaseValue) -> String? {
        switch value.storage {
        case .null: nil
        case .string(let text): text
        case .int64(let number): String(number)
        case .double(let number): String(number)
        case .blob(let bytes): String(decoding: bytes, as: UTF8.self)
        }
    }

    /// A text's bytes, for a JSON decoder. Not `text.data(using: .utf8)`: Foundation's generic
    /// `Data.init` asks the runtime whether the UTF-8 view is `ContiguousBytes`, a scan of every
    /// conformance record in the binary on each command's start (issue 31).
    static func utf8(_ text: String) -> Data {
        var text = text
        return text.withUTF8 { Data(buffer: $0) }
    }

    static func text(_ row: Row, _ index: Int) -> String? {
        // The common case, text stored as text, without building a DatabaseValue.
        if let text = try? row.decode(String?.self, atIndex: index) { return text }
        return text(row[index] as DatabaseValue)
    }
}

/// The columns of one record read for people, noting each value this version cannot show as it is
/// stored (`UnshowableValue`): what is shown instead stays what the readers above have always
/// shown (unknown, empty, a default, the nearest allowed value), and the record now says so.
struct RecordReading {
    /// The record as people name it: "player 3".
    let record: String
    private(set) var unshowable: [UnshowableValue] = []

    init(_ record: String) {
        self.record = record
    }

    mutating func note(_ column: String, _ problem: String, _ shown: String) {
        unshowable.append(UnshowableValue(record: record, column: column, problem: problem, shown: shown))
    }

    /// A whole number: NULL is none; anything but an INTEGER (text, a real, a blob) is none too,
    /// shown as `unknown`. A real is never cut to a whole number: 2.5 is not an age of 2.
    mutating func integer(_ value: DatabaseValue, _ column: String, shown: String = "shown as unknown") -> Int64? {
        switch value.storage {
        case .null: return nil
        case .int64(let number): return number
        default:
            note(column, StoredValueText.integerProblem(value), shown)
            return nil
        }
    }

    /// A whole number within `range`, or `fallback` (NULL included) and a note; a number beyond
    /// the range is brought to its nearest end.
    mutating func integer(
        _ value: DatabaseValue, _ column: String, within range: ClosedRange<Int64>, fallback: Int64,
        shownAs text: (Int64) -> String = { String($0) }
    ) -> Int64 {
        guard case .int64(let number) = value.storage else {
            let problem = value.isNull ? "NULL" : StoredValueText.integerProblem(value)
            note(column, problem, "shown as \(text(fallback))")
            return fallback
        }
        guard !range.contains(number) else { return number }
        let nearest = min(max(number, range.lowerBound), range.upperBound)
        let side = number > range.upperBound ? "beyond \(text(range.upperBound))" : "below \(text(range.lowerBound))"
        note(column, "\(number), \(side)", "shown as \(text(nearest))")
        return nearest
    }

    /// One of an enum's cases by its raw value: NULL is none; any other value is none too, shown
    /// as `shown`.
    mutating func named<Value: CaseIterable & RawRepresentable<String>>(
        _ value: DatabaseValue, _ column: String, shown: String = "shown as unknown"
    ) -> Value? {
        if value.isNull { return nil }
        if let found: Value = PlayerRow.decode(String.fromDatabaseValue(value)) { return found }
        note(column, StoredValueText.namedProblem(value, Value.self), shown)
        return nil
    }

    /// One of `choices` (an enum's raw values): NULL is none; any other value is none too, shown
    /// as `shown`.
    mutating func choice(
        _ value: DatabaseValue, _ column: String, _ choices: [String], shown: String = "shown as unknown"
    )
        -> String?
    {
        if value.isNull { return nil }
        if let text = String.fromDatabaseValue(value), choices.contains(text) { return text }
        note(column, "\(StoredValueText.describe(value)), not one of \(choices.joined(separator: ", "))", shown)
        return nil
    }

    /// A declared field's value, read by its rule: text whatever is stored; a whole number (an
    /// amount in cents, which is none, with a note, outside its range: 12.5 stored by hand is not
    /// 12 cents); a date only when it names a real day; a choice only when it is a known one.
    mutating func value<Field: RecordField>(_ stored: DatabaseValue, _ field: Field) -> FieldValue {
        switch field.rule {
        case .text, .paragraph, .isbn:
            return FieldValue(text(stored, field.column, absent: field.isRequired ? "" : nil))
        case .integer: return integer(stored, field.column).map(FieldValue.integer) ?? .null
        case .money(let range):
            guard let cents = integer(stored, field.column, shown: "shown as none") else { return .null }
            guard cents < range.lowerBound || cents > range.upperBound else { return .integer(cents) }
            let side = cents < range.lowerBound ? "below \(range.lowerBound)" : "beyond \(range.upperBound)"
            note(field.column, "\(cents), \(side)", "shown as none")
            return .null
        case .date:
            guard !stored.isNull else { return .null }
            if case .string(let text) = stored.storage, let date = try? FieldRule.date(text), date == text {
                return .text(date)
            }
            note(field.column, "\(StoredValueText.describe(stored)), not a real date", "shown as none")
            return .null
        case .choice(let choices): return FieldValue(choice(stored, field.column, choices))
        case .instant(.milliseconds): return integer(stored, field.column).map(FieldValue.integer) ?? .null
        case .instant(.time):
            // Unix ms, as the wire carries it: a time this version did not write is noted and none.
            guard let text = time(stored, field.column) else { return .null }
            guard let milliseconds = try? FieldRule.instant(text, field: field.shownName) else { return .null }
            return .integer(milliseconds)
        }
    }

    /// Text for people, whatever is stored (`RowDecoding.text`). A blob that is not UTF-8 is shown
    /// with replacement characters; NULL is nil, or where text is required, `absent`.
    mutating func text(_ value: DatabaseValue, _ column: String, absent: String? = nil) -> String? {
        if case .blob(let bytes) = value.storage, String(validating: bytes, as: UTF8.self) == nil {
            note(column, "a blob that is not UTF-8 text", "shown with replacement characters")
        }
        guard let text = RowDecoding.text(value) else {
            guard let absent else { return nil }
            note(column, "NULL", absent.isEmpty ? "shown as empty" : "shown as \(StoredValueText.quoted(absent))")
            return absent
        }
        return text
    }

    /// A time as this version writes it (`2026-11-23T09:23:44.544Z`, UTC); any other text is shown
    /// as it is stored, with a note. NULL is nil, or where a time is required, `absent`.
    mutating func time(_ value: DatabaseValue, _ column: String, absent: String? = nil) -> String? {
        guard let text = text(value, column, absent: absent) else { return nil }
        if !value.isNull, !StoredTime.isValid(text) {
            note(column, "\(StoredValueText.describe(value)), not a time", "shown as stored")
        }
        return text
    }
}

/// Stored values described for people: in a warning, never in full (a tampered row may hold
/// megabytes), and without judging what they hold (the front end escapes it).
enum StoredValueText {
    /// How much of stored text a warning quotes.
    static let quotedLength = 40

    static func describe(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case .int64(let number): String(number)
        case .double(let number): String(number)
        case .string(let text): quoted(text)
        case .blob(let bytes): "a blob of \(bytes.count) byte\(bytes.count == 1 ? "" : "s")"
        }
    }

    static func quoted(_ text: String) -> String {
        "'" + cut(text) + "'"
    }

    /// Text cut short for a warning.
    static func cut(_ text: String) -> String {
        let shown = text.prefix(quotedLength)
        return shown + (shown.endIndex < text.endIndex ? "…" : "")
    }

    /// Why a value that is not an INTEGER is not a number the app can show.
    static func integerProblem(_ value: DatabaseValue) -> String {
        if case .double = value.storage { return "\(describe(value)), not a whole number" }
        return "\(describe(value)), not a number"
    }

    static func namedProblem<Value: CaseIterable & RawRepresentable<String>>(
        _ value: DatabaseValue, _: Value.Type
    ) -> String {
        "\(describe(value)), not one of \(Value.allCases.map(\.rawValue).joined(separator: ", "))"
    }
}

/// The times every table stores: ISO-8601 in UTC with milliseconds, as SQLite's
/// `strftime('%Y-%m-%dT%H:%M:%fZ', …)` writes them, naming a real instant.
enum StoredTime {
    /// The SQL that is true for a text `column` this version would not have written as a time:
    /// SQLite reads it as an instant and writes that back differently (or not at all). Through
    /// `julianday`, so that a day or hour beyond its month or day (February 30th, 24:00), which
    /// SQLite's formatting would otherwise keep as written, counts as what it is not. `isValid`
    /// agrees with it.
    static func invalidSQL(_ column: String) -> String {
        "typeof(\(column)) = 'text' AND strftime('%Y-%m-%dT%H:%M:%fZ', julianday(\(column))) IS NOT \(column)"
    }

    static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 24 else { return false }
        func digits(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            }
            return value
        }
        let separators: [(Int, Unicode.Scalar)] = [
            (4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "."), (23, "Z"),
        ]
        for (index, separator) in separators where bytes[index] != UInt8(ascii: separator) {
            return false
        }
        guard let year = digits(0..<4), let month = digits(5..<7), let day = digits(8..<10),
            let hour = digits(11..<13), let minute = digits(14..<16), let second = digits(17..<19),
            digits(20..<23) != nil, (1...12).contains(month), hour < 24, minute < 60, second < 60
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }
}

extension Row {
    /// The value at `index` as stored, NULL included; never traps.
    func stored(_ index: Int) -> DatabaseValue { self[index] as DatabaseValue }

    /// The value of `column` as stored, NULL included; never traps.
    func stored(_ column: String) -> DatabaseValue { self[column] as DatabaseValue? ?? .null }
}
