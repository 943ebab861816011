import ClubhouseDomain
import Foundation
import GRDB
import GRDBSQLite

/// Decodes a `players` row by column position. A value the schema allows but the app does not
/// expect (a tampered file) never traps: see `RowDecoding` for which column gets what.
struct PlayerRow: FetchableRecord {
    static let columns = "id, owner_id, " + PlayerColumns.list
    private(set) var player: Player

    init(row: Row) throws {
        let id: Player.ID = try RowDecoding.required(row, 0, column: "id", what: "a player")
        let ownerID: User.ID = try RowDecoding.required(row, 1, column: "owner_id", what: "player \(id)")
        var reading = RecordReading("player \(id)")
        var fields = PlayerFields(name: "")
        for (offset, field) in PlayerField.allCases.enumerated() {
            fields[field] = reading.value(row.stored(2 + offset), field)
        }
        player = Player(id: id, ownerID: ownerID, fields: fields, unshowableValues: reading.unshowable)
    }

    /// The case stored as `name`. Comparing first bytes before whole names is several times cheaper
    /// than `init(rawValue:)` on every row, and stays right whatever names the cases have.
    static func decode<Value: CaseIterable & RawRepresentable<String>>(_ name: String?) -> Value? {
        guard let name, let first = name.utf8.first else { return nil }
        return Value.allCases.first { $0.rawValue.utf8.first == first && $0.rawValue == name }
    }

    /// How the fast path reads each declared field, in the declaration's (and `columns`') order:
    /// plain values, so a row's loop copies no array (a choice's names are `choices[offset]`).
    private enum Reader {
        case requiredText, text, integer, choice, general
    }

    private static let fields = PlayerField.allCases
    private static let readers: [Reader] = fields.map { field in
        switch field.rule {
        case .text, .paragraph: field.isRequired ? .requiredText : .text
        case .integer: .integer
        case .choice: .choice
        // Values whose reading is judged (a range, a real day): the general road.
        case .money, .date, .isbn, .instant: .general
        }
    }
    private static let choices = fields.map { RawColumns.Choices($0.choices) }

    /// The player of the row `statement` is on, as `init(row:)` decodes it, for the list that reads
    /// a million of them. GRDB's generic column decoding costs thousands of instructions a row
    /// (runtime metadata lookups for `Optional`, a `DatabaseValue` per column); this reads each
    /// column straight from SQLite when every one holds the storage class the schema gives it (or
    /// NULL) and each choice a known one, and otherwise takes `init(row:)`'s road for the whole
    /// row, which notes what it cannot show: every value comes out the same either way.
    static func read(_ row: Row, _ statement: SQLiteStatement) throws -> Player {
        let columns = RawColumns(statement: statement)
        guard columns.type(0) == SQLITE_INTEGER, columns.type(1) == SQLITE_INTEGER else {
            return try Self(row: row).player
        }
        var fields = PlayerFields(name: "")
        for offset in readers.indices {
            let field = Self.fields[offset]
            let index = CInt(2 + offset)
            switch readers[offset] {
            case .requiredText:
                guard columns.type(index) == SQLITE_TEXT else { return try Self(row: row).player }
                fields[field] = .text(columns.text(index))
            case .text:
                guard let text = columns.optionalText(index) else { return try Self(row: row).player }
                fields[field] = FieldValue(text)
            case .integer:
                guard let number = columns.optionalInteger(index) else { return try Self(row: row).player }
                fields[field] = FieldValue(number)
            case .choice:
                guard let choice = columns.optionalChoice(index, choices[offset]) else {
                    return try Self(row: row).player
                }
                fields.choose(field, choice)
            case .general:
                return try Self(row: row).player
            }
        }
        return Player(id: columns.integer(0), ownerID: columns.integer(1), fields: fields)
    }
}

/// The columns of the row a statement is on, through SQLite's C API: each accessor is for a
/// column `type` has shown to hold its storage class, and reads it as GRDB would.
struct RawColumns {
    let statement: SQLiteStatement

    func type(_ index: CInt) -> CInt {
        sqlite3_column_type(statement, index)
    }

    /// An INTEGER column, as `Int64.fromDatabaseValue` gives it.
    func integer(_ index: CInt) -> Int64 {
        sqlite3_column_int64(statement, index)
    }

    /// A TEXT column, as GRDB reads a `String` from a statement (up to a NUL, invalid UTF-8 repaired).
    func text(_ index: CInt) -> String {
        String(cString: sqlite3_column_text(statement, index)!)
    }

    /// Text values (a declared field's choices) as C strings, laid end to end. A class: a row's
    /// loop takes one reference, not its two arrays.
    final class Choices: Sendable {
        private let cStrings: [CChar]
        private let starts: [Int]

        init(_ values: [String]) {
            var cStrings: [CChar] = []
            var starts: [Int] = []
            for value in values {
                starts.append(cStrings.count)
                cStrings += value.utf8CString
            }
            self.cStrings = cStrings
            self.starts = starts
        }

        /// The index of the value that is `cString`. `strcmp` stops at the first NUL as
        /// `String(cString:)` does, so equal C strings make equal `String`s; any other text is
        /// left to the caller's `String` comparison.
        func index(cString: UnsafePointer<UInt8>) -> Int? {
            cStrings.withUnsafeBufferPointer { all in
                let first = CChar(bitPattern: cString[0])
                return starts.indices.first {
                    all[starts[$0]] == first && strcmp(all.baseAddress! + starts[$0], cString) == 0
                }
            }
        }
    }

