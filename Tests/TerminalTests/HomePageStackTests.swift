import Clubhouse
import Foundation
import Testing

@testable import ClubhouseTerminal

/// `[` and `]` turn the home page view, whose pages are screens with stacks of their own: a screen
/// opened from one page stays on that page, and turning back shows it again, in this session and
/// in the next one (issue 30). Through the session's update step: no terminal.
@Suite struct HomePageStackTests {
    static let now: Milliseconds = 1_800_000_000_000

    private func session(_ app: ClubhouseApp) throws -> TerminalSession {
        try TerminalSession(app: app, layout: Layout(width: 100, height: 30), clock: { Self.now })
    }

    @Test func eachPageShowsItsOwnStack() throws {
        // A file, so that a second app reads what the first stored.
        let folder = FileManager.default.temporaryDirectory.appending(path: "clubhouse-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "clubhouse.sqlite").path
        let app = try ClubhouseApp(path: path, hashingCost: .testing)
        try app.register(username: "ana", password: "s3cret-pass", signingIn: true)
        for name in ["Zoë", "Kai"] {
            try app.open("players/new")
            try app.submit([("name", name)])
        }
        var session = try session(app)
        // One ended gather, for the results page.
        session.apply(.newGather)
        session.apply(.assign(.a))
        session.apply(.move(1))
        session.apply(.assign(.b))
        session.apply(.startGather)
        _ = session.handle(.character("a"))
        _ = session.handle(.character("e"))
        _ = session.handle(.character("y"))

        // The squad's newest player, opened from the squad page.
        session.apply(.tab(.home))
        #expect(session.screen == .home)
        session.apply(.open)
        #expect(session.screen == .playerDetail)
        #expect(session.frame().text.contains("Kai"))

        // `]`: the results page itself, not the player over it.
        _ = session.handle(.character("]"))
        #expect(session.screen == .home)
        #expect(try app.state()?.selectedPage == .results)
        session.apply(.open)
        #expect(session.screen == .endedGather)

        // `[`: the squad page as it was left, with its player; `]` the results page's gather.
        _ = session.handle(.character("["))
        #expect(session.screen == .playerDetail)
        #expect(session.frame().text.contains("Kai"))
        _ = session.handle(.character("]"))
        #expect(session.screen == .endedGather)
        // The reading page has opened nothing.
        _ = session.handle(.character("]"))
        #expect(session.screen == .home)
        _ = session.handle(.character("["))
        #expect(session.screen == .endedGather)

        // Back pops the page on show only.
        session.apply(.back)
        #expect(session.screen == .home)
        _ = session.handle(.character("["))
        #expect(session.screen == .playerDetail)

        // The next session, in another process as far as the file knows, restores every page.
        let state = try #require(try ClubhouseApp(path: path).state())
        #expect(state.selectedPage == .squad)
        #expect(state.stack(on: .squad).map(\.path) == ["home", "players/2"])
        #expect(state.stack(on: .results).map(\.path) == ["home"])
        session = try self.session(try ClubhouseApp(path: path))
        #expect(session.screen == .playerDetail)
        _ = session.handle(.character("]"))
        #expect(session.screen == .home)
        _ = session.handle(.character("["))
        #expect(session.screen == .playerDetail)
    }
}
