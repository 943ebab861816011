import Clubhouse
import Foundation
import Testing

@testable import ClubhouseTerminal

/// The gather's countdown is drawn from the stored anchor at the frame's instant: a frame a
/// second later shows one second less, and writing it rewrites only the clock.
@Suite struct CountdownFrameTests {
    /// The session's clock, moved by the test.
    final class Clock: @unchecked Sendable {
        var now: Milliseconds = 0
    }

    static func seconds(_ frame: Frame) -> Int? {
        guard let match = frame.text.firstMatch(of: /⏱ (\d\d):(\d\d)/) else { return nil }
        return Int(match.output.1)! * 60 + Int(match.output.2)!
    }

    @Test func aRunningCountdownIsRedrawnEachSecondWithoutAWrite() throws {
        let app = try ClubhouseApp.inMemory(hashingCost: .testing)
        try app.register(username: "ana", password: "s3cret-pass", signingIn: true)
        for name in ["Zoë", "Kai"] {
            try app.open("players/new")
            try app.submit([("name", name)])
        }
        try app.open("players/confirm")
        try app.submit([("team-a", "1"), ("team-b", "2")])
        try app.perform(Command(.gather(.play(.startTimer))))
        let clock = Clock()
        clock.now = TerminalSession.wallClock()
        let session = try TerminalSession(app: app, layout: Layout(width: 80, height: 24), clock: { clock.now })
        #expect(session.screen == .gather)
        #expect(session.isTicking, "the driver wakes each second while a gather is on show")
        let diff = FrameDiff(colours: true)

        var frame = session.frame()
        var shown = try #require(Self.seconds(frame))
        #expect((590...600).contains(shown))
        let history = try app.look(.history(limit: 100))
        for _ in 1...3 {
            clock.now += 1000
            let next = session.frame()
            let seconds = try #require(Self.seconds(next))
            #expect(seconds == shown - 1)
            // Only the clock's cells change: one short run on one row.
            let bytes = diff.bytes(from: frame, to: next)
            #expect(!bytes.isEmpty && bytes.count < 40, "\(bytes.count) bytes")
            let changedRows = zip(frame.lines, next.lines).filter { $0 != $1 }
            #expect(changedRows.count == 1 && changedRows[0].1.contains("⏱"))
            frame = next
            shown = seconds
        }
        // Drawing the seconds wrote nothing: the countdown is an anchor, not a ticking counter.
        #expect(try app.look(.history(limit: 100)) == history)

        // Paused, it stays put however much time passes.
        session.apply(.toggleTimer)
        let paused = try #require(Self.seconds(session.frame()))
        clock.now += 5000
        #expect(Self.seconds(session.frame()) == paused)
    }
}
