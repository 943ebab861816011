import Clubhouse
import ClubhouseTestSupport
import Foundation
import Hummingbird
import Testing

@testable import ClubhouseWeb

/// What the second hostile round of the web face found (each failed on the main before it): a
/// book page with none of its fields, `?s=` driving the CLI's scene, a draft holding what no
/// save could, wrong addresses answered 200, HEAD answered 404, and two servers' cookies under
/// one name.
@Suite struct WebHostileRoundTwoTests {
    typealias Pages = WebPagesTests

    @Test func aBookPageShowsWhatBookShowPrints() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let scene = try await WebActionsTests.signedIn(&browser, harness: harness)
            let app = try harness.app()
            try app.open("books/new")
            try app.submit([
                ("isbn", "9780306406157"), ("title", "Plain <b>Book</b>"), ("author", "Auth"), ("publisher", "Pub"),
                ("price", "3.00"), ("published", "2001-02-03"), ("description", "A description"),
            ])
            let page = try await browser.follow(try await browser.get("/books/9780306406157?s=\(scene)"))
            #expect(page.status == .ok)
            for shown in [
                "<dt>Author</dt><dd>Auth</dd>", "<dt>Publisher</dt><dd>Pub</dd>", "<dt>Price</dt><dd>3.00</dd>",
                "<dt>Published</dt><dd>2001-02-03</dd>", "<dt>Description</dt><dd>A description</dd>",
                "Plain &lt;b&gt;Book&lt;/b&gt;", "Added 20",
            ] {
                #expect(page.body.contains(shown), "\(shown)")
            }
        }
    }

    /// `?s=main` opened the player in the CLI's own scene, and scenes of any other name were
    /// never closed: a tab's scene is `web-…`, anything else is a new tab.
    @Test func onlyABrowsersSceneIsTakenFromTheAddress() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            _ = try await WebActionsTests.signedIn(&browser, harness: harness)
            let before = Self.place(try harness.app().look())
            for name in ["main", "cli", "WEB-abc", "web-"] {
                let page = try await browser.get("/players/1?s=\(name)")
                #expect(page.status == .seeOther, "\(name)")
                let location = try #require(page.location)
                #expect(location.hasPrefix("/players/1?s=web-") && !location.hasSuffix("=web-"), "\(name): \(location)")
            }
            #expect(Self.place(try harness.app().look()) == before, "the CLI's scene did not move")
            let names = try harness.app().scenes().scenes.map(\.name.rawValue)
            #expect(!names.contains("cli") && !names.contains("WEB-abc"), "\(names)")
        }
    }

    static func place(_ outcome: Outcome) -> String? {
        guard case .main(_, let state, _) = outcome.view else { return nil }
        return state.currentPlace
    }

    @Test func aHeadIsAGetWithoutItsBodyAndOtherMethodsAreRefused() async throws {
        try await WebHarness().run { browser in
            let get = try await browser.get("/_/app.js")
            let head = try await browser.ask(.head, "/_/app.js")
            #expect(head.status == .ok)
            #expect(head.body.isEmpty)
            #expect(head.headers[.contentLength] == get.headers[.contentLength])
            #expect(head.headers[.contentSecurityPolicy] != nil)
            for method in [HTTPRequest.Method.put, .delete, .patch, .options, .init("TRACE")!] {
                let answer = try await browser.ask(method, "/players")
                #expect(answer.status == .methodNotAllowed, "\(method)")
                #expect(answer.headers[.allow] == "GET, HEAD, POST", "\(method)")
            }
        }
    }

    /// Cookies go to every port of a host: two `clubhouse web` of two files on one machine wrote
    /// one cookie name and signed each other out. Each file's key names its own.
    @Test func twoServersKeyTheirCookiesApart() {
        let one = WebCookies(secret: .random())
        let other = WebCookies(secret: .random())
        #expect(one.sessionName != other.sessionName)
        #expect(one.visitorName != other.visitorName)
        #expect(one.sessionName.hasPrefix("clubhouse_session_"))
        let again = WebCookies(secret: one.secret)
        #expect(again.sessionName == one.sessionName, "a restart keeps the names")
    }
}

extension WebHostileRoundTwoTests {
    /// The picker dropped a pick of a player deleted or unmarked since the page was drawn, and any
    /// pick it did not know, and started the gather without them: the CLI refuses each.
    @Test func theTeamPickerRefusesWhatTheCLIRefuses() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let scene = try await WebActionsTests.signedIn(&browser, harness: harness)
            let picker = try await browser.follow(try await browser.get("/players/confirm?s=\(scene)"))
            for (picks, refusal) in [
                ([("player-1", "a"), ("player-999", "b")], "no player 999"),
                ([("player-1", "a"), ("player-2", "c")], "#2: 'c' is not a team: a, b or bench"),
                ([("player-1", "a"), ("player-x", "b")], "'player-x' is not a player of this form"),
            ] {
                let posted = try await browser.post(
                    "/players/confirm?s=\(scene)", [("_do", "start-gather")] + picks, csrf: picker.hidden("_csrf"),
                    screen: "players/confirm")
                #expect(posted.status == .badRequest, "\(picks)")
                // As the template engine escapes it.
                #expect(posted.body.contains(refusal.replacing("'", with: "&#39;")), "\(refusal): \(posted.body)")
            }
            #expect(try sqlite(harness.path, "SELECT count(*) FROM gathers") == "0", "no gather started")
        }
    }

    @Test func aBadLandingTabIsNamed() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let scene = try await WebActionsTests.signedIn(&browser, harness: harness)
            let profile = try await browser.follow(try await browser.get("/profile?s=\(scene)"))
            let posted = try await browser.post(
                "/profile?s=\(scene)", [("_do", "land-on"), ("tab", "evil")], csrf: profile.hidden("_csrf"),
                screen: "profile")
            let shown = try await browser.follow(posted)
            #expect(
                shown.body.contains("&#39;evil&#39; is not a tab: home, players, questions, library, profile"),
                "\(shown.body)")
        }
    }
}

extension WebHostileRoundTwoTests {
    /// A HEAD of the change stream says what a GET would get and holds nothing: more of them in
    /// a row than there are places for live pages are each answered.
    @Test func aHeadOfTheChangeStreamHoldsNoPlace() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let scene = try await WebActionsTests.signedIn(&browser, harness: harness)
            for _ in 0...StreamPlaces.limit {
                let head = try await browser.ask(.head, "/_/events?s=\(scene)")
                #expect(head.status == .ok)
                #expect(head.headers[.contentType] == "text/event-stream")
                #expect(head.body.isEmpty)
            }
        }
    }
}
