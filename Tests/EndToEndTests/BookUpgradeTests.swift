import ClubhouseTestSupport
import Foundation
import Testing

/// A database written by release 0.3 (schema 4, before BookKitty) opened by this binary:
/// migration 0005 adds the book and question tables, and nothing the users had is lost.
@Suite(.heavy) struct BookUpgradeTests {
    /// Made by release 0.3 (commit a65a1dd): ana (password `s3cret-pass`) and bob (`b0b-password`)
    /// registered; bob added player 1 "Bo" and signed out; ana signed in, added players 2 "Zoë
    /// O'Brien" (27, striker), 3 "Kai" (amateur) and 4 "Lea" (31), played gather 1 (Zoë against
    /// Kai and Lea, 1–2, ended), then `page results`, `open players/3`, `tab profile`,
    /// `gather list` and `open gathers/1`: tab profile, page results, profile > gathers > gathers/1,
    /// players > players/3, and a journal of eight changes.
    static let fixture = "release-0.3-v4.sqlite"
    static let bobPassword = "b0b-password"

    private func copyOfRelease03(in folder: TemporaryFolder) throws -> String {
        let path = try Fixtures.copy(Self.fixture, in: folder, name: "release-0.3.sqlite")
        // The fixture is what it says, so that the checks below mean something.
        #expect(try sqlite(path, "PRAGMA user_version") == "4")
        #expect(try sqlite(path, "SELECT count(*) FROM sqlite_master WHERE name LIKE '%book%'") == "0")
        #expect(
            try sqlite(path, "SELECT identifier FROM grdb_migrations ORDER BY identifier")
                == "0001_initial\n0002_navigation_v2\n0003_football_gather\n0004_username_keys")
        return path
    }

    @Test func theFirstCommandUpgradesKeepingWhereTheUserWasAndCheckIsClean() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease03(in: folder)
        let storedBefore = try storedNavigation(path)
        let clubhouse = ClubhouseProcess(database: path)

        let state = try clubhouse.navigation()
        #expect(state["user"] as? String == "ana")
        #expect(state["tab"] as? String == "profile")
        #expect(state["page"] as? String == "results")
        #expect(state["stack"] as? [String] == ["profile", "gathers", "gathers/1"])
        #expect(
            stacks(state) == [
                "home": ["home"], "players": ["players", "players/3"], "library": ["library"],
                "questions": ["questions"], "profile": ["profile", "gathers", "gathers/1"],
            ])
        #expect(state["modal"] is NSNull)

        #expect(try sqlite(path, "PRAGMA user_version") == "\(newestSchema)")
        #expect(
            try sqlite(path, "SELECT identifier FROM grdb_migrations ORDER BY identifier")
                == everyMigration
        )
        #expect(
            try sqlite(path, "SELECT (SELECT count(*) FROM books) + (SELECT count(*) FROM questions)") == "0")
        #expect(try storedNavigation(path) == storedBefore)
        #expect(try sqlite(path, "SELECT count(*) FROM navigation_journal") == "8")

        let check = try clubhouse.run(["check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout == "ok: \(path) passed every check (schema \(newestSchema))\n")
        #expect(check.stderr.isEmpty)
    }

    @Test func usersPlayersAndGathersSurvive() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease03(in: folder)
        let clubhouse = ClubhouseProcess(database: path)

        #expect(try clubhouse.run(["whoami"]).stdout == "ana\n")
        let players = try jsonArray(try clubhouse.run(["player", "list", "--json"]).stdout)
        #expect(players.map { $0["id"] as? Int } == [2, 3, 4])
        #expect(players.map { $0["name"] as? String } == ["Zoë O'Brien", "Kai", "Lea"])
        #expect(players[0]["position"] as? String == "striker")
        #expect(players[1]["skill"] as? String == "amateur")
        #expect(players[2]["age"] as? Int == 31)

        let gathers = try jsonArray(try clubhouse.run(["gather", "list", "--json"]).stdout)
        #expect(gathers.map { $0["id"] as? Int } == [1])
        #expect(gathers.first?["winner"] as? String == "Team B")
        #expect(gathers.first?["score"] as? [String: Int] == ["a": 1, "b": 2])

        // The release's password hashes still sign in, each user to their own players.
        #expect(try clubhouse.run(["logout"]).stdout == "Signed out ana.\n")
        let bob = try clubhouse.run(["login", "bob", "--password-stdin"], stdin: Self.bobPassword + "\n")
        #expect(bob.stdout == "Signed in as bob.\n", "\(bob.stderr)")
        let bobsPlayers = try jsonArray(try clubhouse.run(["player", "list", "--json"]).stdout)
        #expect(bobsPlayers.map { $0["name"] as? String } == ["Bo"])
        #expect(try clubhouse.run(["logout"]).status == 0)
        let ana = try clubhouse.run(["login", "ana", "--password-stdin"], stdin: Fixtures.password + "\n")
        #expect(ana.stdout == "Signed in as ana.\n", "\(ana.stderr)")
        #expect(try sqlite(path, "PRAGMA foreign_key_check").isEmpty)
    }

    @Test func navigationAndItsHistoryCarryOn() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease03(in: folder)
        let clubhouse = ClubhouseProcess(database: path)

        let history = try jsonArray(try clubhouse.run(["history", "--json"]).stdout)
        #expect(history.count == 8)
        #expect(history.first?["to"] as? String == "gathers/1")

        #expect(try clubhouse.run(["back"]).status == 0)
        #expect(try clubhouse.navigation()["stack"] as? [String] == ["profile", "gathers"])
        #expect(try clubhouse.run(["tab", "players"]).status == 0)
        var state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "players")
        #expect(state["stack"] as? [String] == ["players", "players/3"])
        #expect(try clubhouse.run(["undo"]).status == 0)
        state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "profile")
        #expect(state["stack"] as? [String] == ["profile", "gathers"])
        #expect(try clubhouse.run(["page", "squad"]).status == 0)
        #expect(try clubhouse.navigation()["page"] as? String == "squad")
        #expect(try clubhouse.run(["check"]).status == 0)
    }
}
