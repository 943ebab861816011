import Clubhouse
import Foundation
import Hummingbird
import Testing

@testable import ClubhouseWeb

/// The pages as a browser meets them: scenes, sign-in, a form posted with its token, the
/// refusals, on a real file.
@Suite struct WebPagesTests {
    /// Registers `ana` from the browser and lands on the signed-in home page.
    static func register(_ browser: inout WebClient) async throws -> String {
        let first = try await browser.get("/")
        #expect(first.status == .seeOther)
        let login = try await browser.follow(first)
        #expect(login.body.contains("Sign in"))
        let registerPage = try await browser.follow(try await browser.get(registerLink(login.body)))
        let scenePath = registerPage.hidden("_screen") ?? ""
        #expect(scenePath == "login/register")
        let action = try #require(formAction(registerPage.body))
        let posted = try await browser.post(
            action, [("_do", "register"), ("username", "ana"), ("password", "correct horse")],
            csrf: registerPage.hidden("_csrf"))
        #expect(posted.status == .seeOther)
        #expect(browser.session != nil)
        return action
    }

    static func registerLink(_ body: String) -> String {
        let marker = "href=\""
        let start = body.range(of: "Create an account")!.lowerBound
        let before = body[..<start]
        let href = before.range(of: marker, options: .backwards)!.upperBound
        return String(body[href...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
    }

    static func formAction(_ body: String) -> String? {
        guard let range = body.range(of: "action=\"") else { return nil }
        return String(body[range.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
    }

    static func scene(of url: String) -> String? {
        URLComponents(string: url)?.queryItems?.first { $0.name == "s" }?.value
    }

    @Test func aTabWithoutASceneGetsOneAndASignedOutDeviceShowsTheSignIn() async throws {
        try await WebHarness().run { browser in
            let first = try await browser.get("/players")
            #expect(first.status == .seeOther)
            let scene = try #require(Self.scene(of: first.location ?? ""))
            #expect(scene.hasPrefix("web-"))
            // The visitor cookie comes with the first answer: HttpOnly, SameSite=Strict.
            let visitor = try #require(first.setCookies.first { $0.hasPrefix(WebCookies.visitorPrefix + "_") })
            #expect(visitor.contains("HttpOnly"))
            #expect(visitor.contains("SameSite=Strict"))
            // Signed out, the screen asked for is kept for the sign-in.
            let kept = try await browser.get(first.location!)
            #expect(kept.location == "/login?s=\(scene)")
            let login = try await browser.get(kept.location!)
            #expect(login.status == .ok)
            #expect(login.body.contains("Sign in to open players; it opens once you are in."))
            #expect(login.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            #expect(login.headers[.cacheControl] == "no-store")
        }
    }

    @Test func registeringInTheBrowserSignsInAndTheSessionCookieIsHttpOnlyAndStrict() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let action = try await Self.register(&browser)
            let scene = try #require(Self.scene(of: action))
            let home = try await browser.follow(try await browser.get("/?s=\(scene)"))
            #expect(home.status == .ok)
            #expect(home.body.contains("Signed in as <strong>ana</strong>"))
            #expect(home.body.contains("Squad: 0 players"))
        }
        #expect(try harness.app().signedInUser()?.username == "ana")
    }

    @Test func aPostWithoutItsTokenIsRefusedAndChangesNothing() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let action = try await Self.register(&browser)
            let scene = try #require(Self.scene(of: action))
            let form = try await browser.follow(try await browser.get("/players/new?s=\(scene)"))
            #expect(form.body.contains("Add a player") || form.body.contains("New player"))
            let forged = try await browser.post(
                "/players/new?s=\(scene)", [("_do", "submit"), ("name", "Forged")], csrf: nil, screen: "players/new")
            #expect(forged.status == .forbidden)
            let wrong = try await browser.post(
                "/players/new?s=\(scene)", [("_do", "submit"), ("name", "Forged")], csrf: "AAAA", screen: "players/new")
            #expect(wrong.status == .forbidden)
        }
        #expect(try harness.app().readPlayers(around: nil, count: 10).rows.isEmpty)
    }

