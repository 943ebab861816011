import Clubhouse
import Foundation
import Testing

@testable import ClubhouseTerminal

/// What a user of the terminal app tripped over (issue 45), each as they see it: frames as text
/// after the keys they pressed.
@Suite struct StumbleTests {
    private func type(_ text: String, _ session: TerminalSession) {
        for character in text { _ = session.handle(.character(character)) }
    }

    private func press(_ keys: Key..., on session: TerminalSession) {
        for key in keys { _ = session.handle(key) }
    }

    private func state(_ app: ClubhouseApp) throws -> NavigationState? {
        guard case .main(_, let state, _) = try app.look().view else { return nil }
        return state
    }

    private func addPlayers(_ names: String..., to app: ClubhouseApp) throws {
        for name in names {
            try app.open("players/new")
            try app.submit([("name", name)])
        }
    }

    @Test func cancellingAnAddFlowReturnsWhereItWasOpened() throws {
        let (app, session) = try signedInSession()
        for (tab, key, flow) in [
            (Tab.home, "b", "books/new"), (.profile, "q", "questions/new"), (.home, "q", "questions/new"),
        ] {
            try app.select(tab)
            session.reload()
            press(.character("+"), .character(Character(key)), on: session)
            #expect(session.frame().text.contains(flow))
            press(.escape, on: session)
            #expect(try state(app)?.selectedTab == tab, "cancelling \(flow) over \(tab)")
            #expect(try state(app)?.modal == nil)
        }
    }

    @Test func theBookSavedIsWhatIsOnShow() throws {
        let (app, session) = try signedInSession()
        try app.open("books/new")
        try app.submit([("isbn", "9780441013593"), ("title", "Dune")])
        try app.open("books/9780441013593")
        session.reload()
        #expect(session.frame().text.contains("Dune"))
        press(.character("+"), .character("b"), on: session)
        type("9780345539434", session)
        press(.enter, on: session)
        type("Cosmos", session)
        press(.control("s"), on: session)
        let text = session.frame().text
        #expect(text.contains("saved Cosmos"), "\(text)")
        #expect(session.screen == .bookDetail)
        #expect(try state(app)?.currentScreen.path == "books/9780345539434")
    }

    @Test func escOnTheSignInIsBackNotAToggle() throws {
        let app = try ClubhouseApp.inMemory(hashingCost: .testing)
        let session = try TerminalSession(app: app, layout: Layout(width: 100, height: 30), clock: { 0 })
        press(.escape, on: session)
        #expect(session.screen == .login, "Esc on the sign-in opened the register screen")
        press(.control("r"), on: session)
        #expect(session.screen == .register)
        press(.escape, on: session)
        #expect(session.screen == .login)
        press(.escape, on: session)
        #expect(session.screen == .login)
    }

    @Test func profilesPlayersRowOpensThePlayers() throws {
        let (app, session) = try signedInSession()
        try addPlayers("Zoë", to: app)
        try app.select(.profile)
        session.reload()
        #expect(session.frame().text.contains("Players"))
        press(.enter, on: session)  // the first row: Players 1
        #expect(session.screen == .players, "\(session.frame().text)")
    }

    @Test func theKeyLineIsTheScreensOwn() throws {
        let (app, session) = try signedInSession()
        try addPlayers("Zoë", "Kai", to: app)
        try app.open("players")
        session.reload()
        press(.character(" "), on: session)
        let marking = session.frame().lines.last ?? ""
        #expect(marking.contains("Enter open") && marking.contains("Space mark"), "\(marking)")
        press(.character("c"), on: session)
        #expect(session.screen == .teamPicker)
        let picker = session.frame().lines.last ?? ""
        #expect(picker.contains("a b team") && picker.contains("s start"), "\(picker)")
        press(.escape, on: session)
        press(.escape, on: session)  // clears the mark
        press(.character("g"), on: session)
        press(.character("a"), .character("j"), .character("b"), .character("s"), on: session)
        #expect(session.screen == .gather)
        let gather = session.frame().lines.last ?? ""
        #expect(gather.contains("a b goal") && gather.contains("t timer"), "\(gather)")
        // The players help names Esc once.
        let escs = KeyMap.help(for: .players).filter { $0.keys.split(separator: " ").contains("Esc") }
        #expect(escs.count == 1, "\(escs)")
    }

