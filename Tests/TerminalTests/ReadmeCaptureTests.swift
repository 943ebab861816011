import Clubhouse
import Foundation
import Testing

@testable import ClubhouseTerminal

/// README's capture of the app is what the app draws for what README's walk leaves: Try it's two
/// players and the one its first terminal step adds (Lu, 30, winger), on the players tab after
/// one ↓ (issue 45 found a player in it that no step adds).
@Suite struct ReadmeCaptureTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "README.md")

    /// The first plain block after the heading "The app on a terminal".
    static func capture() throws -> String {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## The app on a terminal").dropFirst().first)
        let start = try #require(section.range(of: "```\n"))
        let end = try #require(section.range(of: "\n```", range: start.upperBound..<section.endIndex))
        return String(section[start.upperBound..<end.lowerBound])
    }

    @Test func theCaptureIsWhatTheAppDrawsAfterTheWalk() throws {
        let app = try signedInApp()
        for fields in [
            [
                ("name", "Zoë O'Brien"), ("age", "27"), ("skill", "amateur"), ("position", "striker"),
                ("favourite-team", "Boca Juniors"), ("shirt-number", "10"),
            ],
            [("name", "Kai"), ("position", "goalkeeper")],
            [("name", "Lu"), ("age", "30"), ("position", "winger")],
        ] {
            try app.open("players/new")
            try app.submit(fields)
        }
        try app.open("players")
        let session = try TerminalSession(app: app, layout: Layout(width: 80, height: 24), clock: { 0 })
        session.apply(.moveToStart)
        session.apply(.move(1))
        let drawn = session.frame().lines.map { $0.replacing(/\ +$/, with: "") }.joined(separator: "\n")
        let shown = try Self.capture().split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.replacing(/\ +$/, with: "") }.joined(separator: "\n")
        #expect(drawn == shown, "README's capture differs from the app's frame:\n\(drawn)")
    }
}
