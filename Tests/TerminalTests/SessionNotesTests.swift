import Clubhouse
import Foundation
import Testing

@testable import ClubhouseTerminal

/// What the app says in its message line when a key did something worth naming, or nothing at
/// all (issue 30's "messages that tell"), through the session's update step: no terminal.
@Suite struct SessionNotesTests {
    static let now: Milliseconds = 1_800_000_000_000

    /// Zoë and Kai on the players list, on show.
    func twoPlayers(_ app: ClubhouseApp, _ session: TerminalSession) throws {
        for name in ["Zoë", "Kai"] {
            try app.open("players/new")
            try app.submit([("name", name)])
        }
        session.reload()
    }

    /// From the players list: Zoë in Team A, Kai in Team B, started.
    func startGather(_ session: TerminalSession) {
        session.apply(.newGather)
        session.apply(.assign(.a))
        session.apply(.move(1))
        session.apply(.assign(.b))
        session.apply(.startGather)
    }

    @Test func turningPastTheLastOrFirstPageSaysSo() throws {
        let (_, session) = try signedInSession(clock: Self.now)
        _ = session.handle(.character("["))
        #expect(session.frame().text.contains("squad is the first page; there is no previous one."))
        _ = session.handle(.character("]"))
        _ = session.handle(.character("]"))
        #expect(!session.frame().text.contains("is the last page"))
        _ = session.handle(.character("]"))
        #expect(session.frame().text.contains("reading is the last page; there is no next one."))
    }

    @Test func aGoalTakenBackAtZeroSaysSoAndAnEndedGatherNamesTheWinner() throws {
        let (app, session) = try signedInSession(clock: Self.now)
        try twoPlayers(app, session)
        for _ in 0..<2 {
            startGather(session)
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
        let (app, session) = try signedInSession(clock: Self.now)
        try twoPlayers(app, session)
        startGather(session)
        _ = session.handle(.character("e"))
        _ = session.handle(.character("y"))
        #expect(session.frame().text.contains("gather ended 0-0: a draw"))
    }

    @Test func backAtATabsFirstScreenSaysSo() throws {
        let (_, session) = try signedInSession()
        _ = session.handle(.escape)
        #expect(
            session.frame().text.contains("home is the first screen of the home tab; there is nothing to go back to."))
        session.apply(.tab(.players))
        _ = session.handle(.escape)
        #expect(
            session.frame().text.contains(
                "players is the first screen of the players tab; there is nothing to go back to."))
    }
}
