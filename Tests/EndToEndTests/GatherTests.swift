import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A gather's countdown as `--json` prints it (`{"duration", "remaining", "state"}`, seconds).
struct Countdown: Equatable, CustomStringConvertible {
    var state: String
    var remaining: Int
    var duration: Int

    init(_ state: String, _ remaining: Int, _ duration: Int) {
        self.state = state
        self.remaining = remaining
        self.duration = duration
    }

    /// The `timer` object of a gather printed with `--json`; nil unless it has exactly these three keys.
    init?(json text: String) {
        guard let gather = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let timer = gather["timer"] as? [String: Any], timer.count == 3,
            let state = timer["state"] as? String, let remaining = timer["remaining"] as? Int,
            let duration = timer["duration"] as? Int
        else { return nil }
        self.init(state, remaining, duration)
    }

    var description: String { "\(state) \(remaining)/\(duration)" }
}

/// Football Gather helpers shared by the gather test files.
enum Gathers {
    /// `2026-11-23T09:23:44.544Z` → `2026-11-23 09:23Z`, as the human output prints an instant.
    static func minute(_ iso: String) -> String {
        String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(5)) + "Z"
    }

    /// MM:SS.
    static func clock(_ seconds: Int) -> String {
        String(format: "%02d:%02d", seconds / 60, seconds % 60)
    }

    /// A database where ana is signed in with players 1 "Zoë O'Brien" (striker), 2 "Kai",
    /// 3 "Lea" (goalkeeper) and 4 "Max".
    static func squad(in folder: TemporaryFolder, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        path: String, clubhouse: ClubhouseProcess
    ) {
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        for arguments in [
            ["--name", "Zoë O'Brien", "--position", "striker"], ["--name", "Kai"],
            ["--name", "Lea", "--position", "goalkeeper"], ["--name", "Max"],
        ] {
            let added = try clubhouse.run(["player", "add"] + arguments)
            #expect(added.status == 0, "\(added.stderr)", sourceLocation: sourceLocation)
        }
        return (path, clubhouse)
    }

    /// The squad's teams as `gather show` prints them for `--team-a 1,2 --team-b 3,4`.
    static let teams = """
        Team A
          ST   Zoë O'Brien (#1)
          —    Kai (#2)
        Team B
          GK   Lea (#3)
          —    Max (#4)
        """

    /// `gather show` of a gather in progress, with the squad's teams.
    static func inProgress(_ id: Int, started: String, score: String, timer: String, teams: String = teams)
        -> String
    {
        """
        Gather \(id) — in progress (started \(minute(started)))
        Score   Team A \(score) Team B
        Timer   \(timer)
        \(teams)

        """
    }

    /// `gather show` of an ended gather, with the squad's teams.
    static func ended(
        _ id: Int, started: String, ended: String, winner: String, score: String, played: Int, teams: String = teams
    ) -> String {
        """
        Gather \(id) — ended \(minute(ended)), winner: \(winner)
        Score   Team A \(score) Team B
        Played  \(clock(played)) (started \(minute(started)))
        \(teams)

        """
    }

    /// Makes the running countdown `seconds` old without sleeping: its stored anchor
    /// (timer_started_ms, Unix ms) becomes SQLite's clock now less `seconds`, as anyone could do
    /// with the sqlite3 shell.
    static func anchor(_ path: String, secondsAgo seconds: Int) throws {
        try sqlite(
            path,
            """
            UPDATE gathers SET timer_started_ms =
              CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) - \(seconds * 1000)
            WHERE timer_state = 'running'
            """)
    }
}

extension ClubhouseProcess {
    /// Runs `arguments` as if the countdown had started `seconds` ago, anchoring it just before.
    /// The countdown shows whole seconds rounded up, so the run reads the clock within a second of
    /// the anchor for `seconds` to show exactly; a machine so busy that it took longer shows a
    /// second less, and only then is the run tried again (three times at most). The last result
    /// is returned for the caller's exact checks.
    func run(_ arguments: [String], secondsAfterTheStart seconds: Int, until shown: (Result) -> Bool) throws
        -> Result
    {
        var result: Result
        var tries = 0
        repeat {
            try Gathers.anchor(database, secondsAgo: seconds)
            result = try run(arguments)
            tries += 1
        } while !shown(result) && tries < 3
        return result
    }
}

