import ClubhouseTestSupport
import Foundation
import Hummingbird
import Testing

@Suite("Accounts and tokens", .heavy)
struct AccountTests {
    @Test func registerSignInWhoAmIAndSignOut() async throws {
        try await TestServer.run { api, _ in
            let registered = try await api.call(
                .post, "/v1/accounts", body: ["username": " Zoë ", "password": "correct horse"])
            #expect(registered.status == .created)
            #expect(registered["username"] as? String == "Zoë")
            let session = try await api.call(
                .post, "/v1/sessions", body: ["username": "ZOË", "password": "correct horse"])
            #expect(session.status == .created)
            let token = try #require(session["token"] as? String)
            #expect(token.utf8.count == 43)
            #expect(session["expiresAt"] is String)
            let me = try await api.call(.get, "/v1/account", token: token)
            #expect(me.status == .ok)
            #expect(me["username"] as? String == "Zoë")
            #expect(try await api.call(.delete, "/v1/sessions/current", token: token).status == .noContent)
            let after = try await api.call(.get, "/v1/account", token: token)
            #expect(after.status == .unauthorized)
            #expect(after.error?.code == "unauthorized")
        }
    }

    @Test func registrationRulesAreTheCLIs() async throws {
        try await TestServer.run { api, _ in
            let cases: [([String: Any], Int, String, String?)] = [
                (["username": "", "password": "correct horse"], 422, "invalid_input", "username"),
                (["username": "a b", "password": "correct horse"], 422, "invalid_input", "username"),
                (
                    ["username": String(repeating: "a", count: 33), "password": "correct horse"], 422, "invalid_input",
                    "username"
                ),
                (["username": "ana", "password": "short"], 422, "invalid_input", "password"),
                (["username": "ana", "password": "line\nbreak!"], 422, "invalid_input", "password"),
                (["username": "ana"], 400, "invalid_field", "password"),
                (["username": 7, "password": "correct horse"], 400, "invalid_field", "username"),
                (["username": "ana", "password": "correct horse", "admin": true], 400, "invalid_field", "admin"),
            ]
            for (body, status, code, field) in cases {
                let reply = try await api.call(.post, "/v1/accounts", body: body)
                #expect(Int(reply.status.code) == status, "\(body)")
                #expect(reply.error?.code == code, "\(body)")
                #expect(reply.error?.field == field, "\(body)")
            }
            #expect(
                try await api.call(.post, "/v1/accounts", body: ["username": "ana", "password": "correct horse"]).status
                    == .created)
            let taken = try await api.call(
                .post, "/v1/accounts", body: ["username": "ANA", "password": "other password"])
            #expect(taken.status == .conflict)
            #expect(taken.error?.code == "username_taken")
            #expect(taken.error?.message == "the username 'ANA' is taken")
        }
    }

    @Test func wrongPasswordAndUnknownUserAnswerAlike() async throws {
        try await TestServer.run { api, _ in
            _ = try await api.signedIn("ana")
            let wrong = try await api.call(
                .post, "/v1/sessions", body: ["username": "ana", "password": "wrong password"])
            let unknown = try await api.call(
                .post, "/v1/sessions", body: ["username": "nobody", "password": "wrong password"])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.status == unknown.status)
            #expect(wrong.body == unknown.body)
            #expect(wrong.error?.code == "wrong_credentials")
        }
    }

    /// Past five wrong passwords in a row, each attempt for that username waits, whether the
    /// account exists or not, and even the right password is not checked until then.
    @Test func repeatedWrongPasswordsSlowDownOneUsername() async throws {
        // A first wait long enough that a busy machine cannot outlast it between two requests.
        try await TestServer.run(configure: { $0.firstSignInWait = .seconds(60) }) { api, database in
            _ = try await api.signedIn("ana")
            _ = try await api.signedIn("kai")
            for name in ["ana", "ghost"] {
                for _ in 0..<5 {
                    let reply = try await api.call(
                        .post, "/v1/sessions", body: ["username": name, "password": "wrong password"])
                    #expect(reply.status == .unauthorized)
                }
                let sixth = try await api.call(
                    .post, "/v1/sessions", body: ["username": name, "password": "wrong password"])
                #expect(sixth.status == .unauthorized, "the sixth is still checked, and starts the wait")
                let waiting = try await api.call(
                    .post, "/v1/sessions", body: ["username": name, "password": "correct horse"])
                #expect(waiting.status == .tooManyRequests)
                #expect(waiting.error?.code == "too_many_attempts")
                // The first wait (60 s here), less what a loaded machine took since it started.
                #expect((31...60).contains(waiting.headers[.retryAfter].flatMap { Int($0) } ?? 0), "\(waiting.headers)")
            }
            // Another username is not slowed down.
            #expect(
                try await api.call(.post, "/v1/sessions", body: ["username": "kai", "password": "correct horse"]).status
                    == .created)
            // Once the wait is over the right password signs in and the count starts again.
            try await database.execute("UPDATE sign_in_failures SET next_attempt_at = now() - interval '1 second'")
            #expect(
                try await api.call(.post, "/v1/sessions", body: ["username": "ana", "password": "correct horse"]).status
                    == .created)
            #expect(try await database.values("SELECT username_key FROM sign_in_failures") == ["ghost"])
        }
    }

    /// Thirty wrong passwords for one username sent at once: each is counted before any is
    /// checked, so the five allowed and the one that starts the wait are checked (401) and the
    /// other twenty-four wait (429), as they would one after the other. (Counted after checking,
    /// all thirty were checked.) The client may have all thirty in the hashing line here: past
    /// its share they would be refused a place, counting nothing (`SignInFairnessTests`).
    @Test func guessesSentAtOnceCountOneByOne() async throws {
        try await TestServer.run(configure: {
            $0.firstSignInWait = .seconds(60)
            $0.hashesWaitingPerClient = 30
        }) { api, database in
            _ = try await api.signedIn("ana")
            let statuses = try await statusesAtOnce(30) { _ in
                try await api.call(.post, "/v1/sessions", body: ["username": "ANA", "password": "wrong password"])
                    .status
            }
            #expect(statuses.filter { $0 == .unauthorized }.count == 6)
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 24)
            #expect(try await database.values("SELECT failures::text FROM sign_in_failures") == ["6"])
        }
    }

    @Test func expiredRevokedAndMalformedTokensAreRefused() async throws {
        try await TestServer.run { api, database in
            let token = try await api.signedIn("ana")
            let second = try await api.call(
                .post, "/v1/sessions", body: ["username": "ana", "password": "correct horse"])
            let other = try #require(second["token"] as? String)
            #expect(try await api.call(.get, "/v1/players", token: token).status == .ok)
            try await database.execute("UPDATE tokens SET expires_at = now() - interval '1 second'")
            let expired = try await api.call(.get, "/v1/players", token: token)
            #expect(expired.status == .unauthorized)
            #expect(expired.error?.code == "unauthorized")
            #expect(try await api.call(.get, "/v1/players", token: other).status == .unauthorized)
            // Only hashes are stored: no token appears in the table.
            let stored = try await database.values("SELECT encode(hash, 'base64') FROM tokens")
            #expect(stored.count == 2)
            #expect(!stored.contains(token) && !stored.contains(other))
            for header in [
                "", "Bearer", "Bearer abc", "Basic dXNlcjpwYXNz", "Bearer " + String(repeating: "A", count: 43),
            ] {
                let reply = try await api.call(
                    .get, "/v1/players", headers: header.isEmpty ? [:] : [.authorization: header])
                #expect(reply.status == .unauthorized, "\(header)")
            }
            // Signing in again issues a fresh token that works, and drops the expired ones.
            let fresh = try await api.call(
                .post, "/v1/sessions", body: ["username": "ana", "password": "correct horse"])
            #expect(
                try await api.call(.get, "/v1/players", token: try #require(fresh["token"] as? String)).status == .ok)
            #expect(try await database.values("SELECT count(*)::text FROM tokens") == ["1"])
        }
    }

    @Test func signOutRevokesOnlyThatToken() async throws {
        try await TestServer.run { api, _ in
            let first = try await api.signedIn("ana")
            let again = try await api.call(
                .post, "/v1/sessions", body: ["username": "ana", "password": "correct horse"])
            let second = try #require(again["token"] as? String)
            #expect(try await api.call(.delete, "/v1/sessions/current", token: first).status == .noContent)
            #expect(try await api.call(.get, "/v1/account", token: first).status == .unauthorized)
            #expect(try await api.call(.get, "/v1/account", token: second).status == .ok)
            #expect(try await api.call(.delete, "/v1/sessions/current", token: first).status == .unauthorized)
        }
    }
}
