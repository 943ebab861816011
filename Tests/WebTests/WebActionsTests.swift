import Clubhouse
import Foundation
import Hummingbird
import Testing

@testable import ClubhouseWeb

/// The buttons of the pages: each is one action, done as the CLI would do it, and a post for a
/// page that is no longer on show does nothing.
@Suite struct WebActionsTests {
    typealias Pages = WebPagesTests

    /// Signs `ana` in from the browser and adds two players with the library; the scene's name.
    static func signedIn(_ browser: inout WebClient, harness: WebHarness) async throws -> String {
        let action = try await Pages.register(&browser)
        let app = try harness.app()
        for (name, position) in [("Zoë", "striker"), ("Kai", "goalkeeper")] {
            try app.open("players/new")
            try app.submit([("name", name), ("position", position)])
        }
        return try #require(Pages.scene(of: action))
    }

    @Test func typingSavesTheDraftAndAReloadShowsIt() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let scene = try await Self.signedIn(&browser, harness: harness)
            let form = try await browser.follow(try await browser.get("/players/new?s=\(scene)"))
            let typed = try await browser.post(
                "/players/new?s=\(scene)", [("_do", "typing"), ("name", "Half typ")], csrf: form.hidden("_csrf"),
                screen: "players/new")
            #expect(typed.status == .noContent)
            let again = try await browser.get("/players/new?s=\(scene)")
            #expect(again.status == .ok)
            #expect(again.body.contains("value=\"Half typ\""))
        }
    }

    @Test func thePickerStartsAGatherAndTheGoalButtonsScore() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let scene = try await Self.signedIn(&browser, harness: harness)
            let picker = try await browser.follow(try await browser.get("/players/confirm?s=\(scene)"))
            #expect(picker.body.contains("name=\"player-1\" value=\"a\""))
            let started = try await browser.post(
                "/players/confirm?s=\(scene)", [("_do", "start-gather"), ("player-1", "a"), ("player-2", "b")],
                csrf: picker.hidden("_csrf"), screen: "players/confirm")
            #expect(started.status == .seeOther)
            let gather = try await browser.follow(started)
            #expect(gather.body.contains("data-countdown"))
            #expect(gather.body.contains("The gather has started."))
            let place = try #require(gather.hidden("_screen"))
            #expect(place.hasPrefix("gathers/"))
            let goal = try await browser.post(
                "/\(place)?s=\(scene)", [("_do", "goal:a:1")], csrf: gather.hidden("_csrf"), screen: place)
            #expect(goal.status == .seeOther)
            let scored = try await browser.follow(goal)
            #expect(scored.body.contains("Team A: 1 goals"))
        }
        let app = try harness.app()
        if case .gather(let model) = try app.look(.gather(.show)).result {
            #expect(model.gather.score.text == "1-0")
        } else {
            Issue.record("no gather in progress")
        }
    }

    @Test func aPostForAPageNoLongerOnShowDoesNothing() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let scene = try await Self.signedIn(&browser, harness: harness)
            let detail = try await browser.follow(try await browser.get("/players/1?s=\(scene)"))
            // Another tab of the same scene moves it on.
            let moved = try await browser.post(
                "/players/1?s=\(scene)", [("_do", "tab:library")], csrf: detail.hidden("_csrf"), screen: "players/1")
            #expect(moved.location == "/library?s=\(scene)")
            let stale = try await browser.post(
                "/players/1?s=\(scene)", [("_do", "delete")], csrf: detail.hidden("_csrf"), screen: "players/1")
            #expect(stale.status == .seeOther)
            let landed = try await browser.follow(stale)
            #expect(landed.body.contains("nothing was done"))
        }
        #expect(try harness.app().readPlayers(around: nil, count: 10).rows.count == 2)
    }

    @Test func deletingAsksFirstThenDeletes() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let scene = try await Self.signedIn(&browser, harness: harness)
            let detail = try await browser.follow(try await browser.get("/players/2?s=\(scene)"))
            #expect(!detail.body.contains("role=\"alertdialog\""))
            let asked = try await browser.get("/players/2?s=\(scene)&ask=delete")
            #expect(asked.body.contains("role=\"alertdialog\""))
            #expect(asked.body.contains("Delete Kai?"))
            let deleted = try await browser.post(
                "/players/2?s=\(scene)", [("_do", "delete")], csrf: asked.hidden("_csrf"), screen: "players/2")
            let landed = try await browser.follow(deleted)
            #expect(landed.body.contains("Deleted Kai."))
        }
        #expect(try harness.app().readPlayers(around: nil, count: 10).rows.map(\.name) == ["Zoë"])
    }

    @Test func signingOutEndsTheSessionCookie() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let scene = try await Self.signedIn(&browser, harness: harness)
            let profile = try await browser.follow(try await browser.get("/profile?s=\(scene)"))
            let out = try await browser.post(
                "/profile?s=\(scene)", [("_do", "sign-out")], csrf: profile.hidden("_csrf"), screen: "profile")
            #expect(out.location == "/login?s=\(scene)")
            #expect(browser.session == nil)
            let events = try await browser.get("/_/events?s=\(scene)")
            #expect(events.status == .unauthorized)
        }
        #expect(try harness.app().signedInUser() == nil)
    }

    @Test func aSessionCookieSignedWithAnotherKeyOpensNothing() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let scene = try await Self.signedIn(&browser, harness: harness)
            let forged = WebCookies(secret: .random()).sessionCookie(
                for: WebSession(try #require(try harness.app().signedInSession())))
            let name = try #require(browser.cookies.keys.first { $0.hasPrefix(WebCookies.sessionPrefix + "_") })
            browser.cookies[name] = forged.value
            let page = try await browser.follow(try await browser.get("/players?s=\(scene)"))
            #expect(page.body.contains("ana is signed in on this device"))
            #expect(!page.body.contains("Zoë"))
        }
    }

    /// A browser's session is of the device's sign-in it was given in: `clubhouse logout` and a
    /// new `login` (here the library's) end it, where the cookie opened the screens again without
    /// a password (a hostile round found it).
    @Test func signingOutAnywhereEndsTheBrowsersSession() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let scene = try await Self.signedIn(&browser, harness: harness)
            #expect(try await browser.follow(try await browser.get("/players?s=\(scene)")).body.contains("Zoë"))
            let cli = try harness.app()
            try cli.signOut()
            try cli.signIn(username: "ana", password: "correct horse")
            let page = try await browser.follow(try await browser.get("/players?s=\(scene)"))
            #expect(page.body.contains("ana is signed in on this device"))
            #expect(!page.body.contains("Zoë"))
            let events = try await browser.get("/_/events?s=\(scene)")
            #expect(events.status == .unauthorized)
        }
    }
}
