import ClubhouseDomain
import Testing

/// The compact list of an import's rejected rows reads back exactly what was appended.
@Suite struct BookImportRejectionsTests {
    private typealias Rejection = BookImport.Rejection

    @Test func rowsComeBackInOrderWithTheirOwnReasons() {
        let reasons = ["isbn is required", "1 field, but the header names 2 columns", "Zoë 🏴‍☠️ \u{202E}", ""]
        let appended = (0..<1000).map { Rejection(line: 2 + $0 * 3, reason: reasons[($0 * 7) % reasons.count]) }
        var list = BookImportRejections()
        for rejection in appended { list.append(rejection) }
        #expect(list.count == appended.count)
        #expect(Array(list) == appended)
        #expect(list[999] == appended[999])
        #expect(Array(list.prefix(3)) == Array(appended.prefix(3)))
    }

    @Test func equalityIsTheRowsNotHowTheReasonsAreStored() {
        let first = BookImportRejections([.init(line: 2, reason: "a"), .init(line: 3, reason: "b")])
        var second = BookImportRejections()
        second.append(.init(line: 2, reason: "a"))
        second.append(.init(line: 3, reason: "b"))
        #expect(first == second)
        #expect(first != [.init(line: 2, reason: "a"), .init(line: 3, reason: "c")])
        #expect(first != [.init(line: 2, reason: "a")])
        #expect(BookImportRejections().isEmpty && BookImportRejections() == [])
    }
}
