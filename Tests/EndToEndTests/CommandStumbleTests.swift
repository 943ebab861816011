import ClubhouseTestSupport
import Foundation
import Testing

/// What a user of the CLI tripped over (issue 45): no way to find a player by name, marks the
/// list did not show, a book's two faults told one at a time, a landing tab that could not be
/// chosen when registering, and messages that did not say what happened.
@Suite(.heavy) struct CommandStumbleTests {
    private func signedIn(_ folder: TemporaryFolder) throws -> ClubhouseProcess {
        ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
    }

    @Test func playerSearchFindsPlayersBySomeOfTheirName() throws {
        let folder = try TemporaryFolder()
        let clubhouse = try signedIn(folder)
        try clubhouse.addPlayers("Zoë O'Brien", "Kai", "Zoe Lu")
        let found = try clubhouse.run(["player", "search", "zoe"])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.contains("Zoë O'Brien") && found.stdout.contains("Zoe Lu"), "\(found.stdout)")
        #expect(!found.stdout.contains("Kai"))
        let json = try JSONSerialization.jsonObject(
            with: Data(try clubhouse.run(["player", "search", "KAI", "--json"]).stdout.utf8))
        #expect((json as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Kai"])
        let none = try clubhouse.run(["player", "search", "nobody"])
        #expect(none.status == 0 && none.stdout == "No player's name holds \"nobody\".\n", "\(none.stdout)")
        // Blank text is bad input: one line, and nothing changes.
        let before = try clubhouse.run(["nav"]).stdout
        let blank = try clubhouse.run(["player", "search", " "])
        #expect(blank.status == 1 && blank.stderr == "error: type some of a name to search for\n")
        #expect(try clubhouse.run(["nav"]).stdout == before)
    }

    @Test func playerListShowsTheMarks() throws {
        let folder = try TemporaryFolder()
        let clubhouse = try signedIn(folder)
        try clubhouse.addPlayers("Zoë", "Kai", "Lu")
        #expect(!(try clubhouse.run(["player", "list"]).stdout.contains("Marked")))
        #expect(try clubhouse.run(["player", "mark", "3", "1"]).status == 0)
        let list = try clubhouse.run(["player", "list"]).stdout
        #expect(
            list.hasSuffix("Marked: #3, #1 (player confirm picks teams of them; player unmark clears).\n"), "\(list)")
    }

    @Test func aGatherFromTheMarksRefusesAPlayerWhoIsNotMarked() throws {
        let folder = try TemporaryFolder()
        let clubhouse = try signedIn(folder)
        try clubhouse.addPlayers("Zoë", "Kai", "Lu")
        #expect(try clubhouse.run(["player", "mark", "1", "2"]).status == 0)
        #expect(try clubhouse.run(["player", "confirm"]).status == 0)
        let refused = try clubhouse.run(["gather", "new", "--team-a", "1", "--team-b", "3"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.hasPrefix("error: #3 is not marked: the teams are picked from the marked players (#1, #2)"))
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1", "--team-b", "2"]).status == 0)
    }

    @Test func aBookWithTwoFaultsIsRefusedForBoth() throws {
        let folder = try TemporaryFolder()
        let clubhouse = try signedIn(folder)
        let refused = try clubhouse.run(["book", "add", "--isbn", "978", "--title", " "])
        #expect(refused.status == 1)
        #expect(refused.stderrLines.count == 1)
        #expect(refused.stderr == "error: an ISBN has 10 or 13 digits; title must not be empty\n", "\(refused.stderr)")
        #expect(try clubhouse.run(["book", "list"]).stdout.contains("No books"))
    }

    @Test func registeringChoosesTheTabItsSignInsLandOn() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: folder.path("new.sqlite"))
        let registered = try clubhouse.run(
            ["register", "ana", "--password-stdin", "--lands-on", "players"], stdin: "s3cret-pass\n")
        #expect(registered.status == 0, "\(registered.stderr)")
        #expect(try clubhouse.navigation()["tab"] as? String == "players")
        #expect(try clubhouse.run(["settings"]).stdout.contains("players"))
        // A tab that is none is a usage error, and no account is made.
        let other = ClubhouseProcess(database: folder.path("other.sqlite"))
        let bad = try other.run(["register", "bo", "--password-stdin", "--lands-on", "garden"], stdin: "s3cret-pass\n")
        #expect(bad.status == 64 && bad.stderr.hasPrefix("error: "), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("other.sqlite")))
    }

    @Test func openWhereYouAreNamesThePageAndTheVersionIsTheChangelogs() throws {
        let folder = try TemporaryFolder()
        let clubhouse = try signedIn(folder)
        #expect(try clubhouse.run(["page", "reading"]).status == 0)
        #expect(try clubhouse.run(["open", "home/reading"]).stdout == "Already on home/reading; nothing changed.\n")
        #expect(try clubhouse.run(["--version"]).stdout.hasPrefix("clubhouse 0.10.0 (schema "))
        // A usage error starts as every other error does.
        let unknown = try clubhouse.run(["player", "serch", "x"])
        #expect(unknown.status == 64 && unknown.stderr.hasPrefix("error: Unknown command 'player serch'."))
    }
}
