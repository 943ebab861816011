import ClubhouseServer
import ClubhouseTestSupport
import Foundation
import Hummingbird
import Logging
import Testing

/// Device cookies (issue 29, case 2): six wrong passwords from anyone used to make the owner's
/// right one wait, on every device. A client that signed in before sends the cookie its last
/// sign-in answered; its attempts are counted against that cookie alone.
@Suite("Device cookies", .heavy)
struct DeviceCookieTests {
    static func signIn(_ api: API, _ username: String, _ password: String, cookie: String? = nil) async throws
        -> Reply
    {
        var body: [String: Any] = ["username": username, "password": password]
        if let cookie { body["deviceCookie"] = cookie }
        return try await api.call(.post, "/v1/sessions", body: body)
    }

    /// Guesses at the owner's username make clients without a cookie wait, never the owner's
    /// device; each sign-in with the cookie answers the same cookie, still live.
    @Test func guessesAtTheUsernameNeverMakeTheOwnersDeviceWait() async throws {
        try await TestServer.run(configure: { $0.firstSignInWait = .seconds(60) }) { api, database in
            _ = try await api.signedIn("ana")
            let first = try await Self.signIn(api, "ana", "correct horse")
            let cookie = try #require(first["deviceCookie"] as? String)
            #expect(cookie.utf8.count == 43)
            for _ in 0..<8 { _ = try await Self.signIn(api, "ANA", "wrong password") }
            let stranger = try await Self.signIn(api, "ana", "correct horse")
            #expect(stranger.status == .tooManyRequests)
            let owner = try await Self.signIn(api, "Ana", "correct horse", cookie: cookie)
            #expect(owner.status == .created)
            #expect(owner["deviceCookie"] as? String == cookie)
            // The owner's sign-in leaves the guessers' count alone.
            #expect(try await Self.signIn(api, "ana", "correct horse").status == .tooManyRequests)
            // One cookie per sign-in without one; only their hashes are kept.
            #expect(try await database.values("SELECT count(*)::text FROM device_cookies") == ["2"])
            #expect(
                try await database.values(
                    "SELECT count(*)::text FROM device_cookies WHERE hash = sha256(convert_to('\(cookie)', 'UTF8'))")
                    == ["1"])
        }
    }

    /// Wrong passwords sent with a cookie count against that cookie: past five it waits, while
    /// the username's own count (and another device's cookie) is untouched; the right password
    /// once the wait is over clears it.
    @Test func wrongPasswordsWithACookieCountAgainstItAlone() async throws {
        try await TestServer.run(configure: { $0.firstSignInWait = .seconds(60) }) { api, database in
            _ = try await api.signedIn("ana")
            let phone = try #require(try await Self.signIn(api, "ana", "correct horse")["deviceCookie"] as? String)
            let laptop = try #require(try await Self.signIn(api, "ana", "correct horse")["deviceCookie"] as? String)
            #expect(phone != laptop)
            for _ in 0..<6 {
                #expect(try await Self.signIn(api, "ana", "wrong password", cookie: phone).status == .unauthorized)
            }
            let waiting = try await Self.signIn(api, "ana", "correct horse", cookie: phone)
            #expect(waiting.status == .tooManyRequests)
            #expect(waiting.error?.code == "too_many_attempts")
            // The first wait (60 s here), less what a loaded machine took since it started.
            #expect((31...60).contains(waiting.headers[.retryAfter].flatMap { Int($0) } ?? 0), "\(waiting.headers)")
            #expect(try await Self.signIn(api, "ana", "correct horse", cookie: laptop).status == .created)
            #expect(try await database.values("SELECT count(*)::text FROM sign_in_failures") == ["0"])
            #expect(try await Self.signIn(api, "ana", "correct horse").status == .created)
            try await database.execute("UPDATE device_cookies SET next_attempt_at = now() - interval '1 second'")
            #expect(try await Self.signIn(api, "ana", "correct horse", cookie: phone).status == .created)
            #expect(try await database.values("SELECT max(failures)::text FROM device_cookies") == ["0"])
        }
    }

    /// Guesses sent at once with one cookie count one by one, as without (the account may have
    /// all twenty in the hashing line here).
    @Test func guessesAtOnceWithACookieCountOneByOne() async throws {
        try await TestServer.run(configure: {
            $0.firstSignInWait = .seconds(60)
            $0.hashesWaitingPerClient = 20
        }) { api, _ in
            _ = try await api.signedIn("ana")
            let cookie = try #require(try await Self.signIn(api, "ana", "correct horse")["deviceCookie"] as? String)
            let statuses = try await statusesAtOnce(20) { _ in
                try await Self.signIn(api, "ana", "wrong password", cookie: cookie).status
            }
            #expect(statuses.filter { $0 == .unauthorized }.count == 6)
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 14)
        }
    }

    /// A cookie the account did not issue (another account's, an unknown or an expired one)
    /// signs in as a client without one: counted against the username, answered a new cookie.
    /// One of the wrong shape, or not a string, is a 400 naming the field; register takes none.
    @Test func aCookieTheAccountDidNotIssueIsNoCookie() async throws {
        try await TestServer.run(configure: { $0.firstSignInWait = .seconds(60) }) { api, database in
            _ = try await api.signedIn("ana")
            _ = try await api.signedIn("bob")
            let bobs = try #require(try await Self.signIn(api, "bob", "correct horse")["deviceCookie"] as? String)
            let anas = try #require(try await Self.signIn(api, "ana", "correct horse")["deviceCookie"] as? String)
            try await database.execute(
                "UPDATE device_cookies SET last_used_at = now() - interval '366 days' WHERE user_id = (SELECT id FROM users WHERE username = 'ana')"
            )
            let unknown = String(repeating: "A", count: 43)
            for cookie in [bobs, anas, unknown] {
                let reply = try await Self.signIn(api, "ana", "wrong password", cookie: cookie)
                #expect(reply.status == .unauthorized)
            }
            #expect(try await database.values("SELECT failures::text FROM sign_in_failures") == ["3"])
            let answered = try await Self.signIn(api, "ana", "correct horse", cookie: anas)
            #expect(answered.status == .created)
            let fresh = try #require(answered["deviceCookie"] as? String)
            #expect(fresh != anas)
            // The expired one went with the sign-in that replaced it.
            #expect(
                try await database.values(
                    "SELECT count(*)::text FROM device_cookies WHERE user_id = (SELECT id FROM users WHERE username = 'ana')"
                ) == ["1"])
            for (cookie, field) in [("short", "deviceCookie"), (String(repeating: "+", count: 43), "deviceCookie")] {
                let reply = try await Self.signIn(api, "ana", "correct horse", cookie: cookie)
                #expect(reply.status == .badRequest)
                #expect(reply.error?.code == "invalid_field")
                #expect(reply.error?.field == field)
            }
            let number = try await api.call(
                .post, "/v1/sessions", body: ["username": "ana", "password": "correct horse", "deviceCookie": 7])
            #expect(number.status == .badRequest)
            #expect(number.error?.field == "deviceCookie")
            let register = try await api.call(
                .post, "/v1/accounts", body: ["username": "cy", "password": "correct horse", "deviceCookie": fresh])
            #expect(register.status == .badRequest)
            #expect(register.error?.field == "deviceCookie")
        }
    }

    /// Migration 0005 on a database the previous release (schema 4) made, with an account, its
    /// token and a username whose guessers wait: the wait still holds after the upgrade (the
    /// count kept, now read through the one rule), the token still signs in, and the owner's next
    /// sign-in, once the wait is over, answers a first cookie.
    @Test func upgradesTheReleaseBeforeCookies() async throws {
        let token = String(repeating: "A", count: 43)
        let prepare: @Sendable (TestDatabase) async throws -> Void = { database in
            let logger = Logger(label: "schema-4")
            _ = try await database.withConnection {
                try await Migrator(migrations: Array(ServerSchema.migrations.prefix(4))).migrate($0, logger: logger)
            }
            try await database.execute(
                """
                INSERT INTO users (username, username_key, password_hash) VALUES ('ana', 'ana', 'x');
                INSERT INTO tokens (hash, user_id, expires_at) VALUES (sha256('\(token)'::bytea), 1, now() + interval '1 day');
                INSERT INTO sign_in_failures (username_key, failures, next_attempt_at) VALUES ('ana', 7, now() + interval '1 hour')
                """)
        }
        try await TestServer.run(configure: { $0.firstSignInWait = .seconds(60) }, prepare: prepare) { api, database in
            #expect(try await api.call(.get, "/v1/account", token: token).status == .ok)
            let waiting = try await Self.signIn(api, "ana", "wrong password")
            #expect(waiting.status == .tooManyRequests)
            #expect(try await database.values("SELECT failures::text FROM sign_in_failures") == ["7"])
            try await database.execute("UPDATE sign_in_failures SET next_attempt_at = now() - interval '1 second'")
            // The eighth attempt is counted by the one rule: 60 s doubled twice past the sixth.
            #expect(try await Self.signIn(api, "ana", "wrong password").status == .unauthorized)
            #expect(
                try await database.values(
                    "SELECT failures || ' ' || (next_attempt_at - now() BETWEEN interval '200 seconds' AND interval '240 seconds') FROM sign_in_failures"
                ) == ["8 true"])
            try await database.execute("DELETE FROM sign_in_failures")
            _ = try await api.signedIn("bea")
            let first = try await Self.signIn(api, "bea", "correct horse")
            #expect((first["deviceCookie"] as? String)?.utf8.count == 43)
        }
    }
}
