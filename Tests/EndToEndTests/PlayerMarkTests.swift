import ClubhouseTestSupport
import Foundation
import Testing

/// `player mark`, `player unmark` and `player confirm`: the players list's selection mode from
/// the command line, each a run of its own on one file.
@Suite(.heavy) struct PlayerMarkTests {
    @Test func marksAreKeptAcrossRunsAndPickTheTeamPickersPlayers() throws {
        let folder = try TemporaryFolder()
        let (_, clubhouse) = try Gathers.squad(in: folder)

        let marked = try clubhouse.run(["player", "mark", "4", "2"])
        #expect(marked.status == 0, "\(marked.stderr)")
        #expect(marked.stdout == "Marked #4, #2. Marked now: #4, #2.\n")
        let unmarked = try clubhouse.run(["player", "unmark", "4"])
        #expect(unmarked.stdout == "Unmarked #4. Marked now: #2.\n")
        #expect(try clubhouse.run(["player", "mark", "3"]).status == 0)

        var state = try clubhouse.navigation()
        #expect(state["marks"] as? [String: [String]] == ["players": ["2", "3"]])
        #expect(try clubhouse.run(["nav"]).stdout.contains("marked in players: #2, #3\n"))

        let confirm = try clubhouse.run(["player", "confirm"])
        #expect(confirm.status == 0, "\(confirm.stderr)")
        #expect(confirm.stdout.contains("Players (the marked ones):\n  #2  Kai\n  #3  Lea (GK)\n"))
        #expect(!confirm.stdout.contains("Zoë"))
        state = try clubhouse.navigation()
        #expect(state["stack"] as? [String] == ["players", "players/confirm"])
        #expect(state["marks"] as? [String: [String]] == ["players": ["2", "3"], "players/confirm": ["2", "3"]])

        let all = try clubhouse.run(["player", "unmark", "--all"])
        #expect(all.stdout == "Unmarked every player. Nobody is marked.\n")
        #expect(try clubhouse.navigation()["marks"] as? [String: [String]] == ["players/confirm": ["2", "3"]])
    }

    @Test(arguments: [
        (["player", "confirm"], "error: no players are marked; mark the players who play first"),
        (["player", "mark", "9"], "error: no player 9\n"),
        (["player", "mark", "1", "9"], "error: no player 9\n"),
        (["player", "unmark", "1"], "error: player 1 is not marked\n"),
    ])
    func badInputSaysSoInOneLineAndChangesNothing(_ arguments: [String], _ error: String) throws {
        let folder = try TemporaryFolder()
        let (_, clubhouse) = try Gathers.squad(in: folder)
        let before = try clubhouse.run(["nav", "--json"]).stdout
        let refused = try clubhouse.run(arguments)
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.hasPrefix(error), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(try clubhouse.run(["nav", "--json"]).stdout == before)
    }

    @Test func usageErrorsExit64() throws {
        let folder = try TemporaryFolder()
        let (_, clubhouse) = try Gathers.squad(in: folder)
        for arguments in [
            ["player", "mark"], ["player", "mark", "x"], ["player", "unmark"], ["player", "unmark", "--all", "1"],
        ] {
            let refused = try clubhouse.run(arguments)
            #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
        }
    }
}
