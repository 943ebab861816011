import Clubhouse
import Foundation
import Testing

@testable import ClubhouseTerminal

/// Every screen the app draws, at 80×24 and 120×40, from a real app in memory: the drawing is
/// tested without a terminal.
@Suite(.serialized) struct ScreenSnapshotTests {
    /// A fixed instant for the countdown (timers that do not run do not depend on it).
    static let now: Milliseconds = 1_800_000_000_000

    func session(_ app: ClubhouseApp) throws -> TerminalSession {
        try TerminalSession(app: app, layout: Layout(width: 80, height: 24), clock: { Self.now })
    }

    /// The players list's selection mode: marked rows, the count in the title, the keys in the
    /// footer, and the team picker opened with the marked players alone.
    @Test func theSelectionMode() throws {
        let app = try ClubhouseApp.inMemory(hashingCost: .testing)
        try app.register(username: "ana", password: "s3cret-pass", signingIn: true)
        for (name, position) in [("Zoë O'Brien", "striker"), ("Kai", "goalkeeper"), ("Lu", ""), ("Mía", "winger")] {
            try app.open("players/new")
            try app.submit([("name", name), ("position", position)])
        }
        let session = try session(app)
        session.apply(.moveToStart)
        session.apply(.toggleMark)
        session.apply(.move(2))
        session.apply(.toggleMark)
        session.apply(.move(1))
        session.apply(.toggleMark)
        Snapshot.check("players-marked", session)
        session.apply(.confirmMarked)
        session.apply(.assign(.a))
        Snapshot.check("team-picker-marked", session)
    }

    @Test func theLoginScreens() throws {
        let app = try ClubhouseApp.inMemory(hashingCost: .testing)
        let session = try session(app)
        Snapshot.check("login-empty", session)
        for character in "ana" { session.apply(.insert(String(character))) }
        session.apply(.nextField)
        for character in "secret" { session.apply(.insert(String(character))) }
        Snapshot.check("login-typed", session)
        #expect(!session.frame().text.contains("secret"))
        session.apply(.switchLoginMode)
        Snapshot.check("register", session)
    }

    @Test func everyScreenOfASignedInUser() throws {
        let app = try ClubhouseApp.inMemory(hashingCost: .testing)
        try app.register(username: "ana", password: "s3cret-pass", signingIn: true)
        let session = try session(app)
        Snapshot.check("home-squad-empty", session)
        for (name, age, skill, position, team, number) in [
            ("Zoë O'Brien", "27", "amateur", "striker", "Boca Juniors", "10"), ("Kai", "31", "", "goalkeeper", "", "1"),
            ("李小龍", "40", "professional", "midfielder", "香港", "99"), ("Ana \\ Bo", "", "", "", "", ""),
        ] {
            try app.open("players/new")
            try app.submit([
                ("name", name), ("age", age), ("skill", skill), ("position", position), ("favourite-team", team),
                ("shirt-number", number),
            ])
        }
        session.reload()
        Snapshot.check("players", session)
        // The list selects the player added last; the detail shown is the third, 李小龍.
        session.apply(.moveToStart)
        session.apply(.move(2))
        session.apply(.open)
        Snapshot.check("player-detail", session)
        session.apply(.delete)
        Snapshot.check("player-delete-confirm", session)
        session.apply(.confirm(false))
        session.apply(.open)
        Snapshot.check("player-edit-name", session)
        session.apply(.back)
        session.apply(.back)
        session.apply(.new)
        for character in "Mía" { session.apply(.insert(String(character))) }
        session.apply(.nextField)
        session.apply(.insert("1"))
        Snapshot.check("player-add-typing", session)
        // The 1 is in the draft as typed; saving is where the form refuses it, and it stays.
        session.apply(.save)
        Snapshot.check("player-add-refused", session)
        #expect(session.frame().text.contains("1█"))
        session.apply(.closeOverlay)  // Esc on the alert
        session.apply(.back)
        Snapshot.check("player-add-back-confirm", session)
        session.apply(.confirm(true))

        session.apply(.newGather)
        session.apply(.assign(.a))
        session.apply(.move(1))
        session.apply(.assign(.b))
        session.apply(.move(1))
        session.apply(.assign(.a))
        Snapshot.check("team-picker", session)
        session.apply(.startGather)
        session.apply(.goal(.a, 1))
        session.apply(.goal(.a, 1))
        session.apply(.goal(.b, 1))
        Snapshot.check("gather", session)
        session.apply(.endGather)
        session.apply(.confirm(true))
        try app.open("gathers/1")
        session.reload()
        Snapshot.check("gather-ended", session)
        session.apply(.back)
        Snapshot.check("gathers", session)
        session.apply(.back)
        Snapshot.check("profile", session)

        session.apply(.tab(.library))
        Snapshot.check("library-empty", session)
        session.apply(.new)
        for character in "0-441-01359-7" { session.apply(.insert(String(character))) }
        Snapshot.check("book-add-modal", session)
        try app.submit([
            ("title", "Dune"), ("author", "Frank Herbert"),
            ("description", "Politics and ecology on a desert planet, and a very long description that wraps"),
        ])
        try app.open("books/new")
        try app.submit([("isbn", "9780547928227"), ("title", "The Hobbit"), ("author", "J. R. R. Tolkien")])
        session.reload()
        // Saving lands on the book saved, over the shelf.
        Snapshot.check("book-detail", session)
        session.apply(.back)
        Snapshot.check("library", session)
        session.apply(.startSearch)
        for character in "desert" { session.apply(.insert(String(character))) }
        Snapshot.check("search-typing", session)
        session.apply(.submit)
        Snapshot.check("search-results", session)

        session.apply(.tab(.questions))
        Snapshot.check("questions-empty", session)
        session.apply(.new)
        for character in "What should I read about a desert planet?" { session.apply(.insert(String(character))) }
        Snapshot.check("question-ask-modal", session)
        session.apply(.submit)
        Snapshot.check("question-detail", session)
        session.apply(.back)
        Snapshot.check("questions", session)

        session.apply(.tab(.home))
        Snapshot.check("home-squad", session)
        session.apply(.turnPage(1))
        Snapshot.check("home-results", session)
        session.apply(.turnPage(1))
        Snapshot.check("home-reading", session)
        session.apply(.toggleHelp)
        Snapshot.check("help-home", session)
        session.apply(.closeOverlay)
        session.apply(.startCommandLine)
        for character in "open players/1/edit/name" { session.apply(.insert(String(character))) }
        Snapshot.check("command-line", session)
        session.apply(.submit)
        Snapshot.check("command-line-opened", session)
    }

    @Test func aTerminalTooSmallSaysSo() throws {
        let app = try ClubhouseApp.inMemory()
        let session = try session(app)
        session.resize(Layout(width: 59, height: 24))
        let text = session.frame().text
        #expect(text.contains("needs at least 60×20"))
        #expect(session.handle(.character("q")) == .quit(interrupted: false))
    }
}
