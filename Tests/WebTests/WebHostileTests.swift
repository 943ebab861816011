import Clubhouse
import Foundation
import Hummingbird
import Testing

@testable import ClubhouseWeb

/// What a hostile round found in the web face (each failed on the main before it): a redirect
/// that left the site, a 500 for a bad number, a form whose %-escapes were not UTF-8 stored as
/// U+FFFD, and another site choosing where the device's next sign-in lands.
@Suite struct WebHostileTests {
    typealias Pages = WebPagesTests

    /// `/%2F%2Fevil.com` was the place `//evil.com`, redirected to `///evil.com?s=…`, which a
    /// browser follows to evil.com; a backslash and a line break reached the header too.
    @Test func aRedirectAlwaysStaysOnThisSite() async throws {
        try await WebHarness().run { browser in
            for path in [
                "/%2F%2Fevil.com", "//evil.com/x", "/%5Cevil.com", "/%5C%5Cevil.com", "/a%0d%0aX-Injected:%20yes",
            ] {
                let page = try await browser.get(path)
                #expect(page.status == .seeOther, "\(path)")
                let location = try #require(page.location, "\(path)")
                #expect(location.hasPrefix("/"), "\(path): \(location)")
                #expect(!location.hasPrefix("//") && !location.hasPrefix("/\\"), "\(path): \(location)")
                let unsafe = location.unicodeScalars.filter { [" ", "\r", "\n", "\\"].contains($0) }
                #expect(unsafe.isEmpty, "\(location)")
            }
            #expect(try await browser.get("/%2F%2Fevil.com").location?.hasPrefix("/evil.com?s=web-") == true)
            #expect(try await browser.get("/%5Cevil.com").location?.hasPrefix("/%5Cevil.com?s=web-") == true)
        }
    }

    @Test func aBadCountdownLengthIsSaidOnThePageNotA500() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let scene = try await WebActionsTests.signedIn(&browser, harness: harness)
            let picker = try await browser.follow(try await browser.get("/players/confirm?s=\(scene)"))
            let gather = try await browser.follow(
                try await browser.post(
                    "/players/confirm?s=\(scene)", [("_do", "start-gather"), ("player-1", "a"), ("player-2", "b")],
                    csrf: picker.hidden("_csrf"), screen: "players/confirm"))
            let place = try #require(gather.hidden("_screen"))
            for minutes in ["0", "abc", "", "99999999999999999999"] {
                let posted = try await browser.post(
                    "/\(place)?s=\(scene)", [("_do", "timer:length"), ("minutes", minutes)],
                    csrf: gather.hidden("_csrf"), screen: place)
                // Refused on the page, what was typed kept in the box (it showed the saved length).
                #expect(posted.status == .badRequest, "minutes '\(minutes)'")
                #expect(posted.body.contains("minutes must be a whole number from 1 to"), "minutes '\(minutes)'")
                #expect(
                    posted.body.contains("name=\"minutes\" inputmode=\"numeric\" value=\"\(minutes)\""), "\(minutes)")
            }
        }
    }

    @Test func aFormWhoseEscapesAreNotUTF8IsRefusedAndChangesNothing() async throws {
        let harness = try WebHarness()
        try await harness.run { browser in
            let scene = try await WebActionsTests.signedIn(&browser, harness: harness)
            let form = try await browser.follow(try await browser.get("/players/new?s=\(scene)"))
            let csrf = try #require(form.hidden("_csrf"))
            for name in ["%ff%fe", "%c0%80", "%ed%a0%80", "%f4%90%80%80"] {
                let posted = try await browser.postRaw(
                    "/players/new?s=\(scene)", "_csrf=\(csrf)&_do=submit&_screen=players%2Fnew&name=\(name)")
                #expect(posted.status == .badRequest, "\(name)")
                #expect(posted.body.contains("the form is not UTF-8 text"), "\(name)")
            }
        }
        let app = try harness.app()
        guard case .main(_, _, .playerList(let model)) = try app.open("players").view else {
            Issue.record("expected the players list")
            return
        }
        #expect(try app.readPlayers(model) { try $0.count() } == 2)
    }

    /// A GET without the visitor cookie (another site's link or image: SameSite=Strict keeps
    /// the cookie from it) no longer keeps its screen for the device's next sign-in.
    @Test func anotherSitesLinkDoesNotChooseWhereTheNextSignInLands() async throws {
        let harness = try WebHarness()
        let app = try harness.app()
        try app.register(username: "ana", password: "correct horse", signingIn: false)
        try await harness.run { browser in
            let page = try await browser.get("/players/new?s=web-zzzzzzzzzz")
            #expect(page.location == "/login?s=web-zzzzzzzzzz")
            let login = try await browser.follow(page)
            #expect(login.body.contains("a link from elsewhere is not kept"))
        }
        let signedIn = try ClubhouseApp(path: harness.path, hashingCost: .testing)
        let outcome = try signedIn.signIn(username: "ana", password: "correct horse")
        guard case .main(_, let state, _) = outcome.view else {
            Issue.record("not signed in: \(outcome.view)")
            return
        }
        #expect(state.currentPlace != "players/new")
        // (A browser that has been here keeps it: WebPagesTests' first test.)
    }
}

/// Change streams are bounded (3 000 held open took 5 904 descriptors, 2 889 threads and 1.2 GB,
/// and a page 21 s), and a place comes back whatever ends its stream.
@Suite struct StreamPlacesTests {
    @Test func placesAreBoundedAndComeBackWhenTheirStreamGoes() {
        let places = StreamPlaces()
        var held = (0..<StreamPlaces.limit).compactMap { _ in places.take() }
        #expect(held.count == StreamPlaces.limit)
        #expect(places.take() == nil)
        held.removeLast()
        #expect(places.count == StreamPlaces.limit - 1)
        let again = places.take()
        #expect(again != nil)
        held.removeAll()
        #expect(places.count == 1)
        withExtendedLifetime(again) {}
    }
}
