import ClubhouseTestSupport
import Foundation
import Testing

/// `clubhouse player edit ID --FIELD VALUE`: one field through players/ID/edit/FIELD, landing back
/// on players/ID.
@Suite(.heavy) struct PlayerEditTests {
    static let edits: [(option: String, value: String, key: String, expected: String?)] = [
        ("--name", "Zoë O'Brien", "name", "Zoë O'Brien"),
        ("--age", "31", "age", "31"),
        ("--age", "none", "age", nil),
        ("--skill", "professional", "skill", "professional"),
        ("--skill", "none", "skill", nil),
        ("--position", "goalkeeper", "position", "goalkeeper"),
        ("--favourite-team", "Santos", "favouriteTeam", "Santos"),
        ("--favourite-team", "none", "favouriteTeam", nil),
    ]

    @Test(arguments: edits)
    func oneFieldChangesAndTheTabLandsOnTheDetail(_ option: String, _ value: String, _ key: String, _ expected: String?)
        throws
    {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        let added = try clubhouse.run([
            "player", "add", "--name", "Zoë", "--age", "27", "--skill", "amateur", "--position", "striker",
            "--favourite-team", "Boca Juniors",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try clubhouse.run(["tab", "library"]).status == 0)

        let result = try clubhouse.run(["player", "edit", "1", option, value, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let player = try jsonObject(result.stdout)
        if let expected {
            #expect(player[key].map { "\($0)" } == expected)
        } else {
            #expect(player[key] is NSNull)
        }
        // Stored, not just printed.
        let shown = try jsonObject(try clubhouse.run(["player", "show", "1", "--json"]).stdout)
        #expect(shown[key].map { "\($0)" } == player[key].map { "\($0)" })

        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "players")
        #expect(state["stack"] as? [String] == ["players", "players/1"])
        #expect(state["drafts"] as? [String: [String: String]] == [:])
    }

    @Test func theHumanOutputIsTheDetailAndTheJournalShowsTheWayThrough() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        try clubhouse.addPlayers("Zoë")
        #expect(try clubhouse.run(["tab", "home"]).status == 0)
        let result = try clubhouse.run(["player", "edit", "1", "--age", "27"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Zoë (#1)\n"))
        #expect(result.stdout.contains("Age: 27"))
        let json = try clubhouse.run(["history", "--json", "--limit", "1"]).stdout
        let newest = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]).first
        #expect(newest?["to"] as? String == "players/1")
    }

    @Test func theSameValueIsNothingChanged() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë")
        #expect(try clubhouse.run(["player", "show", "1"]).status == 0)
        for (option, value) in [("--name", "Zoë"), ("--age", "none"), ("--skill", "none")] {
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let result = try clubhouse.run(["player", "edit", "1", option, value])
            #expect(result.status == 1, "\(option) \(value)")
            #expect(result.stderr == "error: nothing changed\n")
            #expect(result.stdout.isEmpty)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test(arguments: [
        (["--age", "4"], "error: age must be between 5 and 99"),
        (["--age", "old"], "error: age must be a whole number"),
        (["--name", ""], "error: name must not be empty"),
        (["--skill", "wizard"], "error: skill must be one of: beginner, amateur, professional"),
    ])
    func anInvalidValueIsRefusedAndWritesNothing(_ arguments: [String], _ error: String) throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try clubhouse.run(["player", "edit", "1"] + arguments)
        #expect(result.status == 1)
        #expect(result.stderr == error + "\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func anUnknownPlayerIsRefusedAndChangesNothing() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë")
        let stored = try storedNavigation(path)
        let result = try clubhouse.run(["player", "edit", "99", "--name", "X"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: no player 99\n")
        #expect(try storedNavigation(path) == stored)
    }
}
