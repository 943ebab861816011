import Clubhouse
import ClubhouseTestSupport
import Foundation
import Testing

@testable import ClubhouseTerminal

/// Key sequences a person types, through the update step and its effects on a real database
/// file, read back as frames and through a second app on the same file: what the tmux tests did
/// before the update step was a function, without a terminal. (EndToEndTests keep the driver's
/// own: kills, signals, resizes, others' commits seen live.)
@Suite struct KeySequenceTests {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("clubhouse.sqlite")
    }

    private func session(registering: Bool = true, signingIn: Bool = true) throws -> TerminalSession {
        let app = try ClubhouseApp(path: path, hashingCost: .testing)
        if registering { try app.register(username: "ana", password: "s3cret-pass", signingIn: signingIn) }
        return try TerminalSession(app: app, layout: Layout(width: 100, height: 30), clock: { 0 })
    }

    /// Another process's view of the file.
    private func other() throws -> ClubhouseApp { try ClubhouseApp(path: path) }

    /// The players stored, as another process reads them.
    private func players() throws -> [Player] { try other().readPlayers(around: nil, count: 10).rows }

    private func type(_ text: String, _ session: TerminalSession) {
        for character in text { _ = session.handle(.character(character)) }
    }

    private func press(_ keys: Key..., on session: TerminalSession) {
        for key in keys { _ = session.handle(key) }
    }

    @Test func signingInThroughTheLoginScreen() throws {
        let session = try session(signingIn: false)
        #expect(session.frame().text.contains("Sign in"))
        type("ana", session)
        press(.enter, on: session)
        type("s3cret-pass", session)
        #expect(session.frame().text.contains("•••••••••••"))
        press(.enter, on: session)
        let text = session.frame().text
        #expect(text.contains("signed in as ana"), "\(text)")
        #expect(!text.contains("s3cret"))
        #expect(session.handle(.character("q")) == .quit(interrupted: false))
        #expect(try other().signedInUser()?.username == "ana")
    }

    @Test func addingAPlayerThroughTheForm() throws {
        let session = try session()
        press(.character("2"), on: session)
        #expect(session.frame().text.contains("Players (0)"))
        press(.character("n"), on: session)
        #expect(session.frame().text.contains("New player"))
        type("Zoë", session)
        press(.enter, on: session)
        type("27", session)
        #expect(session.frame().text.contains("27█"))
        press(.control("s"), on: session)
        let text = session.frame().text
        #expect(text.contains("added player #1"), "\(text)")
        #expect(text.contains("Players (1)"))
        let players = try players()
        #expect(players.map(\.name) == ["Zoë"] && players.first?.age == 27)
    }

    @Test func aFormBeingTypedIntoIsNeverOverwrittenByAnotherProcess() throws {
        let session = try session()
        press(.character("2"), .character("n"), on: session)
        type("Zo", session)
        #expect(session.frame().text.contains("Zo█"))
        try other().select(.library)
        try session.othersChanged()
        let text = session.frame().text
        #expect(text.contains("changed in another terminal or process"), "\(text)")
        #expect(text.contains("Zo█"))
        // Ctrl-L shows what the other process did.
        press(.control("l"), on: session)
        #expect(session.screen == .library)
    }

    @Test func anAgeTheFormRefusesIsToldOnSaveAndStaysToBeMended() throws {
        let session = try session()
        press(.character("2"), .character("n"), on: session)
        type("Kai", session)
        press(.tab, on: session)
        type("1", session)
        press(.control("s"), on: session)
        let refused = session.frame().text
        #expect(refused.contains("age must be between 5 and 99"), "\(refused)")
        #expect(refused.contains("New player"))
        press(.enter, on: session)  // closes the alert; the cursor is on the age it names
        #expect(session.frame().text.contains("1█"))
        press(.backspace, on: session)
        type("31", session)
        press(.control("s"), on: session)
        #expect(session.frame().text.contains("added player #1"))
        #expect(try players().first?.age == 31)
    }

    @Test func plusOnHomeAsksAQuestionAndArrowsPickASkill() throws {
        let session = try session()
        press(.character("+"), on: session)
        #expect(session.frame().text.contains("q  Ask a question"))
        press(.character("q"), on: session)
        #expect(session.frame().text.contains("questions/new"))
        // Cancelled, the ask flow returns where it was opened: home.
        press(.escape, on: session)
        #expect(!session.frame().text.contains("questions/new"))
        #expect(session.screen == .home)
        press(.character("n"), on: session)
        #expect(session.frame().text.contains("p  Add a player"))
        press(.character("p"), on: session)
        #expect(session.frame().text.contains("New player"))
        type("Kai", session)
        press(.tab, .tab, .right, .right, on: session)
        #expect(session.frame().text.contains("amateur█"))
        press(.control("s"), on: session)
        #expect(session.frame().text.contains("added player #1"))
        #expect(try players().first?.skill == .amateur)
    }

    @Test func aQuestionTakesOnlyItsAnswers() throws {
        let session = try session()
        press(.character("2"), .character("n"), on: session)
        type("Zo", session)
        press(.escape, on: session)
        #expect(session.frame().text.contains("drop what is typed into this form? (y/n)"))
        // Keys that are no answer are ignored: the question stays, the field is as it was.
        type("xë ", session)
        press(.backspace, on: session)
        #expect(session.frame().text.contains("(y/n)"))
        press(.character("n"), on: session)
        let kept = session.frame().text
        #expect(!kept.contains("(y/n)") && kept.contains("Zo█"), "\(kept)")
        press(.escape, on: session)
        #expect(session.frame().text.contains("(y/n)"))
        press(.character("y"), on: session)
        #expect(session.frame().text.contains("Players (0)"))
        #expect(try other().state()?.currentPlace == "players")
    }
}