    /// An enum's cases with their raw values as C strings (`Choices`).
    struct Names<Value: CaseIterable & RawRepresentable<String> & Equatable & Sendable>: Sendable {
        private let values: [Value]
        private let choices: Choices

        init(_: Value.Type) {
            values = Array(Value.allCases)
            choices = Choices(values.map(\.rawValue))
        }

        var count: Int { values.count }
        var indices: Range<Int> { values.indices }
        subscript(index: Int) -> Value { values[index] }

        func index(cString: UnsafePointer<UInt8>) -> Int? { choices.index(cString: cString) }
    }

    // The common case of a nullable column, for `PlayerRow.read`: `.some(value)` when the column
    // holds NULL or its own storage class (and, for an enum, a case byte for byte); nil otherwise.

    func optionalInteger(_ index: CInt) -> Int64?? {
        switch type(index) {
        case SQLITE_INTEGER: .some(integer(index))
        case SQLITE_NULL: .some(nil)
        default: nil
        }
    }

    func optionalText(_ index: CInt) -> String?? {
        switch type(index) {
        case SQLITE_TEXT: .some(text(index))
        case SQLITE_NULL: .some(nil)
        default: nil
        }
    }

    /// `.some(index)` of a choice byte for byte, `.some(nil)` for NULL.
    func optionalChoice(_ index: CInt, _ choices: Choices) -> Int?? {
        switch type(index) {
        case SQLITE_TEXT: choices.index(cString: sqlite3_column_text(statement, index)!).map { .some($0) }
        case SQLITE_NULL: .some(nil)
        default: nil
        }
    }
}

/// `PlayerStore.summarize`'s pass: the columns a table's layout needs, read as `PlayerRow.read`
/// reads them (the same fallbacks for a value of another storage class), without making a
/// `Player` or, for a plain name, a `String`.
struct PlayerSummer {
    static let columns = "id, name, age, skill, position"

    private var ids: ClosedRange<Int64>?
    private var minAge = Int.max
    private var maxAge = Int.min
    private var anyWithoutAge = false
    // A bit per case, the last one for nil.
    private var skills: UInt64 = 0
    private var positions: UInt64 = 0
    private var longestPlainName = 0

    private static let skillNames = RawColumns.Names(Skill.self)
    private static let positionNames = RawColumns.Names(Position.self)

    mutating func add(_ row: Row, _ statement: SQLiteStatement, otherName: (String) throws -> Void) throws {
        let columns = RawColumns(statement: statement)
        let id: Int64 =
            columns.type(0) == SQLITE_INTEGER
            ? columns.integer(0) : try RowDecoding.required(row, 0, column: "id", what: "a player")
        if let known = ids {
            if id < known.lowerBound || id > known.upperBound {
                ids = min(known.lowerBound, id)...max(known.upperBound, id)
            }
        } else {
            ids = id...id
        }
        switch columns.type(1) {
        case SQLITE_TEXT: try name(sqlite3_column_text(statement, 1)!, otherName)
        case SQLITE_NULL: break  // "", plain and empty
        default:
            let text = RowDecoding.text(row, 1) ?? ""
            if text.utf8.allSatisfy(PlainText.isPlain) {
                longestPlainName = max(longestPlainName, text.utf8.count)
            } else {
                try otherName(text)
            }
        }
        // As `RecordReading.integer` reads it: anything but an INTEGER is no age.
        let age: Int? = columns.type(2) == SQLITE_INTEGER ? Int(exactly: columns.integer(2)) : nil
        if let age {
            minAge = min(minAge, age)
            maxAge = max(maxAge, age)
        } else {
            anyWithoutAge = true
        }
        skills |= 1 << Self.skillNames.bit(columns, 3, row)
        positions |= 1 << Self.positionNames.bit(columns, 4, row)
    }

    /// A TEXT name as `String(cString:)` would give it: up to its first NUL.
    private mutating func name(_ bytes: UnsafePointer<UInt8>, _ otherName: (String) throws -> Void) throws {
        var count = 0
        while bytes[count] != 0 {
            guard PlainText.isPlain(bytes[count]) else { return try otherName(String(cString: bytes)) }
            count += 1
        }
        longestPlainName = max(longestPlainName, count)
    }

    var summary: PlayerListSummary {
        var summary = PlayerListSummary()
        summary.ids = ids
        summary.ages = minAge <= maxAge ? minAge...maxAge : nil
        summary.anyWithoutAge = anyWithoutAge
        summary.skills = Self.skillNames.values(skills)
        summary.positions = Self.positionNames.values(positions)
        summary.longestPlainName = longestPlainName
        return summary
    }
}

extension RawColumns.Names {
    /// The bit of the case column `index` holds, as `PlayerRow.read` decodes it; the last for nil.
    func bit(_ columns: RawColumns, _ index: CInt, _ row: Row) -> Int {
        switch columns.type(index) {
        case SQLITE_NULL: return count
        case SQLITE_TEXT:
            if let found = self.index(cString: sqlite3_column_text(columns.statement, index)!) { return found }
        default: break
        }
        let value: Value? = PlayerRow.decode(RowDecoding.lenient(row, Int(index)))
        return value.flatMap { value in indices.first { self[$0] == value } } ?? count
    }

    /// The cases whose bits are set, nil last.
    func values(_ bits: UInt64) -> [Value?] {
        (0...count).filter { bits & (1 << $0) != 0 }.map { $0 < count ? self[$0] : nil }
    }
}
