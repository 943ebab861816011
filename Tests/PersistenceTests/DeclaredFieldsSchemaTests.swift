import ClubhouseDomain
import GRDB
import Testing

@testable import ClubhousePersistence

/// A record's declaration and the newest schema cannot disagree: every declared player field is a
/// column of `players` and of the copies in `gather_players` in a file made by every migration,
/// and every declared book, gather and question field one of its table, of the declared type, NOT
/// NULL exactly when the field is required; and the tables hold no other column that looks like a
/// field. A field declared without its migration (or a migration without its declaration) fails
/// here, naming the field.
@Suite struct DeclaredFieldsSchemaTests {
    @Test(arguments: ["players", "gather_players"])
    func everyDeclaredPlayerFieldIsAColumnOfItsType(_ table: String) throws {
        let bookkeeping: Set<String> =
            table == "players"
            ? ["id", "owner_id", "created_at", "key"] : ["gather_id", "team", "seat", "player_id"]
        try Self.expectColumns(of: PlayerField.self, in: table, besides: bookkeeping)
    }

    @Test func everyDeclaredBookFieldIsAColumnOfItsType() throws {
        try Self.expectColumns(
            of: BookField.self, in: "books",
            besides: ["id", "owner_id", "owned", "created_at", "updated_at", "save_order"])
    }

    /// The full-text index holds the searched fields, in their order (bm25's weights follow it).
    @Test func theFullTextIndexHoldsTheSearchedFields() throws {
        let database = try AppDatabase.inMemory()
        let columns = try database.writeSyncTables { store in
            try String.fetchAll(store.db, sql: "SELECT name FROM pragma_table_info('books_fts')")
        }
        #expect(columns == BookField.searched.map(\.column))
    }

    @Test func everyDeclaredGatherFieldIsAColumnOfItsType() throws {
        try Self.expectColumns(of: GatherField.self, in: "gathers", besides: ["id", "owner_id", "key"])
    }

    @Test func everyDeclaredQuestionFieldIsAColumnOfItsType() throws {
        try Self.expectColumns(of: QuestionField.self, in: "questions", besides: ["id", "owner_id", "key"])
    }

    /// Each declared field of `Field` is a column of `table` of the declared type, NOT NULL
    /// exactly when it is required; what else the table holds is its own `bookkeeping`.
    static func expectColumns<Field: RecordField>(
        of _: Field.Type, in table: String, besides bookkeeping: Set<String>
    ) throws {
        let database = try AppDatabase.inMemory()
        let columns = try database.writeSyncTables { store in
            try Row.fetchAll(
                store.db, sql: "SELECT name, type, \"notnull\" FROM pragma_table_info(?)", arguments: [table])
        }
        let byName = Dictionary(uniqueKeysWithValues: columns.map { ($0["name"] as String, $0) })
        for field in Field.allCases {
            guard let column = byName[field.column] else {
                Issue.record("\(table) has no column \(field.column) for the declared field \(field.wire)")
                continue
            }
            let type: String = column["type"]
            let stored = field.rule.isInteger && !field.rule.isTime ? "INTEGER" : "TEXT"
            #expect(type == stored, "\(table).\(field.column) is \(type)")
            let notNull: Bool = column["notnull"]
            #expect(notNull == field.isRequired, "\(table).\(field.column): NOT NULL is \(notNull)")
        }
        let declared = Set(Field.allCases.map(\.column))
        let other = Set(byName.keys).subtracting(declared).subtracting(bookkeeping)
        #expect(other.isEmpty, "\(table) has columns no field declares: \(other.sorted())")
    }

