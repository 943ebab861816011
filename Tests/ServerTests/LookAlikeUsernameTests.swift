import ClubhouseDomain
import ClubhouseSecurity
import ClubhouseServer
import ClubhouseServerSchema
import ClubhouseTestSupport
import Foundation
import Logging
import Testing

/// Look-alike usernames on the server (issue 42, item 10): a name of two scripts is a 422 naming
/// `username`, one that looks like a registered name a 409 `username_taken` naming it, never a
/// 5xx and never an account; a database of the release before, which holds such pairs, keeps every
/// account signing in, and its oldest of each pair holds the skeleton.
@Suite("Look-alike usernames", .heavy)
struct LookAlikeUsernameTests {
    @Test func aLookAlikeOrAMixOfScriptsIsRefusedNamingTheField() async throws {
        try await TestServer.run { api, database in
            for name in ["ana", "pope", "user1"] {
                let created = try await api.call(
                    .post, "/v1/accounts", body: ["username": name, "password": "correct horse"])
                #expect(created.status == .created, "\(name): \(created.text)")
            }
            let refusals: [(String, Int, String, String)] = [
                (
                    "\u{0430}na", 422, "invalid_input",
                    "username mixes scripts (Cyrillic and Latin): write it in one, so that it cannot pass for another name"
                ),
                (
                    "p\u{03BF}pe", 422, "invalid_input",
                    "username mixes scripts (Latin and Greek): write it in one, so that it cannot pass for another name"
                ),
                (
                    "user\u{0661}", 422, "invalid_input",
                    "username mixes scripts (Latin and Arabic): write it in one, so that it cannot pass for another name"
                ),
                (
                    "\u{0440}\u{043E}\u{0440}\u{0435}", 409, "username_taken",
                    "the username 'роре' looks like one that is taken (letters that look the same, or accents apart); choose another"
                ),
                (
                    "a\u{1E47}a", 409, "username_taken",
                    "the username 'aṇa' looks like one that is taken (letters that look the same, or accents apart); choose another"
                ),
                (
                    "USERl", 409, "username_taken",
                    "the username 'USERl' looks like one that is taken (letters that look the same, or accents apart); choose another"
                ),
            ]
            for (name, status, code, message) in refusals {
                let reply = try await api.call(
                    .post, "/v1/accounts", body: ["username": name, "password": "correct horse"])
                #expect(Int(reply.status.code) == status, "\(name): \(reply.text)")
                #expect(reply.error?.code == code, "\(name)")
                #expect(reply.error?.field == "username", "\(name)")
                #expect(reply.error?.message == message, "\(name)")
            }
            #expect(try await database.values("SELECT username FROM users ORDER BY id") == ["ana", "pope", "user1"])
        }
    }

    /// Two registrations of look-alike names at once: one account, the other refused by the
    /// unique skeleton (the insert's, since neither saw the other first), a 409 and not a 500.
    @Test func twoLookAlikesAtOnceMakeOneAccount() async throws {
        try await TestServer.run { api, database in
            async let first = api.call(.post, "/v1/accounts", body: ["username": "pope", "password": "correct horse"])
            async let second = api.call(
                .post, "/v1/accounts",
                body: ["username": "\u{0440}\u{043E}\u{0440}\u{0435}", "password": "correct horse"])
            let statuses = try await [first.status.code, second.status.code].sorted()
            #expect(statuses == [201, 409])
            #expect(try await database.values("SELECT count(*)::text FROM users") == ["1"])
        }
    }

    /// The release before (schema 6) with four accounts, each pair a look-alike: ana, аna, pope,
    /// роре, in that order, registered as it registered them (key, no skeleton).
    static func releaseBefore(_ database: TestDatabase) async throws {
        _ = try await database.withConnection {
            try await Migrator(migrations: Array(ServerSchema.migrations.prefix(6))).migrate(
                $0, logger: Logger(label: "schema-6"))
        }
        let hash = try ScryptPasswordHasher(cost: .testing).hash(Password("correct horse"))
        for name in ["ana", "\u{0430}na", "pope", "\u{0440}\u{043E}\u{0440}\u{0435}"] {
            try await database.execute(
                "INSERT INTO users (username, username_key, password_hash) VALUES ('\(name)', '\(Username.key(for: name))', '\(hash)')"
            )
        }
    }

    @Test func accountsThatAlreadyLookAlikeAllKeepSigningIn() async throws {
        try await TestServer.run(prepare: Self.releaseBefore) { api, database in
            #expect(
                try await database.values(
                    "SELECT id || ' ' || coalesce(username_skeleton, '-') FROM users ORDER BY id")
                    == ["1 ana", "2 -", "3 pope", "4 -"])
            for name in ["ana", "\u{0430}na", "pope", "\u{0440}\u{043E}\u{0440}\u{0435}"] {
                let session = try await api.call(
                    .post, "/v1/sessions", body: ["username": name, "password": "correct horse"])
                #expect(session.status == .created, "\(name): \(session.text)")
                #expect((session["user"] as? [String: Any])?["username"] as? String == name)
            }
            // No new name like theirs; another name, as ever.
            let greek = try await api.call(
                .post, "/v1/accounts", body: ["username": "\u{0391}\u{039D}\u{0391}", "password": "correct horse"])
            #expect(greek.status == .conflict)
            #expect(greek.error?.field == "username")
            let other = try await api.call(
                .post, "/v1/accounts", body: ["username": "anna", "password": "correct horse"])
            #expect(other.status == .created)
            #expect(try await database.values("SELECT username_skeleton FROM users WHERE username = 'anna'") == ["anna"])
        }
    }
}
