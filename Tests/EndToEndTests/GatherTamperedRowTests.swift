import ClubhouseTestSupport
import Foundation
import Testing

/// A gather row is untrusted input like any other: values the schema allows but the code does not
/// expect give a warning or a clean error, never a crash or a lock-out (docs/architecture.md, Persistence).
@Suite(.heavy) struct GatherTamperedRowTests {
    /// The squad with gather 1 in progress and its countdown running, ten minutes set.
    private func running(in folder: TemporaryFolder) throws -> (path: String, clubhouse: ClubhouseProcess) {
        let (path, clubhouse) = try Gathers.squad(in: folder)
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1,2", "--team-b", "3,4"]).status == 0)
        #expect(try clubhouse.run(["gather", "timer", "start"]).status == 0)
        return (path, clubhouse)
    }

    @Test func aStartInTheFutureIsNoTimePassed() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try running(in: folder)
        try sqlite(path, "UPDATE gathers SET timer_started_ms = timer_started_ms + 3600000")
        let shown = try clubhouse.run(["gather", "show", "--json"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(Countdown(json: shown.stdout) == Countdown("running", 600, 600))
    }

    @Test func aScoreOutOfRangeIsShownWithinIt() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try running(in: folder)
        try sqlite(path, "PRAGMA ignore_check_constraints = ON; UPDATE gathers SET score_a = 200, score_b = -3")
        let shown = try clubhouse.run(["gather", "show", "--json"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(try jsonObject(shown.stdout)["score"] as? [String: Int] == ["a": 100, "b": 0])
    }

    /// The schema allows any start for a running countdown; one long before any clock means the
    /// time is up, not a countdown of millions of hours.
    @Test func aStartLongBeforeAnyClockMeansTimeIsUp() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try running(in: folder)
        try sqlite(path, "UPDATE gathers SET timer_started_ms = -9223372036854775808")
        let shown = try clubhouse.run(["gather", "show"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("\nTimer   00:00 stopped (of 10:00)\n"), "\(shown.stdout)")
        #expect(shown.stdout.hasSuffix("Time is up. End the gather with: clubhouse gather end\n"))

    }

    /// The schema allows any time played from 0 up; at the limit, adding this run's time must not
    /// crash the binary.
    @Test func aTimePlayedAtTheLimitIsNoCrash() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try running(in: folder)
        try sqlite(
            path,
            "UPDATE gathers SET timer_played_ms = 9223372036854775807, timer_started_ms = timer_started_ms - 600000")
        let shown = try clubhouse.run(["gather", "show"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("\nTimer   00:00 stopped (of 10:00)\n"), "\(shown.stdout)")

    }

    /// A start stored as text passes the schema (it only asks for a value while running): the
    /// countdown is as good as paused where it was, and the gather and signing out still work.
    @Test func aRunningStartStoredAsTextDoesNotLockTheUserOut() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try running(in: folder)
        try sqlite(path, "UPDATE gathers SET timer_started_ms = 'soon'")
        let show = try clubhouse.run(["gather", "show"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("\nTimer   10:00 paused (of 10:00)\n"), "\(show.stdout)")
        #expect(try clubhouse.run(["gather", "timer", "resume"]).status == 0)
        let logout = try clubhouse.run(["logout"])
        #expect(logout.status == 0, "\(logout.stderr)")
        #expect(logout.stdout == "Signed out ana.\n")

    }

    /// What cannot be made sense of (a team no gather has) cuts the screen with a warning; the
    /// gather commands say what is wrong, and the rest keeps working.
    @Test func anUnreadablePlayerRowCutsTheGatherScreenOnly() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try running(in: folder)
        try sqlite(path, "PRAGMA ignore_check_constraints = ON; UPDATE gather_players SET team = 'z' WHERE team = 'b'")
        let nav = try clubhouse.run(["nav"])
        #expect(nav.status == 0)
        #expect(
            nav.stderr
                == "warning: a player of gather 1 in the database cannot be read (unknown team 'z'): cut gathers/1 from the players tab; you are on players/confirm\n"
        )
        let show = try clubhouse.run(["gather", "show"])
        #expect(show.status == 1)
        #expect(
            show.stderr.hasSuffix("error: a player of gather 1 in the database cannot be read (unknown team 'z')\n"))
        #expect(try clubhouse.run(["player", "list"]).status == 0)
        #expect(try clubhouse.run(["logout"]).stdout == "Signed out ana.\n")
    }
}
