import Clubhouse
import Foundation
import Testing

/// A command can read the window of the list it lands on in its own transaction: what a
/// full-screen front end needs after every keystroke, without a second transaction.
@Suite struct WindowRequestTests {
    @Test func aMoveReturnsTheWindowAReadAfterItWouldRead() throws {
        let file = try TemporaryFile()
        let app = try signedInWithPlayers(1_000, in: file)
        let seen = Landed()
        let request = WindowRequest(count: 10) { state in
            seen.state = state
            return 3
        }
        let moved = try app.perform(Command(.moveSelection(.by(7)), window: request))
        #expect(seen.state?.selection == "8", "above is decided from where the command landed")
        guard case .players(let window)? = moved.window else {
            Issue.record("no window of players: \(String(describing: moved.window))")
            return
        }
        #expect(window.rows.map(\.id) == Array(5...14))
        #expect(window.selectedIndex == 3)
        #expect(moved.window == (try app.readWindow(count: 10, above: 3)))

        // The window follows the selection of the list it lands on, whichever command led there.
        let home = try app.perform(Command(.selectTab(.home), window: request))
        #expect(home.window == nil, "home is not a long list")
        let back = try app.perform(Command(.selectTab(.players), window: request))
        #expect(back.window == moved.window)
        let plain = try app.perform(Command(.moveSelection(.by(1))))
        #expect(plain.window == nil, "no window unless asked")
    }

    @Test func aWindowThatCannotBeReadChangesNothing() throws {
        let file = try TemporaryFile()
        let app = try signedInWithPlayers(20, in: file)
        for count in [0, -1, 1_001, Int.max] {
            #expect(throws: ClubhouseError.self) {
                try app.perform(Command(.moveSelection(.by(1)), window: WindowRequest(count: count)))
            }
        }
        #expect(throws: ClubhouseError.self) {
            try app.perform(Command(.moveSelection(.by(1)), window: WindowRequest(count: 5) { _ in -1 }))
        }
        #expect(try app.state()?.selection == nil, "a refused window is a refused command: nothing moved")
        let moved = try app.perform(Command(.moveSelection(.by(1)), window: WindowRequest(count: 5) { _ in 99 }))
        guard case .players(let window)? = moved.window else {
            Issue.record("no window of players")
            return
        }
        #expect(window.selectedIndex == 1, "more rows above than the list has: the window fills from below")
        #expect(window.rows.count == 5)
    }

    /// A box the request's closure writes into (the closure runs inside the transaction).
    private final class Landed: @unchecked Sendable {
        var state: NavigationState?
    }
}
