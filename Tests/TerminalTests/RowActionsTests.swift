import Clubhouse
import Foundation
import Testing

@testable import ClubhouseTerminal

/// `d` on a list's row deletes that row, asking first, as on the record's screen; the profile
/// signs out from a row of its own, asking first (the seed's MyPage).
@Suite struct RowActionsTests {
    @Test func dOnAPlayerRowAsksAndDeletesThatRow() throws {
        let (app, session) = try signedInSession()
        for name in ["Zoë", "Kai", "Lu"] {
            try app.open("players/new")
            try app.submit([("name", name)])
        }
        try app.open("players")
        try app.perform(Command(.moveSelection(.row("2"))))
        session.reload()
        _ = session.handle(.character("d"))
        #expect(session.frame().text.contains("Delete player #2 Kai? (y/n)"))
        _ = session.handle(.character("n"))
        #expect(try app.readPlayers(around: nil, count: 5).rows.count == 3, "no keeps it")
        _ = session.handle(.character("d"))
        _ = session.handle(.character("y"))
        #expect(session.screen == .players, "back on the list")
        #expect(try app.readPlayers(around: nil, count: 5).rows.map(\.name) == ["Zoë", "Lu"])
        #expect(session.frame().text.contains("deleted player #2"))
    }

    @Test func dOnQuestionBookAndGatherRows() throws {
        let (app, session) = try signedInSession()
        try app.open("questions/new")
        try app.submit([(FormField.questionText, "which books are about the sea?")])
        try app.open("questions")
        session.reload()
        _ = session.handle(.character("d"))
        #expect(session.frame().text.contains("Delete question #1? Its books stay. (y/n)"))
        _ = session.handle(.character("y"))
        #expect(try app.readQuestions(around: nil, count: 5).rows.isEmpty)
        // An empty list has no row to delete, and says so.
        _ = session.handle(.character("d"))
        #expect(session.frame().text.contains("the list is empty: nothing to delete"))

        try app.open("books/new")
        try app.submit([("isbn", "9780441013593"), ("title", "Dune")])
        try app.open("library")
        session.reload()
        _ = session.handle(.character("d"))
        #expect(session.frame().text.contains("Take 9780441013593 Dune off the shelf? (y/n)"))
        _ = session.handle(.character("y"))
        #expect(try app.readShelf(around: nil, count: 5).rows.allSatisfy { !$0.owned })
    }

    @Test func theProfileSignsOutFromItsOwnRowAskingFirst() throws {
        let (app, session) = try signedInSession()
        session.apply(.tab(.profile))
        #expect(session.frame().text.contains("Sign out"))
        session.apply(.moveToEnd)
        _ = session.handle(.enter)
        #expect(
            session.frame().text.contains(
                "Sign out ana? Your records stay; open screens and half-typed forms are forgotten. (y/n)"))
        _ = session.handle(.escape)
        #expect(session.screen == .profile, "Esc keeps you signed in")
        _ = session.handle(.enter)
        _ = session.handle(.character("y"))
        #expect(session.screen == .login)
        #expect(session.frame().text.contains("signed out ana"))
        // The way to gather history is still a row of its own.
        try app.signIn(username: "ana", password: "s3cret-pass")
        session.reload()
        session.apply(.tab(.profile))
        session.apply(.moveToStart)
        session.apply(.move(2))
        _ = session.handle(.enter)
        #expect(session.screen == .gathers)
    }

    @Test func theProfileChoosesWhereSignInLands() throws {
        let (app, session) = try signedInSession()
        session.apply(.tab(.profile))
        session.apply(.moveToStart)
        session.apply(.move(3))
        #expect(session.frame().text.contains("Sign-in lands on"))
        #expect(session.frame().text.contains("Home (Enter: the next tab)"))
        _ = session.handle(.enter)
        #expect(session.frame().text.contains("Players (Enter: the next tab)"))
        #expect(session.frame().text.contains("sign-in now lands on players"))
        #expect(session.screen == .profile, "choosing moves nothing")
        #expect(try app.settings().landing == .players)
        // Round the tabs and back to players.
        for _ in Tab.allCases { _ = session.handle(.enter) }
        #expect(try app.settings().landing == .players)
        try app.signOut()
        try app.signIn(username: "ana", password: "s3cret-pass")
        session.reload()
        #expect(session.screen == .players)
    }
}