/// `clubhouse gather ...` from the command line, one process per step as a person types them. The
/// countdown keeps real time between runs because it is stored as an anchor; the tests move that
/// anchor with the sqlite3 shell instead of sleeping.
@Suite(.heavy) struct GatherTests {
    @Test func aGatherIsPlayedAcrossRunsAndKeptInHistory() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)

        // Pick the teams and start: players > players/confirm > gathers/1.
        let new = try clubhouse.run(["gather", "new", "--team-a", "1,2", "--team-b", "3,4"])
        #expect(new.status == 0, "\(new.stderr)")
        #expect(new.stderr.isEmpty)
        let started = try sqlite(path, "SELECT started_at FROM gathers WHERE id = 1")
        #expect(
            new.stdout == Gathers.inProgress(1, started: started, score: "0 – 0", timer: "10:00 stopped (of 10:00)"))
        var state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "players")
        #expect(state["stack"] as? [String] == ["players", "players/confirm", "gathers/1"])

        // Goals, each in a run of its own; a goal taken back counts down.
        for team in ["a", "a", "b", "b"] {
            #expect(try clubhouse.run(["gather", "score", team]).status == 0)
        }
        let minus = try clubhouse.run(["gather", "score", "b", "--minus", "--json"])
        #expect(minus.status == 0, "\(minus.stderr)")
        let score = try #require(try jsonObject(minus.stdout)["score"] as? [String: Int])
        #expect(score == ["a": 2, "b": 1])
        #expect(try sqlite(path, "SELECT score_a, score_b FROM gathers WHERE id = 1") == "2|1")

        // Start the countdown, then quit: the next runs are new processes.
        let start = try clubhouse.run(["gather", "timer", "start"])
        #expect(start.status == 0, "\(start.stderr)")
        #expect(
            start.stdout == Gathers.inProgress(1, started: started, score: "2 – 1", timer: "10:00 running (of 10:00)"))
        #expect(
            try sqlite(path, "SELECT timer_state, timer_remaining_ms, timer_started_ms IS NOT NULL FROM gathers")
                == "running|600000|1")

        // Seven seconds later (the anchor moved back, no sleep) it shows 09:53.
        let shown = try clubhouse.run(["gather", "show"], secondsAfterTheStart: 7) {
            $0.stdout.contains("09:53 running")
        }
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stderr.isEmpty)
        #expect(
            shown.stdout == Gathers.inProgress(1, started: started, score: "2 – 1", timer: "09:53 running (of 10:00)"))
        let json = try clubhouse.run(["gather", "show", "--json"], secondsAfterTheStart: 7) {
            Countdown(json: $0.stdout) == Countdown("running", 593, 600)
        }
        #expect(json.status == 0, "\(json.stderr)")
        #expect(Countdown(json: json.stdout) == Countdown("running", 593, 600))
        #expect(try jsonObject(json.stdout)["winner"] is NSNull)

        // Paused, it stays put however much time passes.
        let pause = try clubhouse.run(["gather", "timer", "pause", "--json"])
        #expect(pause.status == 0, "\(pause.stderr)")
        let paused = try #require(Countdown(json: pause.stdout))
        #expect(paused.state == "paused" && paused.duration == 600)
        #expect(paused.remaining <= 593)
        let storedPause = try sqlite(path, "SELECT timer_state, timer_remaining_ms, timer_started_ms FROM gathers")
        #expect(storedPause.hasPrefix("paused|") && storedPause.hasSuffix("|"))  // no anchor while paused
        try sqlite(path, "UPDATE gathers SET timer_started_ms = timer_started_ms - 7000")
        let stillPaused = try clubhouse.run(["gather", "show", "--json"])
        #expect(Countdown(json: stillPaused.stdout) == paused)
        #expect(
            try clubhouse.run(["gather", "show"]).stdout
                == Gathers.inProgress(
                    1, started: started, score: "2 – 1", timer: "\(Gathers.clock(paused.remaining)) paused (of 10:00)"))
        #expect(
            try sqlite(path, "SELECT timer_state, timer_remaining_ms, timer_started_ms FROM gathers") == storedPause)

        // Resumed, it goes on from where it paused.
        let resume = try clubhouse.run(["gather", "timer", "resume", "--json"])
        #expect(resume.status == 0, "\(resume.stderr)")
        #expect(Countdown(json: resume.stdout) == Countdown("running", paused.remaining, 600))

        // End it: the winner, and the players tab is back at its root.
        let end = try clubhouse.run(["gather", "end", "--yes"])
        #expect(end.status == 0, "\(end.stderr)")
        #expect(end.stderr.isEmpty)
        let first = try jsonObject(try clubhouse.run(["gather", "show", "1", "--json"]).stdout)
        let ended1 = try #require(first["endedAt"] as? String)
        let played1 = try #require(first["played"] as? Int)
        #expect(first["winner"] as? String == "Team A")
        #expect(
            end.stdout
                == Gathers.ended(1, started: started, ended: ended1, winner: "Team A", score: "2 – 1", played: played1)
                + "Kept in history: clubhouse gather list\n")
        #expect(
            try sqlite(path, "SELECT winner, timer_state, timer_started_ms IS NULL FROM gathers") == "Team A|stopped|1")
        #expect(try clubhouse.run(["tab", "players"]).status == 0)
        state = try clubhouse.navigation()
        #expect(state["stack"] as? [String] == ["players"])
        #expect(stacks(state)?["players"] == ["players"])
        #expect(state["drafts"] as? [String: [String: String]] == [:])

        // A second gather, won by Team B, is newer.
        #expect(try clubhouse.run(["gather", "new", "--team-a", "3", "--team-b", "4"]).status == 0)
        #expect(try clubhouse.run(["gather", "score", "b"]).status == 0)
        #expect(try clubhouse.run(["gather", "end", "--yes"]).status == 0)
        let second = try jsonObject(try clubhouse.run(["gather", "show", "2", "--json"]).stdout)
        let ended2 = try #require(second["endedAt"] as? String)
        #expect(second["winner"] as? String == "Team B")
        #expect(second["played"] as? Int == 0)

        // History, newest first, in the profile tab.
        let list = try clubhouse.run(["gather", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(
            list.stdout == """
                #2  \(Gathers.minute(ended2))  Team A 0 – 1 Team B  winner: Team B  played 00:00
                #1  \(Gathers.minute(ended1))  Team A 2 – 1 Team B  winner: Team A  played \(Gathers.clock(played1))

                """)
        let listed = try jsonArray(try clubhouse.run(["gather", "list", "--json"]).stdout)
        #expect(listed.map { $0["id"] as? Int } == [2, 1])
        #expect(listed.map { $0["winner"] as? String } == ["Team B", "Team A"])
        #expect(listed.map { $0["score"] as? [String: Int] } == [["a": 0, "b": 1], ["a": 2, "b": 1]])
        #expect(
            listed.map { ($0["teamA"] as? [[String: Any]])?.compactMap { $0["name"] as? String } } == [
                ["Lea"], ["Zoë O'Brien", "Kai"],
            ])
        state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "profile")
        #expect(state["stack"] as? [String] == ["profile", "gathers"])

        // One from history, by id.
        let old = try clubhouse.run(["gather", "show", "1"])
        #expect(old.status == 0, "\(old.stderr)")
        #expect(
            old.stdout
                == Gathers.ended(1, started: started, ended: ended1, winner: "Team A", score: "2 – 1", played: played1))
        #expect(try clubhouse.navigation()["stack"] as? [String] == ["profile", "gathers", "gathers/1"])

        // The home page of results shows them too.
        #expect(try clubhouse.run(["page", "results"]).status == 0)
        let home = try clubhouse.run(["home"])
        #expect(home.status == 0, "\(home.stderr)")
        #expect(
            home.stdout == """
                Home — squad [results] reading
                Last results:
                  #2  \(Gathers.minute(ended2))  Team A 0 – 1 Team B  winner: Team B  played 00:00
                  #1  \(Gathers.minute(ended1))  Team A 2 – 1 Team B  winner: Team A  played \(Gathers.clock(played1))

                """)
        let homeJSON = try jsonObject(try clubhouse.run(["home", "--json"]).stdout)
        #expect(homeJSON["page"] as? String == "results")
        #expect((homeJSON["results"] as? [[String: Any]])?.map { $0["id"] as? Int } == [2, 1])
    }

    // MARK: - Bad input: one error line (or a usage error), and nothing written

    enum Refusal: Sendable, CustomStringConvertible {
        /// `error: …` on standard error, exit 1.
        case error(String)
        /// ArgumentParser's usage error (`error: …` first), exit 64.
        case usage(String)

        var description: String {
            switch self {
            case .error(let message): "error: \(message)"
            case .usage(let message): "usage: \(message)"
            }
        }
    }

    /// The squad, plus bob (id 2) with player 5 "Bobby" and an ended gather 1, written with the
    /// sqlite3 shell: another user's records, which ana must not reach.
    private func squadWithBob(in folder: TemporaryFolder) throws -> (path: String, clubhouse: ClubhouseProcess) {
        let (path, clubhouse) = try Gathers.squad(in: folder)
        try sqlite(
            path,
            """
            INSERT INTO users (username, username_key, password_hash) VALUES ('bob', 'bob', '$scrypt$ln=1,r=1,p=1$AA$AA');
            INSERT INTO players (owner_id, name) VALUES ((SELECT id FROM users WHERE username = 'bob'), 'Bobby');
            INSERT INTO gathers (owner_id, started_at, ended_at, winner, timer_duration_ms, timer_state, timer_remaining_ms)
              VALUES ((SELECT id FROM users WHERE username = 'bob'), '2026-01-01T10:00:00.000Z',
                      '2026-01-01T10:10:00.000Z', 'None', 600000, 'stopped', 0);
            INSERT INTO gather_players (gather_id, team, seat, player_id, name) VALUES (1, 'a', 0, 5, 'Bobby');
            """)
        #expect(try sqlite(path, "SELECT id, owner_id FROM players WHERE name = 'Bobby'") == "5|2")
        #expect(try sqlite(path, "SELECT id, owner_id FROM gathers") == "1|2")
        return (path, clubhouse)
    }

    private func expectRefused(
        _ clubhouse: ClubhouseProcess, _ arguments: [String], _ refusal: Refusal,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try databaseDump(clubhouse.database)
        let result = try clubhouse.run(arguments)
        switch refusal {
        case .error(let message):
            #expect(result.status == 1, "\(arguments)", sourceLocation: sourceLocation)
            #expect(result.stderr == "error: \(message)\n", sourceLocation: sourceLocation)
        case .usage(let message):
            #expect(result.status == 64, "\(arguments)", sourceLocation: sourceLocation)
            #expect(result.stderrLines.first.map(String.init) == "error: \(message)", sourceLocation: sourceLocation)
        }
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(try databaseDump(clubhouse.database) == before, "\(arguments)", sourceLocation: sourceLocation)
    }

    static let noGather = "no gather is in progress; start one with: clubhouse gather new"

    static let withoutAGather: [([String], Refusal)] = [
        (["gather", "new", "--team-a", "1,99", "--team-b", "3"], .error("no player 99")),
        (["gather", "new", "--team-a", "1,2", "--team-b", "5"], .error("no player 5")),  // bob's
        (["gather", "new", "--team-a", "1,2", "--team-b", "2,3"], .error("player 2 is on both teams")),
        (["gather", "new", "--team-a", "1,2", "--team-b", "1"], .error("player 1 is on both teams")),
        (["gather", "new", "--team-a", "1,2", "--team-b", ""], .error("Team B needs at least one player")),
        (["gather", "new", "--team-a", ",", "--team-b", "3"], .error("Team A needs at least one player")),
        (
            ["gather", "new", "--team-a", "1", "--team-b", "x"],
            .error("Team B: 'x' is not a player id (ids are whole numbers, as 'player list' shows)")
        ),
        (["gather", "new", "--team-a", "1,2"], .usage("Give both --team-a and --team-b.")),
        (["gather", "new", "--team-b", "3"], .usage("Give both --team-a and --team-b.")),
        (
            ["gather", "new"],
            .usage("Missing '--team-a <ids>' and '--team-b <ids>' (on a terminal, it asks).")
        ),
        (["gather", "show"], .error(noGather)),
        (["gather", "show", "99"], .error("no gather 99")),
        (["gather", "show", "1"], .error("no gather 1")),
        (["gather", "score", "a"], .error(noGather)),
        (["gather", "score", "--set", "1-0"], .error(noGather)),
        (["gather", "timer", "start"], .error(noGather)),
        (["gather", "timer", "set", "05:00"], .error(noGather)),
        (["gather", "timer", "reset"], .error(noGather)),
        (["gather", "watch"], .error(noGather)),
        (["gather", "end", "--yes"], .error(noGather)),
        (["gather", "cancel", "--yes"], .error(noGather)),
        (["gather", "end"], .usage("Add --yes to confirm without a terminal.")),
        (
            ["gather", "delete", "99", "--yes"],
            .error("no gather 99")
        ),
        (
            ["gather", "delete", "1", "--yes"],
            .error("no gather 1")
        ),
        (["gather", "delete", "1"], .usage("Add --yes to confirm without a terminal.")),
        (
            ["player", "delete", "99", "--yes"],
            .error("no player 99")
        ),
        (
            ["player", "delete", "5", "--yes"],
            .error("no player 5")
        ),
        (["player", "delete", "1"], .usage("Add --yes to confirm without a terminal.")),
    ]

    @Test(arguments: withoutAGather)
    func refusedWithoutAGatherInProgress(_ arguments: [String], _ refusal: Refusal) throws {
        let folder = try TemporaryFolder()
        let (_, clubhouse) = try squadWithBob(in: folder)
        try expectRefused(clubhouse, arguments, refusal)
    }

    static let duringAGather: [([String], Refusal)] = [
        (["gather", "timer", "set", "00:00"], .error("the time must be at least 00:01")),
        (["gather", "timer", "set", "60:00"], .error("minutes and seconds must each be between 00 and 59")),
        (["gather", "timer", "set", "10:60"], .error("minutes and seconds must each be between 00 and 59")),
        (["gather", "timer", "set", "10"], .error("a time is MM:SS, for example 10:00 or 05:30")),
        (["gather", "timer", "set", "1:2:3"], .error("a time is MM:SS, for example 10:00 or 05:30")),
        (["gather", "timer", "set", "100:00"], .error("a time is MM:SS, for example 10:00 or 05:30")),
        (["gather", "timer", "pause"], .error("the timer is not running")),
        (["gather", "timer", "resume"], .error("the timer is not paused; start it instead")),
        (["gather", "score", "--set", "101-0"], .error("each team's score must be between 0 and 100")),
        (["gather", "score", "--set", "0-101"], .error("each team's score must be between 0 and 100")),
        (["gather", "score", "--set", "3"], .error("a score is A-B with whole numbers, for example 3-2")),
        (["gather", "score", "--set=-1-0"], .error("a score is A-B with whole numbers, for example 3-2")),
        (["gather", "score", "--set", "3-2-1"], .error("a score is A-B with whole numbers, for example 3-2")),
        (["gather", "score"], .usage("Name a team (a or b), or give --set A-B.")),
        (["gather", "score", "a", "--set", "1-1"], .usage("Name a team or give --set, not both.")),
        (["gather", "score", "--set", "1-1", "--minus"], .usage("--minus goes with a team, not with --set.")),
        (["gather", "end"], .usage("Add --yes to confirm without a terminal.")),
        (["gather", "cancel"], .usage("Add --yes to confirm without a terminal.")),
        (
            ["gather", "delete", "2", "--yes"],
            .error("gather 2 is in progress; cancel it with: clubhouse gather cancel")
        ),
        (["gather", "show", "1"], .error("no gather 1")),
        (
            ["player", "delete", "5", "--yes"],
            .error("no player 5")
        ),
    ]

    @Test(arguments: duringAGather)
    func refusedDuringAGather(_ arguments: [String], _ refusal: Refusal) throws {
        let folder = try TemporaryFolder()
        let (_, clubhouse) = try squadWithBob(in: folder)
        let new = try clubhouse.run(["gather", "new", "--team-a", "1,2", "--team-b", "3,4"])
        #expect(new.status == 0, "\(new.stderr)")
        #expect(try jsonObject(try clubhouse.run(["gather", "show", "--json"]).stdout)["id"] as? Int == 2)
        try expectRefused(clubhouse, arguments, refusal)
    }

    @Test func aSecondGatherNamesTheOneInProgress() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1", "--team-b", "2"]).status == 0)
        let started = try sqlite(path, "SELECT started_at FROM gathers WHERE id = 1")
        try expectRefused(
            clubhouse, ["gather", "new", "--team-a", "3", "--team-b", "4"],
            .error("gather 1 (started \(started)) is in progress; end or cancel it first"))
        #expect(try sqlite(path, "SELECT count(*) FROM gathers") == "1")
    }

    @Test func endingTwiceIsRefusedTheSecondTime() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1", "--team-b", "2"]).status == 0)
        let end = try clubhouse.run(["gather", "end", "--yes", "--json"])
        #expect(end.status == 0, "\(end.stderr)")
        #expect(try jsonObject(end.stdout)["winner"] as? String == "None")
        try expectRefused(clubhouse, ["gather", "end", "--yes"], .error(Self.noGather))
        try expectRefused(clubhouse, ["gather", "cancel", "--yes"], .error(Self.noGather))
        #expect(try sqlite(path, "SELECT id, winner FROM gathers") == "1|None")
    }

    // MARK: - Time up

    /// A gather in progress whose countdown ran out while nobody looked.
    private func timeUp(in folder: TemporaryFolder) throws -> (path: String, clubhouse: ClubhouseProcess) {
        let (path, clubhouse) = try Gathers.squad(in: folder)
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1,2", "--team-b", "3,4"]).status == 0)
        #expect(try clubhouse.run(["gather", "timer", "start"]).status == 0)
        try sqlite(path, "UPDATE gathers SET timer_started_ms = timer_started_ms - 600000")
        return (path, clubhouse)
    }

    @Test func whenTimeIsUpTheCountdownStopsAtZeroAndWillNotStartAgain() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try timeUp(in: folder)
        let started = try sqlite(path, "SELECT started_at FROM gathers WHERE id = 1")

        let shown = try clubhouse.run(["gather", "show"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(
            shown.stdout
                == Gathers.inProgress(1, started: started, score: "0 – 0", timer: "00:00 stopped (of 10:00)")
                + "Time is up. End the gather with: clubhouse gather end\n")
        let json = try clubhouse.run(["gather", "show", "--json"])
        #expect(Countdown(json: json.stdout) == Countdown("stopped", 0, 600))
        #expect(try jsonObject(json.stdout)["played"] as? Int == 600)

        try expectRefused(
            clubhouse, ["gather", "timer", "start"],
            .error("time is up; set a new time or reset the timer before starting it again"))
        try expectRefused(clubhouse, ["gather", "timer", "pause"], .error("time is up; the timer has stopped"))
        try expectRefused(
            clubhouse, ["gather", "timer", "resume"], .error("time is up; set a new time or reset the timer to play on")
        )

        // A new time plays on; ending keeps the ten minutes played.
        let set = try clubhouse.run(["gather", "timer", "set", "02:30", "--json"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(Countdown(json: set.stdout) == Countdown("stopped", 150, 150))
        let end = try clubhouse.run(["gather", "end", "--yes", "--json"])
        #expect(end.status == 0, "\(end.stderr)")
        #expect(try jsonObject(end.stdout)["played"] as? Int == 600)
        #expect(try jsonObject(end.stdout)["winner"] as? String == "None")
    }

    @Test func resetAfterTimeUpStartsTenMinutesAgain() throws {
        let folder = try TemporaryFolder()
        let (_, clubhouse) = try timeUp(in: folder)
        let reset = try clubhouse.run(["gather", "timer", "reset", "--json"])
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(Countdown(json: reset.stdout) == Countdown("stopped", 600, 600))
        let start = try clubhouse.run(["gather", "timer", "start", "--json"])
        #expect(start.status == 0, "\(start.stderr)")
        #expect(Countdown(json: start.stdout) == Countdown("running", 600, 600))
    }

    // MARK: - Watch

    @Test func watchingATimeAlreadyUpPrintsOneLineAndStops() throws {
        let folder = try TemporaryFolder()
        let (_, clubhouse) = try timeUp(in: folder)
        let watch = try clubhouse.run(["gather", "watch"])
        #expect(watch.status == 0, "\(watch.stderr)")
        #expect(watch.stderr.isEmpty)
        #expect(
            watch.stdout == """
                Gather 1  Team A 0 – 0 Team B  00:00 stopped
                Time is up. End the gather with: clubhouse gather end

                """)
    }

    @Test func withoutATerminalWatchPrintsALinePerSecondUntilTimeIsUp() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1,2", "--team-b", "3,4"]).status == 0)
        #expect(try clubhouse.run(["gather", "score", "b"]).status == 0)
        #expect(try clubhouse.run(["gather", "timer", "set", "00:02"]).status == 0)
        #expect(try clubhouse.run(["gather", "timer", "start"]).status == 0)

        // The countdown is anchored just before the watch starts; on a machine so busy that the
        // watch began after the two seconds were up (it then prints the one line of a time already
        // up, as the test above checks, and no running line), it is anchored and watched again,
        // three times at most.
        try Gathers.anchor(path, secondsAgo: 0)
        var watch = try clubhouse.run(["gather", "watch"])
        var tries = 1
        while !watch.stdout.contains(" running\n"), tries < 3 {
            try Gathers.anchor(path, secondsAgo: 0)
            watch = try clubhouse.run(["gather", "watch"])
            tries += 1
        }
        #expect(watch.status == 0, "\(watch.stderr)")
        #expect(watch.stderr.isEmpty)
        var lines = watch.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.popLast() == "")
        #expect(lines.popLast() == "Time is up. End the gather with: clubhouse gather end")
        #expect(lines.popLast() == "Gather 1  Team A 0 – 1 Team B  00:00 stopped")
        // Before that, the seconds left while it ran, one line each, counting down.
        let prefix = "Gather 1  Team A 0 – 1 Team B  00:0"
        let seconds = lines.compactMap { line -> Int? in
            guard line.hasPrefix(prefix), line.hasSuffix(" running") else { return nil }
            return Int(line.dropFirst(prefix.count).dropLast(" running".count))
        }
        #expect(seconds.count == lines.count, "\(lines)")
        #expect(!seconds.isEmpty && seconds.allSatisfy { (1...2).contains($0) }, "\(lines)")
        #expect(seconds == seconds.sorted(by: >) && Set(seconds).count == seconds.count, "\(lines)")
        // Watching only reads.
        #expect(Countdown(json: try clubhouse.run(["gather", "show", "--json"]).stdout) == Countdown("stopped", 0, 2))
    }

    @Test func ctrlCStopsAWatchAndTheGatherGoesOn() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1,2", "--team-b", "3,4"]).status == 0)
        let before = try databaseDump(path)
        let line = "Gather 1  Team A 0 – 0 Team B  10:00 stopped"
        let watch = try clubhouse.run(["gather", "watch"], onceStdoutShows: line) { process in
            process.interrupt()
            // Not stopped within 10 s is not stopped by Ctrl-C: end it here instead of waiting a minute.
            if !waitUntil(timeout: 10, { !process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
        }
        // The tests start the binary from a thread that blocks SIGINT, and a child inherits that
        // mask: the watch must unblock it, as a shell's Ctrl-C must work whatever started it.
        #expect(watch.status == 130)

        #expect(watch.stderr.isEmpty)
        let lines = watch.stdout.split(separator: "\n").map(String.init)
        #expect(!lines.isEmpty && lines.allSatisfy { $0 == line }, "\(watch.stdout)")
        #expect(try databaseDump(path) == before)
    }

    @Test func aWatchEndsWhenAnotherProcessCancelsTheGather() throws {
        let folder = try TemporaryFolder()
        let (_, clubhouse) = try Gathers.squad(in: folder)
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1,2", "--team-b", "3,4"]).status == 0)
        var cancel: ClubhouseProcess.Result?
        let watch = try clubhouse.run(["gather", "watch"], onceStdoutShows: "10:00 stopped") { _ in
            cancel = try clubhouse.run(["gather", "cancel", "--yes"])
        }
        #expect(cancel?.status == 0)
        #expect(watch.status == 0, "\(watch.stderr)")
        #expect(watch.stderr == "note: the gather is no longer in progress\n")
        #expect(watch.stdout.hasPrefix("Gather 1  Team A 0 – 0 Team B  10:00 stopped\n"))
    }

    // MARK: - Cancel, deleted players, history

    @Test func aCancelledGatherLeavesNoHistory() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1,2", "--team-b", "3,4"]).status == 0)
        #expect(try clubhouse.run(["gather", "score", "a"]).status == 0)
        #expect(try clubhouse.run(["gather", "timer", "start"]).status == 0)

        let cancel = try clubhouse.run(["gather", "cancel", "--yes"])
        #expect(cancel.status == 0, "\(cancel.stderr)")
        #expect(cancel.stdout == "Gather 1 was cancelled.\n")
        #expect(try sqlite(path, "SELECT count(*) FROM gathers") == "0")
        #expect(try sqlite(path, "SELECT count(*) FROM gather_players") == "0")
        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "players")
        #expect(state["stack"] as? [String] == ["players"])

        let list = try clubhouse.run(["gather", "list"])
        #expect(
            list.stdout == "No gathers played yet. Start one with: clubhouse gather new --team-a IDS --team-b IDS\n")
        #expect(try clubhouse.run(["gather", "list", "--json"]).stdout == "[]\n")
        #expect(
            try clubhouse.run(["gather", "show", "1"]).stderr
                == "error: no gather 1\n")
        #expect(try clubhouse.run(["page", "results"]).stdout.hasSuffix("No results yet.\n"))
    }

    @Test func aDeletedPlayerKeepsTheirNameInTheGathersTheyPlayed() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1,2", "--team-b", "3,4"]).status == 0)
        #expect(try clubhouse.run(["gather", "end", "--yes"]).status == 0)

        let delete = try clubhouse.run(["player", "delete", "2", "--yes"])
        #expect(delete.status == 0, "\(delete.stderr)")
        #expect(delete.stdout == "Deleted Kai (#2).\n")
        #expect(try sqlite(path, "SELECT count(*) FROM players WHERE id = 2") == "0")

        let started = try sqlite(path, "SELECT started_at FROM gathers WHERE id = 1")
        let ended = try sqlite(path, "SELECT ended_at FROM gathers WHERE id = 1")
        let shown = try clubhouse.run(["gather", "show", "1"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(
            shown.stdout
                == Gathers.ended(
                    1, started: started, ended: ended, winner: "None", score: "0 – 0", played: 0,
                    teams: Gathers.teams.replacingOccurrences(of: "Kai (#2)", with: "Kai (deleted)")))
        let json = try jsonObject(try clubhouse.run(["gather", "show", "1", "--json"]).stdout)
        let teamA = try #require(json["teamA"] as? [[String: Any]])
        #expect(teamA.map { $0["name"] as? String } == ["Zoë O'Brien", "Kai"])
        #expect(teamA[0]["id"] as? Int == 1)
        #expect(teamA[1]["id"] is NSNull)
        #expect(teamA[0]["position"] as? String == "striker")
    }

    @Test func aPlayerDeletedDuringAGatherStillPlaysInIt() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1,2", "--team-b", "3,4"]).status == 0)
        #expect(try clubhouse.run(["player", "delete", "3", "--yes"]).status == 0)
        let started = try sqlite(path, "SELECT started_at FROM gathers WHERE id = 1")
        let shown = try clubhouse.run(["gather", "show"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(
            shown.stdout
                == Gathers.inProgress(
                    1, started: started, score: "0 – 0", timer: "10:00 stopped (of 10:00)",
                    teams: Gathers.teams.replacingOccurrences(of: "Lea (#3)", with: "Lea (deleted)")))
        #expect(try clubhouse.run(["gather", "end", "--yes"]).status == 0)
    }

    @Test func aGatherDeletedFromHistoryIsGone() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1,2", "--team-b", "3,4"]).status == 0)
        #expect(try clubhouse.run(["gather", "end", "--yes"]).status == 0)
        let delete = try clubhouse.run(["gather", "delete", "1", "--yes"])
        #expect(delete.status == 0, "\(delete.stderr)")
        #expect(delete.stdout == "Deleted gather 1 from history.\n")
        #expect(try sqlite(path, "SELECT count(*) FROM gathers") == "0")
        #expect(try sqlite(path, "SELECT count(*) FROM gather_players") == "0")
        #expect(try sqlite(path, "SELECT count(*) FROM players") == "4")
        #expect(try clubhouse.run(["gather", "list", "--json"]).stdout == "[]\n")
    }

    // MARK: - Restore cuts

    @Test func aGatherInProgressDeletedBehindTheCLIsBackIsCutFromThePlayersTab() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1,2", "--team-b", "3,4"]).status == 0)
        #expect(try clubhouse.run(["page", "results"]).status == 0)
        #expect(try clubhouse.run(["tab", "players"]).status == 0)
        try sqlite(path, "DELETE FROM gathers WHERE id = 1")

        let result = try clubhouse.run(["nav", "--json"])
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "warning: no gather 1: cut gathers/1 from the players tab; you are on players/confirm\n")
        let state = try jsonObject(result.stdout)
        #expect(state["tab"] as? String == "players")
        #expect(state["page"] as? String == "results")
        #expect(state["stack"] as? [String] == ["players", "players/confirm"])
        #expect(stacks(state)?["profile"] == ["profile"])

        // A failed command prints its one error line only and saves nothing; the next command
        // that writes saves the cut, and after it there are no more warnings.
        let show = try clubhouse.run(["gather", "show"])
        #expect(show.status == 1)
        #expect(show.stderr == "error: \(Self.noGather)\n")
        #expect(try sqlite(path, "SELECT stacks FROM navigation_state").contains("gathers/1"))
        #expect(try clubhouse.run(["player", "list"]).stderrLines.count == 1)
        #expect(!(try sqlite(path, "SELECT stacks FROM navigation_state")).contains("gathers/1"))
        #expect(try clubhouse.run(["nav"]).stderr.isEmpty)
    }

    @Test func anEndedGatherDeletedBehindTheCLIsBackIsCutFromTheProfileTab() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1,2", "--team-b", "3,4"]).status == 0)
        #expect(try clubhouse.run(["gather", "end", "--yes"]).status == 0)
        #expect(try clubhouse.run(["gather", "show", "1"]).status == 0)
        try sqlite(path, "DELETE FROM gathers WHERE id = 1")

        let result = try clubhouse.run(["nav", "--json"])
        #expect(result.status == 0)
        #expect(result.stderr == "warning: no gather 1: cut gathers/1 from the profile tab; you are on gathers\n")
        let state = try jsonObject(result.stdout)
        #expect(state["tab"] as? String == "profile")
        #expect(state["stack"] as? [String] == ["profile", "gathers"])
        #expect(stacks(state)?["players"] == ["players"])
    }
}
