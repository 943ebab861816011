import ClubhouseDomain
import GRDB

/// Reading columns of a file that may have been edited by hand. GRDB's subscripts trap on a value
/// of the wrong type; these never do. Three strengths, chosen per column by what a wrong value means:
/// - `required`: the record is meaningless without it (an id, an owner): a clean
///   `ClubhouseError.unreadableRecord`, which screens turn into a cut and lists into an error line;
/// - `lenient`: a sound default exists (an age, a skill): a wrong type reads as nil;
/// - `text`: shown to people; any stored value reads as the text SQLite's `CAST(x AS TEXT)` would
///   give, so one tampered name never hides a whole list (`clubhouse check` reports it).
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

    static func text(_ row: Row, _ index: Int) -> String? {
        // The common case, text stored as text, without building a DatabaseValue.
        if let text = try? row.decode(String?.self, atIndex: index) { return text }
        return text(row[index] as DatabaseValue)
    }
}
