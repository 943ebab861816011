import ClubhouseDomain
import Foundation
import Testing

@testable import ClubhouseCLI

/// `book import --json` is written a batch of rejections at a time: the pieces must make the same
/// bytes as JSONOutput rendering the whole summary at once.
@Suite struct ImportJSONTests {
    private struct Whole: Encodable {
        struct Rejection: Encodable {
            let line: Int
            let reason: String
        }

        let added: Int
        let updated: Int
        let rejected: [Rejection]
    }

    @Test(arguments: [0, 1, ImportJSON.batch, ImportJSON.batch * 2 + 7])
    func piecesMakeTheWholeText(_ count: Int) throws {
        let reasons = ["isbn is required", "a \"quote\", a \\ and a / \u{1B}[2J\n", "Zoë 🏴‍☠️ \u{202E}"]
        let rejected = (0..<count).map { BookImport.Rejection(line: $0 + 2, reason: reasons[$0 % reasons.count]) }
        let summary = BookImportSummary(added: 3, updated: 1, rejected: BookImportRejections(rejected))
        var pieces: [String] = []
        try ImportJSON.write(summary) { pieces.append($0) }
        let whole = try JSONOutput.render(
            Whole(
                added: 3, updated: 1,
                rejected: rejected.map { Whole.Rejection(line: $0.line, reason: $0.reason) }))
        #expect(pieces.joined() == whole + "\n")
        #expect(pieces.count == 2 + (count + ImportJSON.batch - 1) / ImportJSON.batch)
    }
}
