import Clubhouse
import Foundation
import Testing

@testable import ClubhouseTerminal

/// The seed apps' behaviours as the terminal app shows them (issue 45): a pushed screen hides the
/// tab bar, the page view shows only its segment row, registering lands where a sign-in would,
/// the countdown's length is set in the app, and a refusal is an alert with a title.
@Suite struct SeedScreenTests {
    private func type(_ text: String, _ session: TerminalSession) {
        for character in text { _ = session.handle(.character(character)) }
    }

    private let tabBar = "1 Home   2 Players   3 Questions   4 Library   5 Profile"

    @Test func aPushedScreenHidesTheTabBarAndItsKeys() throws {
        let (app, session) = try signedInSession()
        try app.open("players/new")
        try app.submit([("name", "Zoë")])
        try app.open("players")
        session.reload()
        #expect(session.frame().text.contains(tabBar))
        _ = session.handle(.enter)
        #expect(session.screen == .playerDetail)
        let pushed = session.frame().text
        #expect(!pushed.contains(tabBar), "\(pushed)")
        // The stack line keeps the depth; the keys line does not offer tabs.
        #expect(pushed.contains("players › players/1"))
        #expect(!pushed.contains("Tab/1-5 tabs"))
        for key in [Key.tab, .backTab, .character("4")] {
            _ = session.handle(key)
            #expect(session.screen == .playerDetail, "\(key) switched tabs from a pushed screen")
        }
        #expect(session.frame().text.contains("no tabs over a pushed screen"))
        // Back at the tab's first screen the bar returns, and Tab switches again.
        _ = session.handle(.escape)
        #expect(session.frame().text.contains(tabBar))
        _ = session.handle(.tab)
        #expect(session.screen == .questions)
    }

    @Test func thePageViewShowsItsSegmentRowAndNoBarAbove() throws {
        let (app, session) = try signedInSession()
        let lines = session.frame().lines
        #expect(!lines[3].contains("home/squad"), "the breadcrumb row over the page view: \(lines[3])")
        #expect(session.frame().text.contains("[  squad   results   reading   ]"))
        // A screen pushed from a page keeps its stack line, named by the page.
        try app.open("players/new")
        try app.submit([("name", "Zoë")])
        try app.select(.home)
        session.reload()
        _ = session.handle(.enter)
        #expect(session.screen == .playerDetail)
        #expect(session.frame().lines[3].contains("home/squad › players/1"))
    }

    @Test func registeringLandsOnTheTabChosenAsASignInDoes() throws {
        let app = try ClubhouseApp.inMemory(hashingCost: .testing)
        let session = try TerminalSession(app: app, layout: Layout(width: 100, height: 30), clock: { 0 })
        _ = session.handle(.control("r"))
        #expect(session.screen == .register)
        #expect(session.frame().text.contains("Lands on"))
        _ = session.handle(.right)  // Players
        type("ana", session)
        _ = session.handle(.enter)
        type("s3cret-pass", session)
        _ = session.handle(.enter)
        #expect(session.screen == .players, "\(session.frame().text)")
        // The choice is the account's: the next sign-in lands there too.
        try app.signOut()
        try app.signIn(username: "ana", password: "s3cret-pass")
        guard case .main(_, let state, _) = try app.look().view else {
            Issue.record("signed out")
            return
        }
        #expect(state.selectedTab == .players)
    }

    @Test func theCountdownsLengthIsSetWithTheArrowsOfTheGatherScreen() throws {
        let (app, session) = try signedInSession()
        for name in ["Zoë", "Kai"] {
            try app.open("players/new")
            try app.submit([("name", name)])
        }
        try app.open("players/confirm")
        try app.submit([("team-a", "1"), ("team-b", "2")])
        session.reload()
        #expect(session.screen == .gather)
        #expect(session.frame().text.contains("⏱ 10:00"))
        #expect(session.frame().text.contains("< > length"))
        _ = session.handle(.character(">"))
        _ = session.handle(.character(">"))
        #expect(session.frame().text.contains("⏱ 12:00"))
        _ = session.handle(.character("<"))
        #expect(session.frame().text.contains("⏱ 11:00"))
        guard case .main(_, _, .gather(let model)) = try app.look().view else {
            Issue.record("not on the gather")
            return
        }
        #expect(model.gather.timer.duration == 660_000)
        // The command line sets it to the second, as `gather timer set` does.
        _ = session.handle(.character(":"))
        type("gather timer set 05:30", session)
        _ = session.handle(.enter)
        #expect(session.frame().text.contains("⏱ 05:30"))
    }

    @Test func aRefusalIsAnAlertWithATitleThatEnterOrEscDismisses() throws {
        let (app, session) = try signedInSession()
        try app.open("players/new")
        session.reload()
        _ = session.handle(.control("s"))  // no name
        let refused = session.frame().text
        #expect(refused.contains("Not saved"), "\(refused)")
        #expect(refused.contains("name is required"))
        #expect(refused.contains("Enter or Esc closes"))
        #expect(!refused.contains("error: "), "the app's refusal is a box, not a line")
        // Other keys do not reach the form behind it.
        type("Kai", session)
        #expect(session.frame().text.contains("Not saved"))
        _ = session.handle(.escape)
        #expect(!session.frame().text.contains("Not saved"))
        #expect(session.screen == .form, "Esc closed the alert, not the form")
        type("Kai", session)
        #expect(session.frame().text.contains("Kai█"))
        _ = session.handle(.control("s"))
        #expect(session.frame().text.contains("added player #1 Kai"))
    }
}