    @Test func onlyThisServersNamesAreAnswered() {
        let loopback = WebHosts(bind: "127.0.0.1")
        for host in ["127.0.0.1:8470", "localhost:8470", "LOCALHOST:9", "[::1]:8470", "localhost"] {
            #expect(loopback.accepts(host), "\(host)")
        }
        // A page whose name was made to point here (DNS rebinding) sends its own name.
        for host in ["attacker.example:8470", "10.0.0.2:8470", "127.0.0.1.attacker.example", "", ":8470"] {
            #expect(!loopback.accepts(host), "\(host)")
        }
        let network = WebHosts(bind: "0.0.0.0")
        #expect(network.accepts("192.168.1.20:8470"))
        #expect(network.accepts("[fe80::1]:8470"))
        #expect(!network.accepts("attacker.example:8470"))
    }

    /// Two `Host` headers: NIO makes the first the authority and leaves the second among the
    /// fields, as here. A proxy in front could have read the other one, so neither is trusted.
    @Test func aRequestNamingTwoHostsIsRefused() async throws {
        try await WebHarness().run { browser in
            var second = HTTPFields()
            second[HTTPFields.Element.Name("Host")!] = "attacker.example"
            let refused = try await browser.get("/", headers: second)
            #expect(refused.status == .badRequest)
            #expect(refused.body == "a request names one Host\n")
            #expect(refused.setCookies.isEmpty, "nothing was minted for it")
            #expect(try await browser.get("/").status == .seeOther)
        }
    }

