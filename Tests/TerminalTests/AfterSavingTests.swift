import Clubhouse
import Foundation
import Testing

@testable import ClubhouseTerminal

/// What the app shows once a form is saved or left: the list selects what was just added, a
/// refusal stays with its form, and `:question ask TEXT` asks at once, as the command does.
@Suite struct AfterSavingTests {
    @Test func theListSelectsThePlayerJustAdded() throws {
        let (app, session) = try signedInSession()
        for name in ["Zoë", "Kai", "Lu"] {
            try app.open("players/new")
            try app.submit([("name", name)])
        }
        try app.open("players")
        try app.perform(Command(.moveSelection(.row("1"))))
        session.reload()
        #expect(session.frame().text.contains("▶  #1"))
        _ = session.handle(.character("n"))
        for character in "Mo" { _ = session.handle(.character(character)) }
        _ = session.handle(.control("s"))
        #expect(session.screen == .players)
        #expect(session.frame().text.contains("▶  #4       Mo"))
        // Stored with the screen: the next start shows it selected too.
        guard case .main(_, let state, _) = try app.look().view else {
            Issue.record("signed out")
            return
        }
        #expect(state.selection == "4")
    }

    @Test func aQuestionAskedOnTheCommandLineIsAskedAtOnce() throws {
        let (app, session) = try signedInSession()
        _ = session.handle(.character(":"))
        for character in "question ask which books are about the sea?" { _ = session.handle(.character(character)) }
        _ = session.handle(.enter)
        #expect(session.screen != .form, "asked, not left in the form")
        #expect(session.frame().text.contains("asked question #1"))
        #expect(try app.readQuestions(around: nil, count: 5).rows.map(\.text) == ["which books are about the sea?"])
        // A text the form refuses stays in it, with why.
        _ = session.handle(.character(":"))
        for character in "question ask why" { _ = session.handle(.character(character)) }
        _ = session.handle(.enter)
        #expect(session.screen == .form)
        #expect(session.frame().text.contains("why█"))
        #expect(session.frame().text.contains("a question must be 10–100 characters"))
        #expect(session.frame().text.contains("Not saved"))
    }

    @Test func aFormsRefusalDoesNotFollowToTheNextScreen() throws {
        let (app, session) = try signedInSession()
        try app.open("players/new")
        try app.submit([("name", "Zoë")])
        try app.open("players/1/edit/age")
        session.reload()
        _ = session.handle(.character("1"))
        _ = session.handle(.control("s"))
        #expect(session.frame().text.contains("Not saved"))
        _ = session.handle(.escape)  // closes the alert
        _ = session.handle(.escape)
        _ = session.handle(.character("y"))
        #expect(session.screen == .playerDetail)
        #expect(!session.frame().text.contains("Not saved"))
        #expect(!session.frame().text.contains("age must be"))
    }
}