    /// The schema's CHECK constraints on `players` take exactly what each rule allows at its
    /// edges: a range's ends and not one beyond, every choice and nothing else.
    @Test func playersChecksTakeWhatEachRuleAllows() throws {
        let database = try AppDatabase.inMemory()
        let ana = try Library(database).user("ana")
        func stored(_ field: PlayerField, _ value: DatabaseValue) -> Bool {
            let sql = "INSERT INTO players (owner_id, name, \(field.column)) VALUES (?, 'x', ?)"
            return (try? database.writeSyncTables { try $0.db.execute(sql: sql, arguments: [ana.id, value]) }) != nil
        }
        for field in PlayerField.allCases where field != .name {
            switch field.rule {
            case .integer(let range):
                #expect(stored(field, range.lowerBound.databaseValue), "\(field.column) \(range.lowerBound)")
                #expect(stored(field, range.upperBound.databaseValue), "\(field.column) \(range.upperBound)")
                #expect(!stored(field, (range.lowerBound - 1).databaseValue), "\(field.column) below its range")
                #expect(!stored(field, (range.upperBound + 1).databaseValue), "\(field.column) beyond its range")
            case .choice(let choices):
                for choice in choices { #expect(stored(field, choice.databaseValue), "\(field.column) \(choice)") }
                #expect(!stored(field, "not-a-choice".databaseValue), "\(field.column) takes any text")
            case .text, .paragraph:
                #expect(stored(field, "text".databaseValue), "\(field.column)")
            case .money, .date, .isbn, .instant:
                Issue.record("\(field.column): a player field of this rule needs its CHECK tested here")
            }
        }
    }

    /// The CHECKs on `books` take what each rule allows: an amount from its lowest (never
    /// below it; beyond its highest is `check`'s to report), a date's shape, an ISBN's 13 digits.
    @Test func booksChecksTakeWhatEachRuleAllows() throws {
        let database = try AppDatabase.inMemory()
        let ana = try Library(database).user("ana")
        func stored(_ field: BookField, _ value: DatabaseValue) -> Bool {
            // Every other field as a valid book has it.
            var values: [BookField: DatabaseValue] = [.isbn: "9780441013593".databaseValue, .title: "x".databaseValue]
            values[field] = value
            let columns = values.keys.map(\.column).joined(separator: ", ")
            let sql = """
                INSERT INTO books (owner_id, \(columns), owned, created_at, updated_at, save_order)
                VALUES (?\(String(repeating: ", ?", count: values.count)), 1, 't', 't', 1)
                """
            let arguments = StatementArguments([ana.id.databaseValue] + Array(values.values))
            do {
                try database.writeSyncTables { store -> Void in
                    try store.db.execute(sql: "DELETE FROM books")
                    try store.db.execute(sql: sql, arguments: arguments)
                }
                return true
            } catch {
                return false
            }
        }
        for field in BookField.allCases where field != .title {
            switch field.rule {
            case .money(let range):
                #expect(stored(field, range.lowerBound.databaseValue), "\(field.column) \(range.lowerBound)")
                #expect(!stored(field, (range.lowerBound - 1).databaseValue), "\(field.column) below its range")
                #expect(!stored(field, "12.50".databaseValue), "\(field.column) takes text")
            case .date:
                #expect(stored(field, "1965-08-01".databaseValue), "\(field.column) a date")
                #expect(!stored(field, "1 Aug 1965".databaseValue), "\(field.column) takes any text")
            case .isbn:
                #expect(stored(field, "9780441013593".databaseValue), "\(field.column) 13 digits")
                #expect(!stored(field, "0441013597".databaseValue), "\(field.column) takes 10 digits")
            case .text, .paragraph:
                #expect(stored(field, "text".databaseValue), "\(field.column)")
            case .integer, .choice, .instant:
                Issue.record("\(field.column): a book field of this rule needs its CHECK tested here")
            }
        }
    }

    /// The CHECKs on `gathers` take what each rule allows at its edges, one field at a time over
    /// a gather that is otherwise valid (a running countdown, so its anchor may be set).
    @Test func gathersChecksTakeWhatEachRuleAllows() throws {
        let database = try AppDatabase.inMemory()
        let ana = try Library(database).user("ana")
        let valid: [GatherField: DatabaseValue] = [
            .startedAt: "2026-11-25T18:03:00.000Z".databaseValue, .timerState: "running".databaseValue,
            .timerDurationMs: 3_599_000.databaseValue, .timerRemainingMs: 0.databaseValue,
            .timerStartedMs: 1_764_000_000_000.databaseValue, .timerPlayedMs: 0.databaseValue,
        ]
        func stored(_ field: GatherField, _ value: DatabaseValue) -> Bool {
            var values = valid
            values[field] = value
            // The result's two fields go together.
            if field == .winner { values[.endedAt] = "2026-11-25T19:03:00.000Z".databaseValue }
            if field == .endedAt { values[.winner] = "None".databaseValue }
            // The anchor is set exactly while the countdown runs.
            if field == .timerState, value != "running".databaseValue { values[.timerStartedMs] = .null }
            // The remaining time is within the duration.
            if field == .timerDurationMs { values[.timerRemainingMs] = 0.databaseValue }
            let columns = values.keys.map(\.column).joined(separator: ", ")
            let sql =
                "INSERT INTO gathers (owner_id, \(columns)) VALUES (?\(String(repeating: ", ?", count: values.count)))"
            let arguments = StatementArguments([ana.id.databaseValue] + Array(values.values))
            do {
                try database.writeSyncTables { store -> Void in
                    try store.db.execute(sql: "DELETE FROM gathers")
                    try store.db.execute(sql: sql, arguments: arguments)
                }
                return true
            } catch {
                return false
            }
        }
        // Read clamped to its limit, which no CHECK states (a century of play).
        let unbounded: Set<GatherField> = [.timerPlayedMs]
        for field in GatherField.allCases {
            switch field.rule {
            case .integer(let range):
                #expect(stored(field, range.lowerBound.databaseValue), "\(field.column) \(range.lowerBound)")
                #expect(stored(field, range.upperBound.databaseValue), "\(field.column) \(range.upperBound)")
                #expect(!stored(field, (range.lowerBound - 1).databaseValue), "\(field.column) below its range")
                if !unbounded.contains(field) {
                    #expect(!stored(field, (range.upperBound + 1).databaseValue), "\(field.column) beyond its range")
                }
            case .choice(let choices):
                for choice in choices { #expect(stored(field, choice.databaseValue), "\(field.column) \(choice)") }
                #expect(!stored(field, "not-a-choice".databaseValue), "\(field.column) takes any text")
            case .instant(.time):
                #expect(stored(field, "2026-11-25T18:03:00.000Z".databaseValue), "\(field.column) a time")
            case .instant(.milliseconds):
                #expect(stored(field, 1_764_000_000_000.databaseValue), "\(field.column) an instant")
            case .text, .paragraph, .money, .date, .isbn:
                Issue.record("\(field.column): a gather field of this rule needs its CHECK tested here")
            }
        }
    }
}
