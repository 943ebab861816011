import ClubhouseDomain
import ClubhouseSyncWire
import ClubhouseTestSupport
import ClubhouseWireTestSupport
import Foundation
import Testing

@testable import ClubhouseServer

/// One vocabulary, server side: each entity's wire names and columns have one home (its store's
/// `table`), which its SQL is built from. A synced field added or renamed on one side only fails
/// here: the wire's field set against the mapping, the mapping against PostgreSQL's columns once
/// every migration ran.
@Suite("Sync vocabulary", .heavy)
struct SyncVocabularyTests {
    @Test func everySyncedFieldHasOneColumnThatExists() async throws {
        try await TestServer.run { _, database in
            let tables: [(SyncTable, [String])] = [
                (PlayerStore.table, SyncPlayerFields.names), (BookStore.table, SyncBookFields.names),
                (GatherStore.table, SyncGatherFields.names), (QuestionStore.table, SyncQuestionFields.names),
            ]
            for (table, names) in tables {
                #expect(table.columns.map(\.wire) == names, "\(table.name)")
                let columns = Set(
                    try await database.values(
                        "SELECT column_name::text FROM information_schema.columns WHERE table_name = '\(table.name)'"))
                #expect(columns.contains(table.keyColumn), "\(table.name).\(table.keyColumn)")
                for column in table.columns.compactMap(\.column) {
                    #expect(columns.contains(column), "\(table.name).\(column) is not a column")
                }
            }
            #expect(GatherStore.seatColumns.map(\.wire) == SyncSeat.names)
            let seats = Set(
                try await database.values(
                    "SELECT column_name::text FROM information_schema.columns WHERE table_name = 'gather_players'"))
            for (_, column) in GatherStore.seatColumns {
                #expect(seats.contains(column), "gather_players.\(column) is not a column")
            }
        }
    }

    /// The declaration and the newest PostgreSQL schema agree: each declared player field is a
    /// column of `players` and `gather_players` of its declared type, NOT NULL exactly when
    /// required (a field declared without its migration fails here, naming the field).
    @Test func everyDeclaredPlayerFieldIsAColumnOfItsType() async throws {
        try await TestServer.run { _, database in
            for table in ["players", "gather_players"] {
                let rows = try await database.values(
                    """
                    SELECT column_name || ' ' || data_type || ' ' || is_nullable FROM information_schema.columns
                    WHERE table_name = '\(table)'
                    """)
                let columns = Set(rows.compactMap { $0 })
                for field in PlayerField.allCases {
                    let type = field.rule.isInteger ? "integer" : "text"
                    let column = "\(field.column) \(type) \(field.isRequired ? "NO" : "YES")"
                    #expect(columns.contains(column), "\(table): no \(column) for \(field.wire) in \(columns.sorted())")
                }
            }
        }
    }

    /// The same for books: a text field is `text`, an amount `integer`, a date PostgreSQL's `date`.
    @Test func everyDeclaredBookFieldIsAColumnOfItsType() async throws {
        try await TestServer.run { _, database in
            let rows = try await database.values(
                """
                SELECT column_name || ' ' || data_type || ' ' || is_nullable FROM information_schema.columns
                WHERE table_name = 'books'
                """)
            let columns = Set(rows.compactMap { $0 })
            for field in BookField.allCases {
                let type = field.rule.isInteger ? "integer" : field.rule == .date ? "date" : "text"
                let column = "\(field.column) \(type) \(field.isRequired ? "NO" : "YES")"
                #expect(columns.contains(column), "books: no \(column) for \(field.wire) in \(columns.sorted())")
            }
        }
    }

    /// The same for gathers and questions, by their server columns: an instant kept as a time is
    /// `timestamp with time zone`, one kept as its milliseconds `bigint`, a whole number a column
    /// that holds its range.
    @Test func everyDeclaredGatherAndQuestionFieldIsAColumnOfItsType() async throws {
        try await TestServer.run { _, database in
            func expectColumns<Field: RecordField>(of _: Field.Type, in table: String) async throws {
                let rows = try await database.values(
                    """
                    SELECT column_name || ' ' || data_type || ' ' || is_nullable FROM information_schema.columns
                    WHERE table_name = '\(table)'
                    """)
                let columns = Set(rows.compactMap { $0 })
                for field in Field.allCases {
                    let types: [String] =
                        switch field.rule {
                        case .instant(.time): ["timestamp with time zone"]
                        case .instant(.milliseconds): ["bigint"]
                        case .integer(let range) where range.upperBound > Int32.max: ["bigint"]
                        case .integer: ["integer", "bigint"]
                        default: ["text"]
                        }
                    let nullable = field.isRequired ? "NO" : "YES"
                    let found = types.contains { columns.contains("\(field.serverColumn) \($0) \(nullable)") }
                    #expect(
                        found,
                        "\(table): no \(field.serverColumn) \(types) \(nullable) for \(field.wire) in \(columns.sorted())"
                    )
                }
            }
            try await expectColumns(of: GatherField.self, in: "gathers")
            try await expectColumns(of: QuestionField.self, in: "questions")
        }
    }
}
