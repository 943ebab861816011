import ClubhouseTestSupport
import Foundation
import Testing

/// A database written by the release before shirt numbers (schema 11), opened by this release:
/// the first command upgrades it to schema 12 and keeps every player with every field, the
/// gathers with their seats, and where ana is; the players then take shirt numbers, which the
/// outbox sends.
@Suite(.heavy) struct Release09FileTests {
    /// Made by main at 6e6654f (schema 11) with `CLUBHOUSE_DB` set: ana registered
    /// (`s3cret-pass`, signed in); players 1 "Zoë" (27, striker, Boca), 2 "Kai" (amateur), 3 "Lu"
    /// (40, professional, goalkeeper), 4 "Mo"; gather 1 (1, 2 against 3, 4) scored 2–1 and ended;
    /// gather 2 (1, 3 against 2, 4) in progress; `open players/2`, then `gather list` (profile >
    /// gathers). No remote.
    static let fixture = "main-0.9-v11.sqlite"

    @Test func theUpgradeKeepsEveryPlayerAndTheyTakeShirtNumbers() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.copy(Self.fixture, in: folder, name: "release-0.9.sqlite")
        #expect(try sqlite(path, "PRAGMA user_version") == "11")
        let before = try sqlite(path, "SELECT id, name, age, skill, position, favourite_team FROM players ORDER BY id")
        let seatsBefore = try sqlite(
            path, "SELECT gather_id, team, seat, player_id, name, position FROM gather_players ORDER BY 1, 2, 3")
        let clubhouse = ClubhouseProcess(database: path)
        // The first command, which only looks, upgrades and keeps where ana was.
        let state = try clubhouse.navigation()
        #expect(state["stack"] as? [String] == ["profile", "gathers"])
        #expect((state["stacks"] as? [String: [String]])?["players"] == ["players", "players/2"])
        #expect(try sqlite(path, "PRAGMA user_version") == "\(newestSchema)")
        let list = try clubhouse.run(["player", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(try sqlite(path, "PRAGMA user_version") == "\(newestSchema)")
        #expect(
            list.stdout == """
                ID  NAME  AGE  SKILL         POSITION    SHIRT NUMBER  FAVOURITE TEAM
                1   Zoë   27   -             striker     -             Boca
                2   Kai   -    amateur       -           -             -
                3   Lu    40   professional  goalkeeper  -             -
                4   Mo    -    -             -           -             -

                """)
        #expect(
            try sqlite(path, "SELECT id, name, age, skill, position, favourite_team FROM players ORDER BY id") == before
        )
        #expect(try sqlite(path, "SELECT count(*) FROM players WHERE shirt_number IS NOT NULL") == "0")
        #expect(
            try sqlite(
                path, "SELECT gather_id, team, seat, player_id, name, position FROM gather_players ORDER BY 1, 2, 3")
                == seatsBefore)
        let check = try clubhouse.run(["check"])
        #expect(check.stdout == "ok: \(path) passed every check (schema \(newestSchema))\n", "\(check.stderr)")

        // The players take numbers, one each, and the gather in progress shows them.
        #expect(try clubhouse.run(["player", "edit", "1", "--shirt-number", "10"]).status == 0)
        let taken = try clubhouse.run(["player", "edit", "3", "--shirt-number", "10"])
        #expect(taken.status == 1)
        #expect(taken.stderr == "error: shirt number 10 is already worn by Zoë (player 1)\n")
        let shown = try clubhouse.run(["player", "show", "1", "--json"])
        let player = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        #expect(player?["shirtNumber"] as? Int == 10)
        let gather = try clubhouse.run(["gather", "show", "--json"])
        #expect(gather.stdout.contains(#""shirtNumber":10"#), "\(gather.stdout)")
    }
}
