import Clubhouse
import Foundation
import Testing

@testable import ClubhouseTerminal

/// The players list's selection mode on a terminal: Space marks and unmarks the selected row,
/// the title counts the marks, c picks teams of the marked players, Esc clears the marks.
@Suite struct MarkKeysTests {
    private func sessionWithPlayers() throws -> (ClubhouseApp, TerminalSession) {
        let (app, session) = try signedInSession()
        for name in ["Zoë", "Kai", "Lu", "Mía"] {
            try app.open("players/new")
            try app.submit([("name", name)])
        }
        try app.open("players")
        try app.perform(Command(.moveSelection(.top)))
        session.reload()
        return (app, session)
    }

    private func line(_ session: TerminalSession, containing text: String) -> String? {
        session.frame().text.split(separator: "\n").map(String.init).first { $0.contains(text) }
    }

    @Test func spaceMarksTheSelectedRowAndTheTitleCountsTheMarks() throws {
        let (app, session) = try sessionWithPlayers()
        #expect(line(session, containing: "Players (4)")?.contains("marked") == false)
        _ = session.handle(.character(" "))
        _ = session.handle(.down)
        _ = session.handle(.down)
        _ = session.handle(.character(" "))
        #expect(line(session, containing: "Players (4)")?.contains("Players (4) · 2 marked") == true)
        #expect(line(session, containing: "Zoë")?.hasPrefix("  ✓ #1") == true)
        #expect(line(session, containing: "Lu")?.hasPrefix(" ▶✓ #3") == true)
        #expect(line(session, containing: "Kai")?.hasPrefix("    #2") == true)
        #expect(session.frame().text.contains("Space mark · Enter open · c pick teams of the marked · Esc clear marks"))
        #expect(try app.state()?.currentScreen.marked == ["1", "3"])
        // Space again unmarks.
        _ = session.handle(.character(" "))
        #expect(try app.state()?.currentScreen.marked == ["1"])
        #expect(line(session, containing: "Players (4)")?.contains("1 marked") == true)
    }

    @Test func cPicksTeamsOfTheMarkedPlayersAndSaysSoWhenNoneAre() throws {
        let (app, session) = try sessionWithPlayers()
        _ = session.handle(.character("c"))
        #expect(session.screen == .players)
        #expect(session.frame().text.contains("nothing is marked; Space marks the selected player"))

        _ = session.handle(.down)
        _ = session.handle(.character(" "))
        _ = session.handle(.end)
        _ = session.handle(.character(" "))
        _ = session.handle(.character("c"))
        #expect(session.screen == .teamPicker)
        let text = session.frame().text
        #expect(text.contains("Pick the teams of the 2 marked"))
        #expect(text.contains("Kai") && text.contains("Mía"))
        #expect(!text.contains("Zoë") && !text.contains("Lu"), "the bench holds the marked players alone")
        // The picker works as before: a and b move the selected player, s starts.
        _ = session.handle(.character("a"))
        _ = session.handle(.down)
        _ = session.handle(.character("b"))
        _ = session.handle(.character("s"))
        #expect(session.screen == .gather)
        guard case .main(_, _, .gather(let model)) = try app.look().view else {
            Issue.record("expected the gather")
            return
        }
        #expect(model.gather.players(of: .a).map(\.name) == ["Kai"])
        #expect(model.gather.players(of: .b).map(\.name) == ["Mía"])
    }

    @Test func escClearsTheMarksAndThenDoesWhatItDidBefore() throws {
        let (app, session) = try sessionWithPlayers()
        _ = session.handle(.character(" "))
        _ = session.handle(.escape)
        #expect(try app.state()?.currentScreen.marked == nil)
        #expect(line(session, containing: "Players (4)")?.contains("marked") == false)
        _ = session.handle(.escape)
        #expect(session.screen == .players)
        #expect(
            session.display.message
                == .note("players is the first screen of the players tab; there is nothing to go back to."))
    }

    @Test func marksSurviveANewSessionOnTheSameApp() throws {
        let (app, session) = try sessionWithPlayers()
        _ = session.handle(.character(" "))
        let again = try TerminalSession(app: app, layout: Layout(width: 100, height: 30), clock: { 0 })
        #expect(line(again, containing: "Players (4)")?.contains("1 marked") == true)
        #expect(line(again, containing: "Zoë")?.contains("✓") == true)
    }
}
