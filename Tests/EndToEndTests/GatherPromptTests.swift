import ClubhouseTestSupport
import Foundation
import Testing

/// The Football Gather commands that ask on a terminal: `player delete` confirms, `gather new`
/// without team options runs the team picker, saving each move in the players/confirm draft.
@Suite(.heavy) struct GatherPromptTests {
    static let deleteZoe = "Delete Zoë O'Brien (#1)? [y/N] "
    static let players = "Players:\n  #1  Zoë O'Brien, ST\n  #2  Kai\n  #3  Lea, GK\n  #4  Max\n"
    static let whoPlays = "Who plays? (ids separated by commas, Enter for everyone): "
    static let bench =
        "Everyone picked starts on the bench. Move each to team a or b (Enter keeps them on the bench).\n"
    static let zoe = "Zoë O'Brien (#1, ST): team a, b or bench? "
    static let kai = "Kai (#2): team a, b or bench? "
    static let lea = "Lea (#3, GK): team a, b or bench? "
    static let max = "Max (#4): team a, b or bench? "
    static let start = "Start the gather with these teams? [y/N] "
    /// Ctrl-D at the start of a line: the end of input.
    static let endOfInput = "\u{4}"

    /// The players/confirm draft as `nav --json` shows it, from another process.
    private func teamsDraft(_ clubhouse: ClubhouseProcess) throws -> [String: String]? {
        (try clubhouse.navigation()["drafts"] as? [String: [String: String]])?["players/confirm"]
    }

    // MARK: - player delete

