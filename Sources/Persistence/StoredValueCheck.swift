import ClubhouseDomain
import GRDB

/// The app's own checks of what SQLite cannot see: the row and column of each CHECK constraint
/// broken (SQLite's `integrity_check` names only the table), column types (SQLite stores any type
/// in any column), times, enum values no CHECK constraint covers, password hashes, and the
/// navigation states and journal entries stored as JSON. Each finding names its table and row.
enum StoredValueCheck {
    private enum Kind: String {
        case text, integer
    }

    /// Every column the app reads, with the type it expects and whether NULL is allowed.
    private static let columns: [(table: String, column: String, kind: Kind, nullable: Bool)] =
        [
            ("users", "username", .text, false), ("users", "username_key", .text, false),
            ("users", "password_hash", .text, false), ("users", "created_at", .text, false),
            ("sessions", "user_id", .integer, false), ("sessions", "started_at", .text, false),
            ("sessions", "ended_at", .text, true),
            ("navigation_state", "user_id", .integer, false), ("navigation_state", "scene", .text, false),
            ("navigation_state", "version", .integer, false), ("navigation_state", "root_flow", .text, false),
            ("navigation_state", "selected_tab", .text, false), ("navigation_state", "selected_page", .text, false),
            ("navigation_state", "stacks", .text, false), ("navigation_state", "modal", .text, true),
            ("navigation_state", "current_screen", .text, true), ("navigation_state", "kept_drafts", .text, true),
            ("navigation_state", "updated_at", .text, false), ("navigation_state", "page_stacks", .text, true),
            ("players", "owner_id", .integer, false), ("players", "created_at", .text, false),
            ("navigation_journal", "user_id", .integer, false), ("navigation_journal", "at", .text, false),
            ("navigation_journal", "kind", .text, false), ("navigation_journal", "before_state", .text, false),
            ("navigation_journal", "after_state", .text, false), ("navigation_journal", "from_screen", .text, false),
            ("navigation_journal", "to_screen", .text, false), ("navigation_journal", "closed_screen", .text, true),
            ("navigation_journal", "scene", .text, false),
            ("pending_link", "link", .text, false), ("pending_link", "created_at", .text, false),
            ("gathers", "owner_id", .integer, false),
            ("gather_players", "gather_id", .integer, false), ("gather_players", "team", .text, false),
            ("gather_players", "seat", .integer, false), ("gather_players", "player_id", .integer, true),
            ("books", "owner_id", .integer, false),
        ] + declaredColumns("books", BookField.self) + [
            ("books", "owned", .integer, false), ("books", "created_at", .text, false),
            ("books", "updated_at", .text, false), ("books", "save_order", .integer, false),
            ("questions", "owner_id", .integer, false),
            ("question_books", "question_id", .integer, false), ("question_books", "seat", .integer, false),
            ("question_books", "book_id", .integer, false),
            ("players", "key", .text, true), ("gathers", "key", .text, true), ("questions", "key", .text, true),
            ("sync_remote", "url", .text, false), ("sync_remote", "device_id", .text, false),
            ("sync_remote", "device_name", .text, false), ("sync_remote", "server_username", .text, false),
            ("sync_remote", "token", .text, false), ("sync_remote", "device_cookie", .text, true),
            ("sync_remote", "cursor", .integer, false),
            ("sync_remote", "clock_offset_ms", .integer, false), ("sync_remote", "last_sync_at", .text, true),
            ("sync_outbox", "user_id", .integer, false), ("sync_outbox", "change_id", .text, false),
            ("sync_outbox", "entity", .text, false), ("sync_outbox", "key", .text, false),
            ("sync_outbox", "op", .text, false), ("sync_outbox", "fields", .text, false),
            ("sync_outbox", "base", .integer, false), ("sync_outbox", "made_at", .integer, false),
            ("sync_outbox", "sent", .integer, false),
            ("sync_notices", "user_id", .integer, false), ("sync_notices", "code", .text, false),
            ("sync_notices", "message", .text, false), ("sync_notices", "entity", .text, true),
            ("sync_notices", "key", .text, true), ("sync_notices", "told", .integer, false),
            ("sync_notices", "created_at", .text, false),
            ("user_settings", "landing_tab", .text, true),
        ] + playerColumns + declaredColumns("gathers", GatherField.self)
        + declaredColumns("questions", QuestionField.self)

    /// The declared player fields, in `players` and in the copies kept in `gather_players`.
    private static let playerColumns = ["players", "gather_players"].flatMap { declaredColumns($0, PlayerField.self) }

