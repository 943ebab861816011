import Foundation
import TestSupport
import Testing

/// Restoring a stored state screen by screen: a stale screen is cut with everything above it, one
/// warning per cut, and the rest stays. Only an undecodable row starts afresh.
@Suite struct RestoreCutTests {
    @Test func aDeletedPlayerIsCutWithEverythingAboveIt() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë", "Kai")
        #expect(try clubhouse.run(["page", "reading"]).status == 0)
        #expect(try clubhouse.run(["open", "players/2/edit/age"]).status == 0)
        try sqlite(path, "DELETE FROM players WHERE id = 2")

        let result = try clubhouse.run(["nav", "--json"])
        #expect(result.status == 0)
        #expect(result.stderrLines.count == 1)
        let warning = try #require(result.stderrLines.first)
        #expect(warning.hasPrefix("warning: "))
        #expect(warning.hasSuffix("cut players/2 > players/2/edit/age from the players tab; you are on players"))
        let state = try jsonObject(result.stdout)
        #expect(state["tab"] as? String == "players")
        #expect(state["page"] as? String == "reading")
        #expect(state["stack"] as? [String] == ["players"])
        #expect(state["drafts"] as? [String: [String: String]] == [:])
        #expect(try clubhouse.run(["nav"]).stdout.contains("\nstack: players\n"))
    }

    @Test func theSelectedTabAndPageStayWhenAnotherTabIsCut() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë", "Kai")
        #expect(try clubhouse.run(["player", "show", "2"]).status == 0)
        #expect(try clubhouse.run(["page", "results"]).status == 0)
        #expect(try clubhouse.run(["tab", "library"]).status == 0)
        try sqlite(path, "DELETE FROM players WHERE id = 2")

        let result = try clubhouse.run(["nav", "--json"])
        #expect(result.status == 0)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("warning: "))
        #expect(result.stderr.hasSuffix("cut players/2 from the players tab; you are on library\n"))
        let state = try jsonObject(result.stdout)
        #expect(state["tab"] as? String == "library")
        #expect(state["page"] as? String == "results")
        #expect(
            stacks(state) == [
                "home": ["home"], "players": ["players"], "library": ["library"], "questions": ["questions"],
                "profile": ["profile"],
            ])
    }

    @Test func eachCutIsOneWarningAndAValidStackStays() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë", "Kai")
        #expect(try clubhouse.run(["player", "show", "1"]).status == 0)  // valid, and the selected tab
        // Stale screens in two other tabs: a screen its tab cannot lead to, and an unknown path.
        try sqlite(
            path,
            #"""
            UPDATE navigation_state SET stacks = json_set(stacks,
              '$.questions', json('[{"path":"questions"},{"path":"nonsense/1"}]'),
              '$.profile', json('[{"path":"profile"},{"path":"players/2"}]'))
            """#)

        let result = try clubhouse.run(["nav", "--json"])
        #expect(result.status == 0)
        #expect(result.stderrLines.count == 2, "\(result.stderr)")
        #expect(result.stderrLines.allSatisfy { $0.hasPrefix("warning: ") && $0.hasSuffix("; you are on players/1") })
        #expect(result.stderrLines.contains { $0.contains("cut nonsense/1 from the questions tab") })
        #expect(result.stderrLines.contains { $0.contains("cut players/2 from the profile tab") })
        let state = try jsonObject(result.stdout)
        #expect(state["tab"] as? String == "players")
        #expect(state["stack"] as? [String] == ["players", "players/1"])
        #expect(stacks(state)?["questions"] == ["questions"])
        #expect(stacks(state)?["profile"] == ["profile"])
    }

    @Test func readingShowsTheCutAndTheNextWriteSavesIt() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë", "Kai")
        #expect(try clubhouse.run(["player", "show", "2"]).status == 0)
        try sqlite(path, "DELETE FROM players WHERE id = 2")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        // Read-only commands warn every time and write nothing.
        for arguments in [["nav"], ["whoami"], ["history"]] {
            let read = try clubhouse.run(arguments)
            #expect(read.status == 0, "\(read.stderr)")
            #expect(read.stderrLines.count == 1, "\(arguments): \(read.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try sqlite(path, "SELECT stacks FROM navigation_state").contains("players/2"))

        let write = try clubhouse.run(["tab", "library"])
        #expect(write.status == 0)
        #expect(write.stderrLines.count == 1)
        #expect(!(try sqlite(path, "SELECT stacks FROM navigation_state")).contains("players/2"))
        let after = try clubhouse.run(["nav", "--json"])
        #expect(after.stderr.isEmpty)
        #expect(stacks(try jsonObject(after.stdout))?["players"] == ["players"])
    }

    @Test func anUndecodableRowStartsAtHomeWithOneWarning() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë")
        #expect(try clubhouse.run(["player", "show", "1"]).status == 0)
        #expect(try clubhouse.run(["page", "results"]).status == 0)
        #expect(try clubhouse.run(["tab", "profile"]).status == 0)
        try sqlite(path, "UPDATE navigation_state SET stacks = 'garbage'")

        let result = try clubhouse.run(["nav", "--json"])
        #expect(result.status == 0)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("warning: "))
        #expect(result.stderr.contains("starting at home"))
        let state = try jsonObject(result.stdout)
        #expect(state["tab"] as? String == "home")
        #expect(state["page"] as? String == "squad")
        #expect(state["stack"] as? [String] == ["home"])
        #expect(stacks(state)?["players"] == ["players"])
        // The data is untouched, and the player's screen opens again.
        #expect(try clubhouse.run(["open", "players/1"]).status == 0)
        #expect(try clubhouse.run(["nav"]).stderr.isEmpty)
    }

    /// A stale screen is not a reason to drop what is valid: an unknown path cuts, never resets.
    @Test func anUnknownPathIsCutNotReset() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        #expect(try clubhouse.run(["page", "reading"]).status == 0)
        #expect(try clubhouse.run(["tab", "players"]).status == 0)
        try sqlite(
            path,
            #"UPDATE navigation_state SET stacks = json_set(stacks, '$.players', json('[{"path":"players"},{"path":"nonsense/1"}]'))"#
        )
        let result = try clubhouse.run(["nav", "--json"])
        #expect(result.stderrLines.count == 1)
        #expect(!result.stderr.contains("starting at home"))
        #expect(result.stderr.hasSuffix("cut nonsense/1 from the players tab; you are on players\n"))
        let state = try jsonObject(result.stdout)
        #expect(state["tab"] as? String == "players")
        #expect(state["page"] as? String == "reading")
    }
}