    @Test(arguments: ["n", "", "no", "maybe"])
    func anythingButYesKeepsThePlayer(_ answer: String) throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)
        let players = try sqlite(path, "SELECT * FROM players ORDER BY id")

        let run = try clubhouse.runInTerminal(["player", "delete", "1"], answering: [Turn(Self.deleteZoe, answer)])
        #expect(run.result.status == 1)
        #expect(run.result.stdout.isEmpty)
        #expect(run.result.stderr == Self.deleteZoe + "note: nothing was deleted\n")
        #expect(try sqlite(path, "SELECT * FROM players ORDER BY id") == players)
        #expect(try clubhouse.run(["player", "show", "1"]).status == 0)
    }

    @Test(arguments: ["y", "yes", "Y"])
    func yesDeletesThePlayer(_ answer: String) throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)

        let run = try clubhouse.runInTerminal(["player", "delete", "1"], answering: [Turn(Self.deleteZoe, answer)])
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(run.result.stdout == "Deleted Zoë O'Brien (#1).\n")
        #expect(run.result.stderr == Self.deleteZoe)
        #expect(try sqlite(path, "SELECT group_concat(id) FROM players") == "2,3,4")
        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "players")
        #expect(state["stack"] as? [String] == ["players"])
    }

    // MARK: - gather new: the team picker

    @Test func thePickerMovesThePickedPlayersToTeamsAndStartsTheGather() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)

        let run = try clubhouse.runInTerminal(
            ["gather", "new"],
            answering: [
                Turn(Self.whoPlays, "1,2,4"),
                Turn(Self.zoe, "x"),
                Turn(Self.zoe, "a") { () throws in
                    #expect(try teamsDraft(clubhouse) == [:])
                    #expect(try clubhouse.navigation()["stack"] as? [String] == ["players", "players/confirm"])
                },
                // Each move is in the draft as soon as it is made.
                Turn(Self.kai, "") { () throws in #expect(try teamsDraft(clubhouse) == ["team-a": "1"]) },
                Turn(Self.max, "B") { () throws in #expect(try teamsDraft(clubhouse) == ["team-a": "1"]) },
                // Both teams are shown whole and the start is asked for.
                Turn(Self.start, "y") { () throws in
                    #expect(try teamsDraft(clubhouse) == ["team-a": "1", "team-b": "4"])
                    #expect(try sqlite(path, "SELECT count(*) FROM gathers") == "0")
                },
            ])
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(
            run.result.stderr
                == Self.players + Self.whoPlays + Self.bench + Self.zoe + "note: answer a, b or bench\n" + Self.zoe
                + Self.kai + Self.max + "Team A: Zoë O'Brien (#1, ST); Team B: Max (#4)\n" + Self.start)
        let started = try sqlite(path, "SELECT started_at FROM gathers WHERE id = 1")
        #expect(
            run.result.stdout
                == Gathers.inProgress(
                    1, started: started, score: "0 – 0", timer: "10:00 stopped (of 10:00)",
                    teams: "Team A\n  ST   Zoë O'Brien (#1)\nTeam B\n  —    Max (#4)"))
        // Kai stayed on the bench: not in the gather.
        #expect(try sqlite(path, "SELECT group_concat(team || player_id) FROM gather_players") == "a1,b4")
        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "players")
        #expect(state["stack"] as? [String] == ["players", "players/confirm", "gathers/1"])
    }

    @Test func enterPicksEveryoneAndTheBenchIsAskedAgainWhileATeamIsEmpty() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)

        let run = try clubhouse.runInTerminal(
            ["gather", "new", "--json"],
            answering: [
                Turn(Self.whoPlays, ""),
                Turn(Self.zoe, "a"), Turn(Self.kai, "a"), Turn(Self.lea, "bench"), Turn(Self.max, ""),
                Turn(Self.lea, "b"), Turn(Self.max, "a"), Turn(Self.start, "yes"),
            ])
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(
            run.result.stderr.hasPrefix(
                Self.players + Self.whoPlays + Self.bench + Self.zoe + Self.kai + Self.lea + Self.max
                    + "note: both teams need at least one player; the bench is asked again\n" + Self.lea + Self.max))
        #expect(run.result.stderr.hasSuffix(Self.start))
        let gather = try jsonObject(run.result.stdout)
        #expect((gather["teamA"] as? [[String: Any]])?.map { $0["id"] as? Int } == [1, 2, 4])
        #expect((gather["teamB"] as? [[String: Any]])?.map { $0["id"] as? Int } == [3])
        #expect(try sqlite(path, "SELECT count(*) FROM gathers WHERE ended_at IS NULL") == "1")
    }

    @Test func endOfInputAfterOneMoveKeepsTheDraftAndStartsNothing() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)

        let run = try clubhouse.runInTerminal(
            ["gather", "new"],
            answering: [Turn(Self.whoPlays, "1,2"), Turn(Self.zoe, "a"), Turn(Self.kai, Self.endOfInput)])
        #expect(run.result.status == 1)
        #expect(run.result.stdout.isEmpty)
        #expect(
            run.result.stderr
                == Self.players + Self.whoPlays + Self.bench + Self.zoe + Self.kai
                + "error: no team for Kai; the moves so far are kept in the draft\n")
        #expect(try sqlite(path, "SELECT count(*) FROM gathers") == "0")

        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "players")
        #expect(state["stack"] as? [String] == ["players", "players/confirm"])
        #expect(state["drafts"] as? [String: [String: String]] == ["players/confirm": ["team-a": "1"]])
        let human = try clubhouse.run(["nav"]).stdout
        #expect(human.contains("\nstack: players > players/confirm\n"))
        #expect(human.contains(#"draft players/confirm: team-a="1""#))
    }

    @Test func decliningTheStartKeepsTheTeamsInTheDraft() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)
        let run = try clubhouse.runInTerminal(
            ["gather", "new"],
            answering: [Turn(Self.whoPlays, "1,2"), Turn(Self.zoe, "a"), Turn(Self.kai, "b"), Turn(Self.start, "n")])
        #expect(run.result.status == 1)
        #expect(
            run.result.stderr.hasSuffix(
                "note: nothing was started; the teams are kept in the draft for the next gather new\n"))
        #expect(try sqlite(path, "SELECT count(*) FROM gathers") == "0")
        #expect(try teamsDraft(clubhouse) == ["team-a": "1", "team-b": "2"])
    }

    @Test func aHalfDraftIsNamedWhenItResumesAndNavHidesAnEmptyOneUnderTheGather() throws {
        let folder = try TemporaryFolder()
        let (_, clubhouse) = try Gathers.squad(in: folder)
        _ = try clubhouse.runInTerminal(
            ["gather", "new"],
            answering: [Turn(Self.whoPlays, "1,2"), Turn(Self.zoe, "a"), Turn(Self.kai, Self.endOfInput)])
        let resumed = try clubhouse.runInTerminal(
            ["gather", "new"],
            answering: [Turn(Self.whoPlays, "1,2"), Turn(Self.zoe, "b"), Turn(Self.kai, "a"), Turn(Self.start, "y")])
        #expect(resumed.result.status == 0, "\(resumed.result.stderr)")
        #expect(
            resumed.result.stderr.hasPrefix(
                "note: resuming your draft: Team A: Zoë O'Brien (#1, ST); Team B: nobody yet\n"))
        // Picked afresh: the new teams, not the draft's.
        #expect(try sqlite(clubhouse.database, "SELECT group_concat(team || player_id) FROM gather_players") == "a2,b1")
        let nav = try clubhouse.run(["nav"]).stdout
        #expect(!nav.contains("draft players/confirm"), "\(nav)")
    }

    @Test func aDraftWithBothTeamsIsOfferedBeforeStarting() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)
        let interrupted = try clubhouse.runInTerminal(
            ["gather", "new"],
            answering: [
                Turn(Self.whoPlays, "1,2,3"), Turn(Self.zoe, "a"), Turn(Self.kai, "b"),
                Turn(Self.lea, Self.endOfInput),
            ])
        #expect(interrupted.result.status == 1)
        #expect(try teamsDraft(clubhouse) == ["team-a": "1", "team-b": "2"])

        // The draft knows the teams but not that Lea was still to be placed: it asks first.
        let resumed = try clubhouse.runInTerminal(
            ["gather", "new", "--json"], answering: [Turn("Start with these teams? (n picks again) [y/N] ", "y")])
        #expect(resumed.result.status == 0, "\(resumed.result.stderr)")
        #expect(
            resumed.result.stderr.contains(
                "note: resuming your draft: Team A: Zoë O'Brien (#1, ST); Team B: Kai (#2)\n"))
        let gather = try jsonObject(resumed.result.stdout)
        #expect((gather["teamA"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Zoë O'Brien"])
        #expect((gather["teamB"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Kai"])
        #expect(try sqlite(path, "SELECT count(*) FROM gathers WHERE ended_at IS NULL") == "1")
    }

    @Test func teamOptionsOnATerminalDiscardTheDraftAndAskNothing() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)
        _ = try clubhouse.runInTerminal(
            ["gather", "new"], answering: [Turn(Self.whoPlays, "1,2"), Turn(Self.zoe, Self.endOfInput)])
        #expect(try teamsDraft(clubhouse) == [:])

        let run = try clubhouse.runInTerminal(
            ["gather", "new", "--team-a", "3", "--team-b", "4", "--json"], answering: [])
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(run.result.stderr.isEmpty)
        #expect(try sqlite(path, "SELECT group_concat(team || player_id) FROM gather_players") == "a3,b4")
    }
}