    /// A record kind's declared fields in `table`: each column's type and whether it may be NULL.
    private static func declaredColumns<Field: RecordField>(_ table: String, _: Field.Type) -> [(
        table: String, column: String, kind: Kind, nullable: Bool
    )] {
        Field.allCases.map {
            (table, $0.column, $0.rule.isInteger && !$0.rule.isTime ? .integer : .text, !$0.isRequired)
        }
    }

    /// Enum columns without a CHECK constraint (the copies kept in gather_players).
    private static let values: [(table: String, column: String, known: [String])] =
        PlayerField.allCases.filter { !$0.choices.isEmpty }.map { ("gather_players", $0.column, $0.choices) }

    /// The columns that hold a time, as every table writes it (`StoredTime`).
    private static let times: [(table: String, column: String)] =
        [
            ("users", "created_at"), ("sessions", "started_at"), ("sessions", "ended_at"),
            ("navigation_state", "updated_at"), ("navigation_journal", "at"), ("pending_link", "created_at"),
            ("players", "created_at"), ("books", "created_at"), ("books", "updated_at"),
            ("sync_remote", "last_sync_at"),
            ("sync_notices", "created_at"),
        ] + declaredTimes("gathers", GatherField.self) + declaredTimes("questions", QuestionField.self)

    /// A record kind's declared fields that the schema stores as a time.
    private static func declaredTimes<Field: RecordField>(_ table: String, _: Field.Type) -> [(
        table: String, column: String
    )] {
        Field.allCases.filter(\.rule.isTime).map { (table, $0.column) }
    }

    /// Whether a stored value the CHECKs let through keeps `rule` (a value of the wrong storage
    /// class is `check`'s column types' to report).
    private static func holds(_ row: Row, _ index: Int, _ rule: FieldRule) -> Bool {
        switch rule {
        case .isbn:
            guard let isbn: String = RowDecoding.lenient(row, index) else { return true }
            return ISBN(stored: isbn)?.isValid == true
        case .date:
            guard let date: String = RowDecoding.lenient(row, index) else { return true }
            return (try? FieldRule.date(date)) == date
        case .money(let range):
            guard let cents: Int = RowDecoding.lenient(row, index) else { return true }
            return cents <= range.upperBound
        default:
            return true
        }
    }

    /// At most this many rows are named per check; a whole damaged table is one line more.
    private static let shown = 5

    /// What the checks found, and which of SQLite's own findings (that name no row) they name
    /// row by row.
    struct Findings {
        var problems: [String] = []
        /// Tables with a row that breaks a CHECK constraint.
        var brokenChecks: Set<String> = []
        /// `table.column` with a NULL the schema does not allow.
        var nulls: Set<String> = []
    }

    static func run(_ db: Database, isWellFormedHash: (String) -> Bool) throws -> Findings {
        var findings = Findings()
        for broken in try CheckConstraint.broken(db, shown: shown) {
            let constraint = broken.constraint
            let columns = constraint.columns.isEmpty ? "a row" : constraint.columns.joined(separator: ", ")
            let verb = constraint.columns.count == 1 ? "breaks" : "break"
            let rule = "CHECK (\(constraint.expression))"
            findings.problems += broken.rowids.map { "\(constraint.table) row \($0): \(columns) \(verb) \(rule)" }
            if broken.count > broken.rowids.count {
                findings.problems.append(
                    "\(constraint.table): \(broken.count - broken.rowids.count) more rows where \(columns) \(verb) \(rule)"
                )
            }
            findings.brokenChecks.insert(constraint.table)
        }
        var problems: [String] = []
        for (table, column, kind, nullable) in columns {
            let allowed = nullable ? "'\(kind.rawValue)', 'null'" : "'\(kind.rawValue)'"
            let rows = try Row.fetchAll(
                db, sql: "SELECT rowid, typeof(\(column)) FROM \(table) WHERE typeof(\(column)) NOT IN (\(allowed))")
            problems += rows.prefix(shown).map { row in
                "\(table) row \(rowid(row)): \(column) holds \(RowDecoding.text(row[1] as DatabaseValue) ?? "?"), not \(kind.rawValue)"
            }
            if rows.count > shown { problems.append("\(table): \(rows.count - shown) more rows with a bad \(column)") }
            if rows.contains(where: { $0.stored(1) == "null".databaseValue }) {
                findings.nulls.insert("\(table).\(column)")
            }
        }
        for (table, column) in times {
            let rows = try Row.fetchAll(
                db, sql: "SELECT rowid FROM \(table) WHERE \(StoredTime.invalidSQL(column))")
            problems += rows.prefix(shown).map {
                "\(table) row \(rowid($0)): \(column) is not a time (YYYY-MM-DDTHH:MM:SS.sssZ)"
            }
            if rows.count > shown {
                problems.append("\(table): \(rows.count - shown) more rows where \(column) is not a time")
            }
        }
        let played = try Row.fetchAll(
            db, sql: "SELECT rowid FROM gathers WHERE typeof(timer_played_ms) = 'integer' AND timer_played_ms > ?",
            arguments: [GatherTimer.playedLimit])
        problems += played.prefix(shown).map {
            "gathers row \(rowid($0)): timer_played_ms is beyond \(GatherTimer.playedLimit) (a hundred years)"
        }
        for (table, column, known) in values {
            let list = known.map { "'\($0)'" }.joined(separator: ", ")
            let rows = try Row.fetchAll(
                db, sql: "SELECT rowid FROM \(table) WHERE \(column) IS NOT NULL AND \(column) NOT IN (\(list))")
            problems += rows.prefix(shown).map {
                "\(table) row \(rowid($0)): \(column) is not one of \(known.joined(separator: ", "))"
            }
        }
        for row in try Row.fetchAll(db, sql: "SELECT id, password_hash FROM users") {
            let hash: String? = RowDecoding.lenient(row, 1)
            if let hash, !isWellFormedHash(hash) {
                problems.append("users row \(rowid(row)): the password hash is malformed or its cost is out of bounds")
            }
        }
        problems += try navigation(db)
        problems += try books(db)
        findings.problems += problems
        return findings
    }