    @Test func messagesSayWhatHappened() throws {
        let (app, session) = try signedInSession()
        try addPlayers("Zoë", "Kai", to: app)
        try app.open("players")
        session.reload()
        press(.enter, on: session)
        press(.character("u"), on: session)
        #expect(session.frame().text.contains("undone: back on players from players/2"), "\(session.frame().text)")
        press(.character(" "), .character("k"), .character(" "), on: session)
        press(.escape, on: session)
        #expect(session.frame().text.contains("cleared the 2 marks"))
        press(.character("n"), on: session)
        type("Mía", session)
        press(.control("s"), on: session)
        #expect(session.frame().text.contains("added player #3 Mía"))
    }

    @Test func signingInKeepsThePasswordFieldAndSaysSo() throws {
        let app = try ClubhouseApp.inMemory(hashingCost: .testing)
        try app.register(username: "ana", password: "s3cret-pass")
        var model = TerminalModel(outcome: try app.look(), layout: Layout(width: 100, height: 30), scene: nil)
        for character in "ana" { _ = model.update(.key(.character(character))) }
        _ = model.update(.key(.enter))
        for character in "s3cret-pass" { _ = model.update(.key(.character(character))) }
        let effects = model.update(.key(.enter)).effects
        #expect(effects.count == 2)
        // While the answer is on its way: the cursor stays in the password, its dots stay, and
        // the line under the title says what is happening.
        #expect(model.loginFocus == 1)
        #expect(model.login.passwordLength == 11)
        #expect(model.password.isEmpty, "the password left with the sign-in")
        let frame = ScreenDrawing.frame(model.display(now: 0), width: 100, height: 30).text
        #expect(frame.contains("•••••••••••█"), "\(frame)")
        #expect(frame.contains("Signing in…") && !frame.contains("Signed out."))
        // A key typed meanwhile does not change what was sent.
        _ = model.update(.key(.character("x")))
        #expect(model.login.passwordLength == 11)
        // Refused: an alert, and the password to type again.
        let refused = Result { try app.signIn(username: "ana", password: "wrong-pass") }
        _ = model.update(.result(.landed(refused, .signedIn)))
        #expect(model.loginFocus == 1 && model.login.passwordLength == 0 && !model.login.sending)
        #expect(model.overlay == .alert(title: "Not signed in", text: "wrong username or password"))
    }

    @Test func aFormsRefusalPutsTheCursorOnTheFieldItNames() throws {
        let (app, session) = try signedInSession()
        try app.open("players/new")
        session.reload()
        type("Kai", session)
        press(.tab, on: session)
        type("3", session)
        press(.tab, .tab, on: session)  // on to Position
        press(.control("s"), on: session)
        #expect(session.frame().text.contains("age must be between 5 and 99"))
        press(.enter, on: session)  // closes the alert
        #expect(session.frame().text.contains("3█"), "\(session.frame().text)")
        #expect(try state(app)?.currentScreen.focus == "age")
    }

    @Test func typingIntoAPrefilledFieldReplacesIt() throws {
        let (app, session) = try signedInSession()
        try app.open("players/new")
        try app.submit([("name", "Zoë"), ("age", "40")])
        try app.open("players/1/edit/age")
        session.reload()
        #expect(session.frame().text.contains("40█"))
        type("41", session)
        #expect(session.frame().text.contains("41█"), "\(session.frame().text)")
        press(.control("s"), on: session)
        #expect(try app.readPlayers(around: nil, count: 1).rows.first?.age == 41)
    }

    @Test func slashOnThePlayersListFindsAPlayerByName() throws {
        let (app, session) = try signedInSession()
        try addPlayers("Zoë O'Brien", "Kai", "Zoe Lu", to: app)
        try app.open("players")
        session.reload()
        press(.character("/"), on: session)
        #expect(session.frame().text.contains("find a player: █"))
        type("zoe", session)
        press(.enter, on: session)
        #expect(session.frame().text.contains("found Zoë O'Brien (#1)"), "\(session.frame().text)")
        #expect(try state(app)?.currentScreen.selected == "1")
        // Again: the next one holding it, then round to the first.
        press(.character("/"), on: session)
        type("zoe", session)
        press(.enter, on: session)
        #expect(try state(app)?.currentScreen.selected == "3")
        press(.character("/"), on: session)
        type("zoe", session)
        press(.enter, on: session)
        #expect(try state(app)?.currentScreen.selected == "1")
        press(.character("/"), on: session)
        type("nobody", session)
        press(.enter, on: session)
        #expect(session.frame().text.contains("no player's name holds 'nobody'"))
        #expect(try state(app)?.currentScreen.selected == "1")
    }
}
