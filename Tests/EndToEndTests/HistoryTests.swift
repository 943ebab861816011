import ClubhouseTestSupport
import Foundation
import Testing

/// `clubhouse history`, `undo` and `reopen`: the per-user journal of navigation changes.
@Suite(.heavy) struct HistoryTests {
    static let entryKeys: Set<String> = ["at", "closed", "from", "kind", "to"]

    /// `YYYY-MM-DD HH:MM:SSZ  FROM → TO` with an optional `  (undo)` or `  (reopen)`.
    private static func humanLine() throws -> Regex<AnyRegexOutput> {
        try Regex(#"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}Z  (\S+) → (\S+)(  \((undo|reopen)\))?$"#)
    }

    /// The human history as `FROM → TO`, plus ` (undo)` or ` (reopen)`, newest first; every line
    /// must have the documented shape.
    private func changes(_ clubhouse: ClubhouseProcess, limit: Int? = nil) throws -> [String] {
        let result = try clubhouse.run(["history"] + (limit.map { ["--limit", String($0)] } ?? []))
        #expect(result.status == 0, "\(result.stderr)")
        let pattern = try Self.humanLine()
        return try result.stdout.split(separator: "\n").map { line in
            let match = try #require(try pattern.wholeMatch(in: String(line)), "\(line)")
            let from = match.output[1].substring ?? ""
            let to = match.output[2].substring ?? ""
            let kind = match.output[4].substring.map { " (\($0))" } ?? ""
            return "\(from) → \(to)\(kind)"
        }
    }

    private func entries(_ clubhouse: ClubhouseProcess, limit: Int? = nil) throws -> [[String: Any]] {
        let result = try clubhouse.run(["history", "--json"] + (limit.map { ["--limit", String($0)] } ?? []))
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test func historyListsEveryChangeNewestFirst() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        #expect(try clubhouse.run(["history"]).stdout == "No navigation changes yet.\n")
        #expect(try clubhouse.run(["history", "--json"]).stdout == "[]\n")

        try clubhouse.addPlayers("Zoë")  // home → players
        #expect(try clubhouse.run(["player", "show", "1"]).status == 0)
        #expect(try clubhouse.run(["tab", "library"]).status == 0)
        #expect(try clubhouse.run(["page", "results"]).status == 0)
        #expect(try clubhouse.run(["tab", "players"]).status == 0)
        #expect(try clubhouse.run(["back"]).status == 0)

        #expect(
            try changes(clubhouse) == [
                "players/1 → players", "home/results → players/1", "library → home/results", "players/1 → library",
                "players → players/1", "home/squad → players",
            ])
        #expect(try changes(clubhouse, limit: 2) == ["players/1 → players", "home/results → players/1"])

        let json = try entries(clubhouse)
        #expect(json.count == 6)
        #expect(json.allSatisfy { Set($0.keys) == Self.entryKeys })
        #expect(json.allSatisfy { $0["kind"] as? String == "navigate" })
        #expect(
            json.map { $0["from"] as? String } == [
                "players/1", "home/results", "library", "players/1", "players", "home/squad",
            ])
        #expect(
            json.map { $0["to"] as? String } == [
                "players", "players/1", "home/results", "library", "players/1", "players",
            ])
        // Only the back closed a screen.
        #expect(json[0]["closed"] as? String == "players/1")
        #expect(json.dropFirst().allSatisfy { $0["closed"] is NSNull })
        let times = json.compactMap { $0["at"] as? String }
        #expect(times.count == 6)
        #expect(
            times.allSatisfy {
                (try? Regex(#"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$"#).wholeMatch(in: $0)) != nil
            })
        #expect(times == times.sorted(by: >))
        #expect(try entries(clubhouse, limit: 1).count == 1)
    }

    @Test(arguments: ["0", "501", "1000", "-1"])
    func aLimitOutsideOneToFiveHundredIsRefused(_ limit: String) throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        let result = try clubhouse.run(["history", "--limit", limit])
        #expect(result.status == 1)
        #expect(result.stderr == "error: the limit must be between 1 and 500\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func theLimitsThemselvesAreAccepted() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        #expect(try clubhouse.run(["tab", "library"]).status == 0)
        #expect(try clubhouse.run(["tab", "profile"]).status == 0)
        #expect(try changes(clubhouse, limit: 1) == ["library → profile"])
        #expect(try changes(clubhouse, limit: 500) == ["library → profile", "home/squad → library"])
    }

    /// A command that changes nothing journals nothing and leaves the file as it was.
    @Test(arguments: [
        ["back"], ["tab", "home"], ["page", "squad"], ["open", "home"], ["open", "home/squad"], ["nav"],
        ["history"], ["tab"], ["page"],
    ])
    func aCommandThatChangesNothingWritesNothing(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try clubhouse.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try clubhouse.run(["history"]).stdout == "No navigation changes yet.\n")
    }

    /// The home tab's page is what changes there, so the journal spells it as the link does.
    @Test func aPageChangeIsJournaledWithItsPage() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        #expect(try clubhouse.run(["page", "results"]).status == 0)
        #expect(try clubhouse.run(["page", "reading"]).status == 0)
        #expect(try changes(clubhouse) == ["home/results → home/reading", "home/squad → home/results"])
        #expect(try clubhouse.run(["undo"]).status == 0)
        #expect(try clubhouse.navigation()["page"] as? String == "results")
    }

    @Test func backAtARootAndTheSelectedTabAddNoEntry() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        #expect(try clubhouse.run(["tab", "players"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(try clubhouse.run(["back"]).status == 0)
        #expect(try clubhouse.run(["tab", "players"]).status == 0)
        #expect(try clubhouse.run(["open", "players"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try changes(clubhouse) == ["home/squad → players"])
    }

    @Test func undoStepsBackThroughNavigationButNeverData() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        try clubhouse.addPlayers("Zoë", "Kai")  // home → players (the second add changes nothing)
        #expect(try clubhouse.run(["player", "show", "1"]).status == 0)
        #expect(try clubhouse.run(["tab", "library"]).status == 0)
        #expect(try clubhouse.run(["page", "results"]).status == 0)

        let first = try clubhouse.run(["undo", "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        var state = try jsonObject(first.stdout)
        #expect(state["tab"] as? String == "library")
        #expect(state["page"] as? String == "squad")
        #expect(try clubhouse.navigation()["tab"] as? String == "library")

        #expect(try clubhouse.run(["undo"]).stdout.hasPrefix("Zoë (#1)\n"))
        state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "players")
        #expect(state["stack"] as? [String] == ["players", "players/1"])

        #expect(try clubhouse.run(["undo"]).status == 0)
        #expect(try clubhouse.navigation()["stack"] as? [String] == ["players"])

        #expect(try clubhouse.run(["undo"]).stdout.hasPrefix("Home — [squad] results reading\nSquad: "))
        state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "home")
        #expect(stacks(state)?["players"] == ["players"])

        // The players added on the way are still there.
        #expect(try sqlite(folder.path("clubhouse.sqlite"), "SELECT name FROM players ORDER BY id") == "Zoë\nKai")

        let before = try Data(contentsOf: URL(fileURLWithPath: folder.path("clubhouse.sqlite")))
        let nothing = try clubhouse.run(["undo"])
        #expect(nothing.status == 1)
        #expect(nothing.stderr == "error: there is no navigation change to undo\n")
        #expect(nothing.stdout.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("clubhouse.sqlite"))) == before)

        // Each undo is itself in the history, newest first.
        let undone = try changes(clubhouse, limit: 4)
        #expect(
            undone == [
                "players → home/squad (undo)", "players/1 → players (undo)", "library → players/1 (undo)",
                "home/results → library (undo)",
            ])
    }

    @Test func undoRestoresADeepLinksTabStack() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        try clubhouse.addPlayers("Zoë")
        #expect(try clubhouse.run(["open", "players/1"]).status == 0)
        #expect(try clubhouse.run(["tab", "questions"]).status == 0)
        #expect(try clubhouse.run(["open", "players/1/edit/age"]).status == 0)
        #expect(try clubhouse.run(["undo"]).status == 0)
        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "questions")
        #expect(stacks(state)?["players"] == ["players", "players/1"])
        #expect(state["drafts"] as? [String: [String: String]] == [:])
    }

    @Test func undoLeavesOutAScreenWhoseRecordHasGone() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë", "Kai")
        #expect(try clubhouse.run(["player", "show", "2"]).status == 0)
        #expect(try clubhouse.run(["tab", "library"]).status == 0)
        try sqlite(path, "DELETE FROM players WHERE id = 2")

        let result = try clubhouse.run(["undo"])
        #expect(result.status == 0, "\(result.stderr)")
        // One stale screen, one warning, saying where the undo landed.
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("warning: "))
        #expect(result.stderr.hasSuffix("cut players/2 from the players tab; you are on players\n"))
        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "players")
        #expect(state["stack"] as? [String] == ["players"])
    }

    @Test func reopenBringsBackTheScreenClosedLast() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë", "Kai")
        #expect(try clubhouse.run(["player", "show", "1"]).status == 0)
        #expect(try clubhouse.run(["back"]).status == 0)
        #expect(try clubhouse.navigation()["stack"] as? [String] == ["players"])

        let reopened = try clubhouse.run(["reopen"])
        #expect(reopened.status == 0, "\(reopened.stderr)")
        #expect(reopened.stdout.hasPrefix("Zoë (#1)\n"))
        #expect(try clubhouse.navigation()["stack"] as? [String] == ["players", "players/1"])
        #expect(try changes(clubhouse, limit: 1) == ["players → players/1 (reopen)"])
        let entry = try #require(try entries(clubhouse, limit: 1).first)
        #expect(entry["kind"] as? String == "reopen")

        // It was reopened once; nothing else was closed.
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let nothing = try clubhouse.run(["reopen"])
        #expect(nothing.status == 1)
        #expect(nothing.stderr == "error: there is no closed screen to reopen\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func reopenSkipsAClosedScreenWhoseRecordHasGone() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë", "Kai")
        for arguments in [["player", "show", "1"], ["back"], ["player", "show", "2"], ["back"]] {
            #expect(try clubhouse.run(arguments).status == 0)
        }
        try sqlite(path, "DELETE FROM players WHERE id = 2")
        let result = try clubhouse.run(["reopen", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try jsonObject(result.stdout)["stack"] as? [String] == ["players", "players/1"])
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("warning: players/2 cannot be reopened"))
    }

    @Test func nothingToReopenOnAFreshJournal() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        let result = try clubhouse.run(["reopen"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: there is no closed screen to reopen\n")
        let undo = try clubhouse.run(["undo"])
        #expect(undo.status == 1)
        #expect(undo.stderr == "error: there is no navigation change to undo\n")
    }

    @Test func signingOutForgetsTheJournal() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        #expect(try clubhouse.run(["tab", "library"]).status == 0)
        #expect(try sqlite(path, "SELECT count(*) FROM navigation_journal") == "1")
        #expect(try clubhouse.run(["logout"]).status == 0)
        #expect(try sqlite(path, "SELECT count(*) FROM navigation_journal") == "0")
        #expect(
            try clubhouse.run(["history"]).stderr
                == "error: not signed in; sign in with: clubhouse login USERNAME (or create an account with: clubhouse register USERNAME)\n"
        )
    }
}
