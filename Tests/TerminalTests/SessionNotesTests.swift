import Clubhouse
import Foundation
import Testing

@testable import ClubhouseTerminal

/// What the app says in its message line when a key did something worth naming, or nothing at
/// all (issue 30's "messages that tell"), through the session's update step: no terminal.
@Suite struct SessionNotesTests {
    static let now: Milliseconds = 1_800_000_000_000

    func signedIn() throws -> (ClubhouseApp, TerminalSession) {
        let app = try ClubhouseApp.inMemory()
        try app.register(username: "ana", password: "s3cret-pass", signingIn: true)
        let session = try TerminalSession(app: app, layout: Layout(width: 100, height: 30), clock: { Self.now })
        return (app, session)
    }

    /// The message line: the frame's last row.
    func messageLine(_ session: TerminalSession) -> String {
        session.frame().text.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    }

    @Test func turningPastTheLastOrFirstPageSaysSo() throws {
        let (_, session) = try signedIn()
        _ = session.handle(.character("["))
        #expect(session.frame().text.contains("squad is the first page; there is no previous one."))
        _ = session.handle(.character("]"))
        _ = session.handle(.character("]"))
        #expect(!session.frame().text.contains("is the last page"))
        _ = session.handle(.character("]"))
        #expect(session.frame().text.contains("reading is the last page; there is no next one."))
    }

    @Test func aGoalTakenBackAtZeroSaysSoAndAnEndedGatherNamesTheWinner() throws {
        let (app, session) = try signedIn()
        for name in ["Zoë", "Kai"] {
            try app.open("players/new")
            try app.submit([("name", name)])
        }
        session.reload()
        for _ in 0..<2 {
            session.apply(.newGather)
            session.apply(.assign(.a))
            session.apply(.move(1))
            session.apply(.assign(.b))
            session.apply(.startGather)
            #expect(session.screen == .gather)
            _ = session.handle(.character("B"))
            #expect(session.frame().text.contains("Team B has no goal to take back; the score stays 0–0"))
            _ = session.handle(.character("b"))
            #expect(!session.frame().text.contains("no goal to take back"))
            _ = session.handle(.character("B"))
            #expect(!session.frame().text.contains("no goal to take back"), "a goal taken back moves the score")
            _ = session.handle(.character("a"))
            _ = session.handle(.character("e"))
            _ = session.handle(.character("y"))
            #expect(session.frame().text.contains("gather ended 1-0: Team A won"))
            session.apply(.tab(.players))
        }
    }

    @Test func aDrawIsCalledADraw() throws {
        let (app, session) = try signedIn()
        for name in ["Zoë", "Kai"] {
            try app.open("players/new")
            try app.submit([("name", name)])
        }
        session.reload()
        session.apply(.newGather)
        session.apply(.assign(.a))
        session.apply(.move(1))
        session.apply(.assign(.b))
        session.apply(.startGather)
        _ = session.handle(.character("e"))
        _ = session.handle(.character("y"))
        #expect(session.frame().text.contains("gather ended 0-0: a draw"))
    }
}