    /// What the CHECKs on books only approximate, by each field's rule: an ISBN's prefix and
    /// check digit, a real publication date, a price within the app's range; and a question that
    /// shows another user's book.
    private static func books(_ db: Database) throws -> [String] {
        let judged = BookField.allCases.compactMap { field -> (BookField, String)? in
            switch field.rule {
            case .isbn: (field, "\(field.column) is not a valid ISBN-13")
            case .date: (field, "\(field.column) is not a real date")
            case .money(let range): (field, "\(field.column) is beyond \(range.upperBound)")
            default: nil
            }
        }
        var found = judged.map { (label: $0.1, rows: [String]()) }
        let rows = try Row.fetchCursor(
            db, sql: "SELECT rowid, \(judged.map(\.0.column).joined(separator: ", ")) FROM books")
        while let row = try rows.next() {
            for (offset, (field, _)) in judged.enumerated() where !Self.holds(row, 1 + offset, field.rule) {
                found[offset].rows.append(rowid(row))
            }
        }
        var problems: [String] = []
        for (label, rows) in found {
            problems += rows.prefix(shown).map { "books row \($0): \(label)" }
            if rows.count > shown { problems.append("books: \(rows.count - shown) more rows where \(label)") }
        }
        let foreign = try Row.fetchAll(
            db,
            sql: """
                SELECT qb.rowid FROM question_books qb
                JOIN questions q ON q.id = qb.question_id JOIN books b ON b.id = qb.book_id
                WHERE b.owner_id IS NOT q.owner_id
                """)
        problems += foreign.prefix(shown).map {
            "question_books row \(rowid($0)): the book is not one of the question's owner's"
        }
        if foreign.count > shown {
            problems.append("question_books: \(foreign.count - shown) more rows with another user's book")
        }
        return problems
    }

    private static func navigation(_ db: Database) throws -> [String] {
        var problems: [String] = []
        let states = try Row.fetchAll(
            db,
            sql: """
                SELECT user_id, scene, version, root_flow, selected_tab, selected_page, stacks, modal, kept_drafts,
                    page_stacks
                FROM navigation_state
                """)
        for row in states {
            // A scene whose name breaks the rule is reported by its CHECK constraint, row by row;
            // it is named here by its user alone, never echoed.
            let scene = NavigationStore.scene(row["scene"])
            let place =
                switch scene {
                case .main?: "navigation_state of user \(rowid(row))"
                case let scene?: "navigation_state of user \(rowid(row)), scene \(scene)"
                case nil: "navigation_state of user \(rowid(row)), a scene with a bad name"
                }
            switch NavigationCoding.decode(NavigationCoding.Columns(row)) {
            case .unreadable(let reason):
                problems.append("\(place): \(reason)")
            case .repaired(_, let repairs):
                problems += repairs.map { "\(place): \($0)" }
            case .none, .state:
                break
            }
        }
        let entries = try Row.fetchAll(db, sql: "SELECT id, before_state, after_state FROM navigation_journal")
        for row in entries {
            for column in ["before_state", "after_state"] {
                if case .unreadable(let reason) = NavigationCoding.decodeDocument(RowDecoding.text(row[column])) {
                    problems.append("navigation_journal row \(rowid(row)): \(column): \(reason)")
                }
            }
        }
        return problems
    }

    private static func rowid(_ row: Row) -> String {
        RowDecoding.text(row[0] as DatabaseValue) ?? "?"
    }
}
