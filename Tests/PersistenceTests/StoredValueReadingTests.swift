import ClubhouseDomain
import ClubhouseTestSupport
import Foundation
import GRDB
import Testing

@testable import ClubhousePersistence

/// What `clubhouse check` and the readers rely on to name what they cannot show: the CHECK
/// constraints read from the schema, the rule for a stored time, and how a stored value is noted.
@Suite struct StoredValueReadingTests {
    /// Every CHECK of this build's schema is found, with the column it belongs to (or the columns
    /// a table constraint reads): a constraint the reader missed would leave SQLite's line that
    /// names no row.
    @Test func everyCheckOfTheSchemaIsFoundWithItsColumns() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("db.sqlite")
        _ = try AppDatabase.open(path: path)
        let queue = try DatabaseQueue(path: path)
        let (constraints, tables) = try queue.read { db in
            (
                try CheckConstraint.all(db),
                try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table'")
            )
        }
        for table in tables {
            let name: String = table[0]
            let sql: String = table[1]
            let written = SQLToken.tokens(sql).filter { $0.isKeyword("CHECK") }.count
            #expect(constraints.filter { $0.table == name }.count == written, "\(name)")
        }
        #expect(constraints.allSatisfy { !$0.columns.isEmpty })
        #expect(
            constraints.filter { $0.table == "players" }.map(\.columns) == [
                ["name"], ["age"], ["skill"], ["position"], ["key"], ["shirt_number"],
            ])
        #expect(
            constraints.filter { $0.table == "gathers" && $0.columns.count > 1 }.map(\.columns) == [
                ["ended_at", "winner"], ["timer_state", "timer_started_ms"],
            ])
        #expect(
            constraints.first { $0.table == "books" && $0.columns == ["published"] }?.expression
                == "published IS NULL OR published GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'")
    }

    /// Comments, quoted names and string literals holding parentheses, commas or the word CHECK
    /// do not confuse the reader.
    @Test func commentsAndQuotesAreNotConstraints() {
        let sql = #"""
            CREATE TABLE "odd table" (
                -- a comment with CHECK (x), commas, and a quote: don't
                "a ""b""" TEXT CHECK ("a ""b""" <> 'CHECK (,)'), /* CHECK (1) */
                [c] INTEGER NOT NULL DEFAULT (1) CHECK ([c] > 0 /* inline */ AND
                    [c] < 10),
                d, CONSTRAINT named CHECK (d IS NULL OR "a ""b""" = d), UNIQUE (d)
            )
            """#
        #expect(
            CheckConstraint.parse(table: "odd table", sql: sql) == [
                CheckConstraint(table: "odd table", columns: [#"a "b""#], expression: #""a ""b""" <> 'CHECK (,)'"#),
                CheckConstraint(table: "odd table", columns: ["c"], expression: "[c] > 0 AND [c] < 10"),
                CheckConstraint(
                    table: "odd table", columns: [#"a "b""#, "d"], expression: #"d IS NULL OR "a ""b""" = d"#),
            ])
        #expect(CheckConstraint.parse(table: "t", sql: "CREATE VIRTUAL TABLE t USING fts5(a, b)").isEmpty)
    }

    /// The readers' rule for a time is SQLite's, which check runs.
    @Test func aStoredTimeIsValidExactlyWhenSQLiteWritesItBackTheSame() throws {
        let samples = [
            "2026-11-23T09:23:44.544Z", "2024-02-29T00:00:00.000Z", "2023-02-29T00:00:00.000Z",
            "2026-11-23T24:00:00.000Z", "2026-11-23T09:60:00.000Z", "2026-11-23T09:23:60.000Z",
            "2026-13-01T00:00:00.000Z", "2026-11-31T00:00:00.000Z", "2026-11-23T09:23:44Z", "2026-11-23 09:23:44.544",
            "2026-11-23T09:23:44.544+01:00", "0000-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "garbage", "42",
            "", "2026-11-23T09:23:44.5440Z", "2026-1l-23T09:23:44.544Z",
        ]
        let folder = try TemporaryFolder()
        let path = folder.path("db.sqlite")
        let literals = samples.map { "('\($0)')" }.joined(separator: ", ")
        let answers = try sqlite(
            path,
            "SELECT NOT (\(StoredTime.invalidSQL("t"))) FROM (SELECT column1 AS t FROM (VALUES \(literals)))")
        #expect(answers.split(separator: "\n").map { $0 == "1" } == samples.map(StoredTime.isValid))
        #expect(
            samples.filter(StoredTime.isValid) == [
                "2026-11-23T09:23:44.544Z", "2024-02-29T00:00:00.000Z", "0000-01-01T00:00:00.000Z",
                "9999-12-31T23:59:59.999Z",
            ])
    }

    @Test func aValueIsDescribedWithoutBeingPrintedWhole() {
        #expect(StoredValueText.describe("old".databaseValue) == "'old'")
        #expect(StoredValueText.describe(2.5.databaseValue) == "2.5")
        #expect(StoredValueText.describe(DatabaseValue.null) == "NULL")
        #expect(StoredValueText.describe(Data([1, 2]).databaseValue) == "a blob of 2 bytes")
        let long = StoredValueText.describe(String(repeating: "z", count: 1_000_000).databaseValue)
        #expect(long == "'" + String(repeating: "z", count: 40) + "…'")
    }

    @Test func aReadingNotesWhatItCannotShowAndShowsWhatItAlwaysShowed() {
        var reading = RecordReading("player 3")
        #expect(reading.integer(30.databaseValue, "age") == 30)
        #expect(reading.integer(DatabaseValue.null, "age") == nil)
        #expect(reading.integer("old".databaseValue, "age") == nil)
        #expect(reading.integer(200.databaseValue, "score_a", within: 0...100, fallback: 0) == 100)
        #expect(reading.integer((-3).databaseValue, "score_b", within: 0...100, fallback: 0) == 0)
        #expect((reading.named("striker".databaseValue, "position") as Position?) == .striker)
        #expect((reading.named("libero".databaseValue, "position") as Position?) == nil)
        #expect(reading.text(DatabaseValue.null, "name", absent: "") == "")
        #expect(reading.text(42.databaseValue, "name") == "42")
        #expect(
            reading.unshowable.map(\.message) == [
                "player 3's age in the database is 'old', not a number; shown as unknown",
                "player 3's score_a in the database is 200, beyond 100; shown as 100",
                "player 3's score_b in the database is -3, below 0; shown as 0",
                "player 3's position in the database is 'libero', not one of goalkeeper, defender, midfielder, winger, striker; shown as unknown",
                "player 3's name in the database is NULL; shown as empty",
            ])
    }
}
