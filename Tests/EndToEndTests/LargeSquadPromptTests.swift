import ClubhouseTestSupport
import Foundation
import Testing

/// `gather new`'s picker on a terminal over a squad far larger than a screen: a page of players,
/// then the question; the next and previous pages, a search by name, and ids from any page.
@Suite(.heavy) struct LargeSquadPromptTests {
    static let squad = 100_000
    static let whoPlays =
        "Who plays? (ids separated by commas; n or p for the next or previous page, /name to search): "

    /// A signed-in database with `squad` players written by the sqlite3 shell in one statement
    /// (not a command per player), one of them named Zoë Needle.
    private func largeSquad(in folder: TemporaryFolder) throws -> (path: String, clubhouse: ClubhouseProcess) {
        let path = try Fixtures.signedInDatabase(in: folder)
        try sqlite(
            path,
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(Self.squad))
            INSERT INTO players (owner_id, name) SELECT (SELECT id FROM users LIMIT 1), 'Player ' || i FROM n;
            UPDATE players SET name = 'Zoë Needle', position = 'striker' WHERE id = 77777;
            """)
        return (path, ClubhouseProcess(database: path))
    }

    private func page(_ first: Int) -> String {
        "Players \(first)–\(first + 19) of \(Self.squad):\n"
            + (first..<first + 20).map { "  #\($0)  Player \($0)\n" }.joined()
    }

    @Test func asksAfterOnePageAndPagesSearchesAndTakesIdsFromAnyPage() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try largeSquad(in: folder)
        let needle = "Zoë Needle (#77777, ST): team a, b or bench? "
        let five = "Player 5 (#5): team a, b or bench? "
        let run = try clubhouse.runInTerminal(
            ["gather", "new"],
            answering: [
                Turn(Self.whoPlays, "n"), Turn(Self.whoPlays, "p"), Turn(Self.whoPlays, "p"),
                Turn(Self.whoPlays, "/NEEDLE"), Turn(Self.whoPlays, ""), Turn(Self.whoPlays, "/nobody"),
                Turn(Self.whoPlays, "77777,5"), Turn(needle, "a"), Turn(five, "b"),
                Turn("Start the gather with these teams? [y/N] ", "y"),
            ])
        #expect(run.result.status == 0, "\(run.result.stderr.suffix(500))")
        let expected =
            page(1) + Self.whoPlays + page(21) + Self.whoPlays + page(1) + Self.whoPlays
            + "note: that was the first page\n" + Self.whoPlays
            + "Players whose name holds 'NEEDLE' 1–1 of 1:\n  #77777  Zoë Needle, ST\n" + Self.whoPlays
            + "note: type player ids, n or p for another page, or /name to search\n" + Self.whoPlays
            + "No players whose name holds 'nobody' (/ alone shows everyone).\n" + Self.whoPlays
        #expect(run.result.stderr.hasPrefix(expected), "\(run.result.stderr.prefix(3000))")
        #expect(try sqlite(path, "SELECT group_concat(team || player_id) FROM gather_players") == "a77777,b5")
    }

    @Test func aSquadThatFitsOnOnePageIsListedWholeAndEnterPicksEveryone() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        try sqlite(
            path,
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
            INSERT INTO players (owner_id, name) SELECT (SELECT id FROM users LIMIT 1), 'Player ' || i FROM n;
            """)
        let clubhouse = ClubhouseProcess(database: path)
        let whoPlays = "Who plays? (ids separated by commas, Enter for everyone): "
        let run = try clubhouse.runInTerminal(
            ["gather", "new"], answering: [Turn(whoPlays, ""), Turn("Player 1 (#1): team a, b or bench? ", "\u{4}")])
        #expect(
            run.result.stderr.hasPrefix(
                "Players:\n" + (1...20).map { "  #\($0)  Player \($0)\n" }.joined() + whoPlays
                    + "Everyone picked starts on the bench."))
    }
}
