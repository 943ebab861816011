import Testing

@testable import ClubhouseDomain

/// What a front end tells of what one command shows: each record and column once, the first
/// five records by name, the others counted.
@Suite struct UnshowableValueReportTests {
    static func value(_ record: Int, _ column: String) -> UnshowableValue {
        UnshowableValue(
            record: "player \(record)", column: column, problem: "'x', not a number", shown: "shown as unknown")
    }

    @Test func aMessageNamesTheRecordAndColumn() {
        #expect(
            Self.value(3, "age").message == "player 3's age in the database is 'x', not a number; shown as unknown")
    }

    @Test func eachRecordAndColumnIsToldOnce() {
        var report = UnshowableValueReport()
        report.add([Self.value(1, "age"), Self.value(1, "skill")])
        report.add([Self.value(1, "age"), Self.value(2, "age")])
        report.add([Self.value(2, "age")])
        #expect(report.values == [Self.value(1, "age"), Self.value(1, "skill"), Self.value(2, "age")])
        #expect(report.otherRecords == 0)
    }

    @Test func theFirstFiveRecordsAreNamedAndTheOthersCounted() {
        var report = UnshowableValueReport()
        for record in 1...9 { report.add([Self.value(record, "age"), Self.value(record, "position")]) }
        // A record already counted is not counted again.
        report.add([Self.value(8, "skill")])
        // A named record's other columns are still named.
        report.add([Self.value(2, "skill")])
        #expect(
            report.values.map(\.record) == [
                "player 1", "player 1", "player 2", "player 2", "player 3", "player 3", "player 4", "player 4",
                "player 5", "player 5", "player 2",
            ])
        #expect(report.otherRecords == 4)
    }

    /// A list read in order (a million rows) keeps no record beyond the named ones.
    @Test func distinctRecordsAreCountedOnceEach() {
        var report = UnshowableValueReport()
        for record in 1...1000 { report.addDistinct([Self.value(record, "age"), Self.value(record, "skill")]) }
        #expect(report.values.count == 10)
        #expect(report.otherRecords == 995)
        #expect(
            UnshowableValueReport([Player(id: 1, ownerID: 1, name: "Zoë", unshowableValues: [Self.value(1, "age")])])
                .values == [Self.value(1, "age")])
    }
}
