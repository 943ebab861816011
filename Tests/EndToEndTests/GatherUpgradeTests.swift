import ClubhouseTestSupport
import Foundation
import Testing

/// A database written by release 0.2 (schema 2, navigation version 2, before Football Gather)
/// opened by this binary: migration 0003 adds the gather tables, and nothing the user had is lost.
@Suite(.heavy) struct GatherUpgradeTests {
    /// Made by release 0.2 (commit 5bf1f71): user ana (password `s3cret-pass`) registered and signed
    /// in; players 1 "Zoë O'Brien" (striker) and 2 "Kai"; `page results`, `player show 2`, then
    /// `player add` on a terminal answered name "Lea" and age "31" and got end of input at the
    /// skill. So: tab players, page results, players stack players > players/new with that draft,
    /// and a journal of four changes, the newest players/2 → players/new.
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appending(path: "Fixtures/release-0.2-v2.sqlite")

    static let skill = "Skill (beginner, amateur, professional, empty for none): "
    static let position = "Position (goalkeeper, defender, midfielder, winger, striker, empty for none): "
    static let team = "Favourite team (up to 100 characters, empty for none): "
    static let shirt = "Shirt number (1–99, empty for none): "

    private func copyOfRelease02(in folder: TemporaryFolder) throws -> String {
        let path = folder.path("release-0.2.sqlite")
        try FileManager.default.copyItem(at: Self.fixture, to: URL(fileURLWithPath: path))
        // The fixture is what it says, so that the checks below mean something.
        #expect(try sqlite(path, "PRAGMA user_version") == "2")
        #expect(try sqlite(path, "SELECT version FROM navigation_state") == "2")
        #expect(try sqlite(path, "SELECT count(*) FROM sqlite_master WHERE name LIKE 'gather%'") == "0")
        #expect(
            try sqlite(path, "SELECT identifier FROM grdb_migrations ORDER BY identifier")
                == "0001_initial\n0002_navigation_v2")
        return path
    }

    @Test func theFirstCommandEvenAReadOnlyOneUpgradesAndKeepsWhereTheUserWas() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease02(in: folder)
        let storedBefore = try storedNavigation(path)
        let clubhouse = ClubhouseProcess(database: path)

        let result = try clubhouse.run(["nav", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let state = try jsonObject(result.stdout)
        #expect(state["flow"] as? String == "main")
        #expect(state["user"] as? String == "ana")
        #expect(state["tab"] as? String == "players")
        #expect(state["page"] as? String == "results")
        #expect(state["stack"] as? [String] == ["players", "players/new"])
        #expect(
            stacks(state) == [
                "home": ["home"], "players": ["players", "players/new"], "library": ["library"],
                "questions": ["questions"], "profile": ["profile"],
            ])
        #expect(state["modal"] is NSNull)
        #expect(state["drafts"] as? [String: [String: String]] == ["players/new": ["name": "Lea", "age": "31"]])

        #expect(try sqlite(path, "PRAGMA user_version") == "\(newestSchema)")
        #expect(
            try sqlite(path, "SELECT identifier FROM grdb_migrations ORDER BY identifier")
                == everyMigration
        )
        #expect(
            try sqlite(
                path,
                "SELECT group_concat(name) FROM (SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'gather%' ORDER BY name)"
            )
                == "gather_players,gathers")
        #expect(try sqlite(path, "SELECT count(*) FROM gathers") == "0")
        // The stored state was not rewritten, nor the journal.
        #expect(try storedNavigation(path) == storedBefore)
        #expect(try sqlite(path, "SELECT version FROM navigation_state") == "2")
        #expect(try sqlite(path, "SELECT count(*) FROM navigation_journal") == "4")
        #expect(try sqlite(path, "PRAGMA integrity_check") == "ok")
        #expect(try sqlite(path, "PRAGMA foreign_key_check").isEmpty)

        // A second run sees the same, with no second upgrade and no warning.
        let again = try clubhouse.run(["nav"])
        #expect(again.stderr.isEmpty)
        #expect(again.stdout.contains("user:  ana\ntab:   players\npage:  results\nstack: players > players/new\n"))
        #expect(again.stdout.contains(#"draft players/new: age="31", name="Lea""#))
    }

    @Test func playersTheSignedInUserAndTheJournalSurvive() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease02(in: folder)
        let clubhouse = ClubhouseProcess(database: path)

        #expect(try clubhouse.run(["whoami"]).stdout == "ana\n")

        // The release's journal still works: undo goes back to where ana was before the form.
        let history = try clubhouse.run(["history", "--json"])
        #expect(history.status == 0, "\(history.stderr)")
        let entries = try jsonArray(history.stdout)
        #expect(entries.count == 4)
        #expect(entries.first?["to"] as? String == "players/new")
        let undo = try clubhouse.run(["undo"])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stdout.hasPrefix("Kai (#2)\n"))
        let state = try clubhouse.navigation()
        #expect(state["stack"] as? [String] == ["players", "players/2"])
        #expect(state["page"] as? String == "results")

        let players = try jsonArray(try clubhouse.run(["player", "list", "--json"]).stdout)
        #expect(players.map { $0["id"] as? Int } == [1, 2])
        #expect(players.map { $0["name"] as? String } == ["Zoë O'Brien", "Kai"])
        #expect(players[0]["position"] as? String == "striker")
        #expect(players[1]["position"] is NSNull)

        // The release's password hash still signs in.
        #expect(try clubhouse.run(["logout"]).status == 0)
        let login = try clubhouse.run(["login", "ana", "--password-stdin"], stdin: Fixtures.password + "\n")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout == "Signed in as ana.\n")
    }

    @Test func theHalfFilledFormResumesAndAsksOnlyForTheRest() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease02(in: folder)
        let clubhouse = ClubhouseProcess(database: path)

        let run = try clubhouse.runInTerminal(
            ["player", "add"],
            answering: [
                Turn(Self.skill, "professional"), Turn(Self.position, "goalkeeper"), Turn(Self.team, ""),
                Turn(Self.shirt, ""),
            ])
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(run.result.stdout == "Added player 3: Lea.\n")
        #expect(
            run.result.stderr
                == "note: resuming your draft (name, age already filled; --discard-draft starts afresh)\n"
                + Self.skill + Self.position + Self.team + Self.shirt)
        let player = try jsonObject(try clubhouse.run(["player", "show", "3", "--json"]).stdout)
        #expect(player["name"] as? String == "Lea")
        #expect(player["age"] as? Int == 31)
        #expect(player["skill"] as? String == "professional")
        #expect(player["position"] as? String == "goalkeeper")
        #expect(try sqlite(path, "PRAGMA user_version") == "\(newestSchema)")
    }

    @Test func aGatherIsStartedAndEndedOnTheUpgradedFile() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease02(in: folder)
        let clubhouse = ClubhouseProcess(database: path)

        let new = try clubhouse.run(["gather", "new", "--team-a", "1", "--team-b", "2", "--json"])
        #expect(new.status == 0, "\(new.stderr)")
        #expect(new.stderr.isEmpty)
        let gather = try jsonObject(new.stdout)
        #expect(gather["id"] as? Int == 1)
        #expect((gather["teamA"] as? [[String: Any]])?.first?["position"] as? String == "striker")
        #expect(Countdown(json: new.stdout) == Countdown("stopped", 600, 600))
        #expect(try clubhouse.navigation()["stack"] as? [String] == ["players", "players/confirm", "gathers/1"])

        #expect(try clubhouse.run(["gather", "score", "a"]).status == 0)
        #expect(try clubhouse.run(["gather", "timer", "start"]).status == 0)
        let end = try clubhouse.run(["gather", "end", "--yes", "--json"])
        #expect(end.status == 0, "\(end.stderr)")
        let ended = try jsonObject(end.stdout)
        #expect(ended["winner"] as? String == "Team A")
        #expect(ended["score"] as? [String: Int] == ["a": 1, "b": 0])

        let state = try clubhouse.navigation()
        #expect(state["stack"] as? [String] == ["players"])
        #expect(state["page"] as? String == "results")
        let list = try jsonArray(try clubhouse.run(["gather", "list", "--json"]).stdout)
        #expect(list.map { $0["id"] as? Int } == [1])
        #expect(try sqlite(path, "SELECT id, owner_id, winner, score_a, score_b FROM gathers") == "1|1|Team A|1|0")
        #expect(try sqlite(path, "PRAGMA foreign_key_check").isEmpty)
    }
}