    /// Each bookmark opened without a scene is a tab of its own, saved by its first page: the
    /// file keeps the newest `ScenePool.saved` of them, not one per visit for ever, and a closed
    /// one opened again starts at home. The CLI's scenes are not the pool's to close.
    @Test func bookmarksOpenedOverAndOverKeepABoundedNumberOfScenes() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            var newest = ""
            let action = try await Self.register(&browser)
            let first = try #require(Self.scene(of: action))
            _ = try harness.app(scene: try SceneName("phone")).open("players")
            #expect(try await browser.follow(try await browser.get("/players?s=\(first)")).body.contains("Players"))
            for _ in 0..<(ScenePool.saved + 6) {
                let bare = try await browser.get("/players")
                newest = try #require(Self.scene(of: bare.location ?? ""))
                #expect(try await browser.follow(bare).body.contains("Players"))
            }
            let scenes = try harness.app().scenes().scenes.map(\.name.rawValue)
            #expect(scenes.filter { $0.hasPrefix("web-") }.count == ScenePool.saved)
            #expect(scenes.contains(newest))
            #expect(!scenes.contains(first))
            #expect(scenes.contains("phone"))
            let forgotten = try await browser.follow(try await browser.get("/?s=\(first)"))
            #expect(forgotten.body.contains("Squad: 0 players"), "a closed scene starts at home")
        }
    }

    @Test func aHostileNameIsShownAsText() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let action = try await Self.register(&browser)
            let scene = try #require(Self.scene(of: action))
            let app = try harness.app()
            try app.open("players/new")
            try app.submit([("name", "<script>alert(1)</script>\"'&")])
            let list = try await browser.follow(try await browser.get("/players?s=\(scene)"))
            #expect(list.status == .ok)
            #expect(!list.body.contains("<script>alert"))
            #expect(list.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;"))
        }
    }

    @Test func aRefusedFormKeepsWhatWasTypedSaysWhyAndAddsNothing() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let action = try await Self.register(&browser)
            let scene = try #require(Self.scene(of: action))
            let form = try await browser.follow(try await browser.get("/players/new?s=\(scene)"))
            let posted = try await browser.post(
                "/players/new?s=\(scene)", [("_do", "submit"), ("name", "Zoë"), ("age", "three")],
                csrf: form.hidden("_csrf"), screen: "players/new")
            #expect(posted.status == .badRequest)
            #expect(posted.body.contains("role=\"alert\""))
            #expect(posted.body.contains("value=\"Zoë\""))
            #expect(posted.body.contains("value=\"three\""))
            let added = try await browser.post(
                "/players/new?s=\(scene)", [("_do", "submit"), ("name", "Zoë"), ("age", "30")],
                csrf: form.hidden("_csrf"), screen: "players/new")
            #expect(added.status == .seeOther)
            let landed = try await browser.follow(added)
            #expect(landed.body.contains("Added player #1 Zoë."))
        }
        #expect(try harness.app().readPlayers(around: nil, count: 10).rows.map(\.name) == ["Zoë"])
    }

    @Test func aBrowserGivesThePasswordOfTheUserSignedInOnTheDeviceWithoutSigningAnyoneOut() async throws {
        let harness = try WebHarness()
        let app = try harness.app()
        try app.register(username: "ben", password: "a long password", signingIn: true)
        try app.open("library")
        try await harness.run { browser in
            let page = try await browser.follow(try await browser.get("/library"))
            #expect(page.status == .ok)
            #expect(page.body.contains("ben is signed in on this device"))
            #expect(!page.body.contains("The shelf"))
            let scene = try #require(Self.scene(of: Self.formAction(page.body) ?? ""))
            let wrong = try await browser.post(
                "/library?s=\(scene)", [("_do", "signin"), ("username", "ben"), ("password", "not it at all")],
                csrf: page.hidden("_csrf"))
            #expect(wrong.status == .unauthorized)
            #expect(browser.session == nil)
            let right = try await browser.post(
                "/library?s=\(scene)", [("_do", "signin"), ("username", "ben"), ("password", "a long password")],
                csrf: page.hidden("_csrf"))
            #expect(right.status == .seeOther)
            #expect(browser.session != nil)
        }
        // The device's own scene is where it was: nobody was signed out.
        #expect(try app.state()?.currentScreen.path == "library")
    }

    @Test func aLinkToARecordThatIsGoneLandsWhereTheSceneIsAndSaysSo() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let action = try await Self.register(&browser)
            let scene = try #require(Self.scene(of: action))
            // Answered 404 (it was a redirect to a 200, so a script or a link checker could
            // not tell a wrong address), with the screen the scene is on and why.
            #expect(try await browser.follow(try await browser.get("/home?s=\(scene)")).status == .ok)
            let before = WebHostileRoundTwoTests.place(try harness.app(scene: try SceneName(scene)).look())
            let page = try await browser.get("/players/99?s=\(scene)")
            #expect(page.status == .notFound)
            #expect(page.body.contains("message error"))
            #expect(page.body.contains("no player 99"), "\(page.body)")
            for address in [
                "/nosuch", "/players/-1", "/players/01", "/players/999999999999999999999",
                "/players/1/edit/nosuchfield",
            ] {
                let wrong = try await browser.get(address + "?s=\(scene)")
                #expect(wrong.status == .notFound, "\(address)")
                #expect(wrong.body.contains("message error"), "\(address)")
            }
            // Nothing moved: the scene is where it was.
            let tab = try harness.app(scene: try SceneName(scene))
            #expect(WebHostileRoundTwoTests.place(try tab.look()) == before)
        }
    }

    @Test func twoTabsAreTwoScenes() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let action = try await Self.register(&browser)
            let first = try #require(Self.scene(of: action))
            _ = try await browser.follow(try await browser.get("/library?s=\(first)"))
            let second = try await browser.get("/questions")
            let other = try #require(Self.scene(of: second.location ?? ""))
            #expect(other != first)
            let questions = try await browser.follow(second)
            #expect(questions.body.contains("<h1>Questions</h1>"))
            // The first tab is still on the library.
            let again = try await browser.get("/?s=\(first)")
            #expect(again.location == "/library?s=\(first)")
        }
    }
}
