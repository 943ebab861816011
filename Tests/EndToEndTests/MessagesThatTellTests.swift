import ClubhouseTestSupport
import Foundation
import Testing

/// Commands say what they did, and what they left as it was (issue 30's "messages that tell").
@Suite(.heavy) struct MessagesThatTellTests {
    @Test func playerAddSaysWhoWasAddedAndScriptsStillGetTheId() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        #expect(
            try clubhouse.run(["player", "add", "--name", "Zoë O'Brien"]).stdout == "Added player 1: Zoë O'Brien.\n")
        #expect(try clubhouse.run(["player", "add", "--name", "Kai", "--quiet"]).stdout == "2\n")
        #expect(try clubhouse.run(["player", "add", "--name", "Lu", "-q"]).stdout == "3\n")
        let json = try jsonObject(try clubhouse.run(["player", "add", "--name", "Mo", "--json"]).stdout)
        #expect(json["id"] as? Int == 4)
        // A name reaches the terminal escaped, as everywhere else.
        let escaped = try clubhouse.run(["player", "add", "--name", "Ana \\ Bo"]).stdout
        #expect(escaped == "Added player 5: Ana \\\\ Bo.\n")
        // A name that ends with a full stop ends the sentence itself.
        #expect(try clubhouse.run(["player", "add", "--name", "Kai Jr."]).stdout == "Added player 6: Kai Jr.\n")
    }

    @Test func aGoalTakenBackAtZeroOrAddedAtTheTopSaysSo() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        try clubhouse.addPlayers("Zoë", "Kai")
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1", "--team-b", "2"]).status == 0)
        let taken = try clubhouse.run(["gather", "score", "b", "--minus"])
        #expect(taken.status == 0)
        #expect(taken.stderr == "note: Team B has no goal to take back; the score stays 0–0\n")
        #expect(taken.stdout.contains("Team A 0 – 0 Team B"))
        // A goal that moves the score says nothing more.
        #expect(try clubhouse.run(["gather", "score", "b"]).stderr.isEmpty)
        #expect(try clubhouse.run(["gather", "score", "b", "--minus"]).stderr.isEmpty)
        #expect(try clubhouse.run(["gather", "score", "--set", "100-0"]).status == 0)
        let top = try clubhouse.run(["gather", "score", "a"])
        #expect(top.stderr == "note: Team A already has 100 goals, the most a score holds; the score stays 100–0\n")
        // The note is the command's: nothing of it is stored or said again.
        #expect(try clubhouse.run(["gather", "show"]).stderr.isEmpty)
    }

    @Test func gatherEndNamesTheWinnerOrTheDraw() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        try clubhouse.addPlayers("Zoë", "Kai")
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1", "--team-b", "2"]).status == 0)
        #expect(try clubhouse.run(["gather", "score", "b"]).status == 0)
        #expect(try clubhouse.run(["gather", "end", "--yes"]).stdout.hasPrefix("Gather 1 — ended "))
        #expect(try clubhouse.run(["gather", "show", "1"]).stdout.contains("winner: Team B"))
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1", "--team-b", "2"]).status == 0)
        #expect(try clubhouse.run(["gather", "end", "--yes"]).stdout.contains("winner: None"))
    }

    @Test func anEditFormOnAClearedValueSaysItIsEmpty() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        #expect(try clubhouse.run(["player", "add", "--name", "Zoë", "--age", "30"]).status == 0)
        #expect(try clubhouse.run(["open", "players/1/edit/age"]).stdout.contains("Age: \"30\"  (as saved)"))
        #expect(try clubhouse.run(["player", "edit", "1", "--age", "none"]).status == 0)
        let cleared = try clubhouse.run(["open", "players/1/edit/age"]).stdout
        #expect(cleared.contains("Age: empty  (as saved)"), "\(cleared)")
    }
}
