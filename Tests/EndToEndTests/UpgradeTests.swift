import ClubhouseTestSupport
import Foundation
import Testing

/// A database written by release 0.1 (schema 1, navigation version 1) opened by this binary:
/// upgraded in place, nothing the user had is lost.
@Suite(.heavy) struct UpgradeTests {
    /// Made by release 0.1: user ana (password `s3cret-pass`) signed in; players 1 "Zoë O'Brien" and
    /// 2 "Kai"; tab home, page results, players stack players > players/1.
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appending(path: "Fixtures/release-0.1-v1.sqlite")

    private func copyOfRelease01(in folder: TemporaryFolder) throws -> String {
        let path = folder.path("release-0.1.sqlite")
        try FileManager.default.copyItem(at: Self.fixture, to: URL(fileURLWithPath: path))
        // The fixture is what it says, so that the checks below mean something.
        #expect(try sqlite(path, "PRAGMA user_version") == "1")
        #expect(try sqlite(path, "SELECT version FROM navigation_state") == "1")
        return path
    }

    @Test func theFirstCommandEvenAReadOnlyOneUpgradesAndKeepsWhereTheUserWas() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease01(in: folder)
        let clubhouse = ClubhouseProcess(database: path)

        let result = try clubhouse.run(["nav", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let state = try jsonObject(result.stdout)
        #expect(state["flow"] as? String == "main")
        #expect(state["user"] as? String == "ana")
        #expect(state["tab"] as? String == "home")
        #expect(state["page"] as? String == "results")
        #expect(state["stack"] as? [String] == ["home"])
        #expect(
            stacks(state) == [
                "home": ["home"], "players": ["players", "players/1"], "library": ["library"],
                "questions": ["questions"], "profile": ["profile"],
            ])
        #expect(state["modal"] is NSNull)
        #expect(state["drafts"] as? [String: [String: String]] == [:])

        #expect(try sqlite(path, "PRAGMA user_version") == "\(newestSchema)")
        #expect(try sqlite(path, "SELECT version FROM navigation_state") == "2")
        #expect(try sqlite(path, "SELECT selected_tab, selected_page FROM navigation_state") == "home|results")
        #expect(
            try sqlite(path, "SELECT identifier FROM grdb_migrations ORDER BY identifier")
                == everyMigration
        )

        // Human output agrees, and a second run sees the same (no second upgrade, no warning).
        let human = try clubhouse.run(["nav"])
        #expect(human.stderr.isEmpty)
        #expect(human.stdout.contains("user:  ana\ntab:   home\npage:  results\nstack: home\n"))
        #expect(human.stdout.contains("\ntabs:\n"))
        #expect(human.stdout.contains("players    players > players/1\n"))
        #expect(try jsonObject(try clubhouse.run(["nav", "--json"]).stdout)["page"] as? String == "results")
    }

    @Test func playersAndTheSignedInUserSurviveTheUpgrade() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease01(in: folder)
        let clubhouse = ClubhouseProcess(database: path)

        #expect(try clubhouse.run(["whoami"]).stdout == "ana\n")
        #expect(try clubhouse.run(["history"]).stdout == "No navigation changes yet.\n")

        // The upgraded players stack is a real one: the tab shows its top, back walks it.
        let tab = try clubhouse.run(["tab", "players"])
        #expect(tab.status == 0, "\(tab.stderr)")
        #expect(tab.stdout.hasPrefix("Zoë O'Brien (#1)\n"))
        let back = try clubhouse.run(["back"])
        #expect(back.stdout.contains("Zoë O'Brien") && back.stdout.contains("Kai"))

        let list = try clubhouse.run(["player", "list", "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        let players = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(players.map { $0["id"] as? Int } == [1, 2])
        #expect(players.map { $0["name"] as? String } == ["Zoë O'Brien", "Kai"])
        #expect(players[0]["age"] as? Int == 27)
        #expect(players[0]["skill"] as? String == "amateur")
        #expect(players[0]["position"] as? String == "striker")
        #expect(players[0]["favouriteTeam"] as? String == "Boca Juniors")
        #expect(players[1]["age"] is NSNull)

        // The release's password hash still signs in.
        #expect(try clubhouse.run(["logout"]).status == 0)
        let login = try clubhouse.run(["login", "ana", "--password-stdin"], stdin: Fixtures.password + "\n")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout == "Signed in as ana.\n")
    }

    @Test func aPlayerDeletedBeforeTheUpgradeIsCutNotTheWholeState() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease01(in: folder)
        try sqlite(path, "DELETE FROM players WHERE id = 1")
        let result = try ClubhouseProcess(database: path).run(["nav", "--json"])
        #expect(result.status == 0)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("warning: "))
        #expect(result.stderr.contains("cut players/1 from the players tab; you are on home"))
        let state = try jsonObject(result.stdout)
        #expect(state["tab"] as? String == "home")
        #expect(state["page"] as? String == "results")
        #expect(stacks(state)?["players"] == ["players"])
        #expect(try sqlite(path, "PRAGMA user_version") == "\(newestSchema)")
    }
}
