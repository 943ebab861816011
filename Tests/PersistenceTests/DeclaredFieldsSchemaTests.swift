import ClubhouseDomain
import GRDB
import Testing

@testable import ClubhousePersistence

/// A record's declaration and the newest schema cannot disagree: every declared player field is a
/// column of `players` and of the copies in `gather_players` in a file made by every migration,
/// of the declared type, NOT NULL exactly when the field is required; and the tables hold no
/// other column that looks like a field of a player. A field declared without its migration (or
/// a migration without its declaration) fails here, naming the field.
@Suite struct DeclaredFieldsSchemaTests {
    @Test(arguments: ["players", "gather_players"])
    func everyDeclaredPlayerFieldIsAColumnOfItsType(_ table: String) throws {
        let database = try AppDatabase.inMemory()
        let columns = try database.writeSyncTables { store in
            try Row.fetchAll(
                store.db, sql: "SELECT name, type, \"notnull\" FROM pragma_table_info(?)", arguments: [table])
        }
        let byName = Dictionary(uniqueKeysWithValues: columns.map { ($0["name"] as String, $0) })
        for field in PlayerField.allCases {
            guard let column = byName[field.column] else {
                Issue.record("\(table) has no column \(field.column) for the declared field \(field.wire)")
                continue
            }
            let type: String = column["type"]
            #expect(type == (field.rule.isInteger ? "INTEGER" : "TEXT"), "\(table).\(field.column) is \(type)")
            let notNull: Bool = column["notnull"]
            #expect(notNull == field.isRequired, "\(table).\(field.column): NOT NULL is \(notNull)")
        }
        // What the table holds besides the declared fields is its own bookkeeping.
        let bookkeeping: Set<String> =
            table == "players"
            ? ["id", "owner_id", "created_at", "key"] : ["gather_id", "team", "seat", "player_id"]
        let declared = Set(PlayerField.allCases.map(\.column))
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
            case .text:
                #expect(stored(field, "text".databaseValue), "\(field.column)")
            }
        }
    }
}
