import ClubhouseTestSupport
import Foundation
import Testing

/// Restoring a stored state screen by screen: a stale screen is cut with everything above it, one
/// warning per cut, and the rest stays. Only an undecodable row starts afresh.
@Suite(.heavy) struct RestoreCutTests {
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
        try sqlite(path, "UPDATE navigation_state SET version = 99")

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

    /// A tampered part of the row costs only itself: a screen that is not a screen is cut with
    /// what is above it, an unknown selected tab falls back to home, and every other stack, the
    /// page and the drafts stay. `check` names each part; the next write saves the repair.
    @Test func aTamperedScreenOrTabCostsOnlyItself() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë", "Kai")
        #expect(try clubhouse.run(["question", "ask", "which book about the desert planet"]).status == 0)
        #expect(try clubhouse.run(["open", "players/2/edit/age"]).status == 0)
        #expect(try clubhouse.run(["page", "results"]).status == 0)
        try sqlite(
            path,
            """
            UPDATE navigation_state SET selected_tab = 'bogus',
                stacks = json_set(stacks, '$.players[1].path', 5, '$.home[0].draft', 'str')
            """)

        let result = try clubhouse.run(["nav", "--json"])
        #expect(result.status == 0)
        #expect(
            result.stderrLines == [
                "warning: the selected tab 'bogus' is unknown; home is selected",
                "warning: the draft of home is not a JSON object; it was dropped",
                "warning: screen 2 of the players tab could not be read (its path is not text); it was cut with the 1 above it",
            ])
        let state = try jsonObject(result.stdout)
        #expect(state["tab"] as? String == "home")
        #expect(state["page"] as? String == "results")
        #expect(stacks(state)?["players"] == ["players"])
        #expect(stacks(state)?["questions"] == ["questions", "questions/1"])

        let check = try clubhouse.run(["check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("the selected tab 'bogus' is unknown"))
        #expect(try clubhouse.run(["tab", "questions"]).stderrLines.count == 3)
        #expect(try clubhouse.run(["nav"]).stderr.isEmpty)
        #expect(try clubhouse.run(["check"]).status == 0)
    }

    /// A write that moves nothing still saves a repaired row, so its warning is said once; and a
    /// kept-drafts column far larger than clubhouse writes is not read at all.
    @Test func aRepairIsSavedByTheNextWriteEvenWhenNothingMoves() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        #expect(try clubhouse.run(["tab", "questions"]).status == 0)
        try sqlite(
            path,
            """
            UPDATE navigation_state SET modal = '{{',
                kept_drafts = '[' || substr(replace(hex(zeroblob(300000)), '00', '{"path":"players/new"},'), 1, 2000000) || '{"path":"players/new"}]'
            """)
        let first = try clubhouse.run(["tab", "questions"])
        #expect(first.status == 0)
        #expect(
            first.stderrLines == [
                "warning: the modal flow could not be read; it was closed",
                "warning: the kept drafts are larger than 1 MiB; they were dropped",
            ])
        #expect(try sqlite(path, "SELECT quote(modal), quote(kept_drafts) FROM navigation_state") == "NULL|NULL")
        #expect(try clubhouse.run(["tab", "questions"]).stderr.isEmpty)
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

    // MARK: Another user's records

    /// A stored stack whose screen names a record of another user: that screen is cut with
    /// everything above it, the rest of its stack (a valid prefix), the other tabs, the page and
    /// the modal stay.
    struct ForeignScreen: Sendable, CustomTestStringConvertible {
        var testDescription: String
        /// The tab selected in the stored state, whose stack (or the modal) holds the foreign screen.
        var tab: String
        var stored: [String]
        var kept: [String]
        /// What the warning names as cut, why, and where from: another user's record is as absent
        /// as a missing one.
        var reason: String
        var cut: String
        var place: String
        /// The foreign screen sits in the modal flow presented over `tab`, not on its stack.
        var inModal = false
    }

    /// Bob's records, which the test adds to `Fixtures.richDatabase` through the sqlite3 shell:
    /// player 3, book 9780306406157, question 2 and the ended gather 3.
    static let bobsBook = "9780306406157"
    static let foreign: [ForeignScreen] = [
        ForeignScreen(
            testDescription: "another user's player and its edit form", tab: "players",
            stored: ["players", "players/3", "players/3/edit/age"], kept: ["players"],
            reason: "no player 3", cut: "players/3 > players/3/edit/age", place: "the players tab"),
        ForeignScreen(
            testDescription: "another user's book", tab: "library", stored: ["library", "books/\(bobsBook)"],
            kept: ["library"], reason: "no book \(bobsBook)", cut: "books/\(bobsBook)", place: "the library tab"),
        ForeignScreen(
            testDescription: "another user's question", tab: "questions", stored: ["questions", "questions/2"],
            kept: ["questions"], reason: "no question 2", cut: "questions/2", place: "the questions tab"),
        ForeignScreen(
            testDescription: "another user's ended gather", tab: "profile",
            stored: ["profile", "gathers", "gathers/3"], kept: ["profile", "gathers"], reason: "no gather 3",
            cut: "gathers/3",
            place: "the profile tab"),
        ForeignScreen(
            testDescription: "another user's book over the add-book form", tab: "questions",
            stored: ["books/new", "books/\(bobsBook)"], kept: ["books/new"], reason: "no book \(bobsBook)",
            cut: "books/\(bobsBook)",
            place: "the books/new flow", inModal: true),
    ]

    /// Ana's own valid stacks in `Fixtures.richDatabase`, stored beside the foreign screen.
    static let ownStacks: [String: [String]] = [
        "home": ["home"], "players": ["players", "players/1", "players/1/edit/name"],
        "library": ["library", "books/\(DeepLinkTests.dune)"], "questions": ["questions", "questions/1"],
        "profile": ["profile", "gathers", "gathers/1"],
    ]

    @Test(arguments: foreign)
    func aScreenNamingAnotherUsersRecordIsCutAndItsValidPrefixStays(_ screen: ForeignScreen) throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.richDatabase(in: folder)  // ana's records, ids 1 and up
        try sqlite(
            path,
            """
            INSERT INTO users (id, username, username_key, password_hash) VALUES (2, 'bob', 'bob', 'not-a-hash');
            INSERT INTO players (id, owner_id, name) VALUES (3, 2, 'Bea');
            INSERT INTO books (id, owner_id, isbn, title, created_at, updated_at, save_order)
              VALUES (3, 2, '\(Self.bobsBook)', 'Numbers', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 1);
            INSERT INTO questions (id, owner_id, text, answer, created_at)
              VALUES (2, 2, 'Anything about numbers?', 'Numbers', '2026-01-01T00:00:00.000Z');
            INSERT INTO question_books (question_id, seat, book_id) VALUES (2, 0, 3);
            INSERT INTO gathers (id, owner_id, started_at, ended_at, winner, timer_duration_ms, timer_state,
              timer_remaining_ms)
              VALUES (3, 2, '2026-01-01T10:00:00.000Z', '2026-01-01T11:00:00.000Z', 'None', 600000, 'stopped', 0);
            """)
        // Ana's stored state: her own valid stacks, with the foreign screen on one of them or in the modal.
        var stored = Self.ownStacks
        var modal: [String]?
        if screen.inModal {
            modal = screen.stored
        } else {
            stored[screen.tab] = screen.stored
        }
        let stacksJSON = try jsonText(stored.mapValues(Self.screens))
        let modalJSON = try modal.map { "'" + (try jsonText(["stack": Self.screens($0)])) + "'" } ?? "NULL"
        try sqlite(
            path,
            """
            UPDATE navigation_state SET selected_tab = '\(screen.tab)', selected_page = 'results',
              stacks = '\(stacksJSON)', modal = \(modalJSON), current_screen = NULL WHERE user_id = 1
            """)
        let before = try databaseDump(path)

        let clubhouse = ClubhouseProcess(database: path)
        let result = try clubhouse.run(["nav", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        // One warning, naming what was cut and from where (where the user landed is not checked here).
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        let warning = try #require(result.stderrLines.first)
        #expect(warning.hasPrefix("warning: "))
        #expect(warning.contains("\(screen.reason): cut \(screen.cut) from \(screen.place)"), "\(warning)")
        if screen.cut.hasSuffix("/edit/age") {
            #expect(warning.contains("the draft of players/3/edit/age was dropped"), "\(warning)")
        }
        // The valid prefix stays, and so does everything else.
        let state = try jsonObject(result.stdout)
        #expect(state["tab"] as? String == screen.tab)
        #expect(state["page"] as? String == "results")
        var expected = Self.ownStacks
        if screen.inModal {
            #expect(state["modal"] as? [String] == screen.kept)
        } else {
            expected[screen.tab] = screen.kept
            #expect(state["modal"] is NSNull)
        }
        #expect(stacks(state) == expected)
        let drafts = state["drafts"] as? [String: [String: String]]
        #expect(drafts?["players/3/edit/age"] == nil)
        #expect(drafts?["books/new"] == (screen.inModal ? Self.drafts["books/new"] : nil))
        // `nav` only reads: nothing was written, bob's records included.
        #expect(try databaseDump(path) == before)

        // The next command that writes (one that changes nothing else) saves the cut state;
        // after it, no warning.
        let write = try clubhouse.run(screen.inModal ? ["open", "books/new"] : ["tab", screen.tab])
        #expect(write.status == 0, "\(write.stderr)")
        let again = try clubhouse.run(["nav", "--json"])
        #expect(again.stderr.isEmpty, "\(again.stderr)")
        let saved = try jsonObject(again.stdout)
        #expect(stacks(saved) == expected)
        #expect(saved["modal"] as? [String] == (screen.inModal ? screen.kept : nil))
        let firstCut = try #require(screen.cut.components(separatedBy: " > ").first)
        #expect(
            !(try sqlite(path, "SELECT stacks || ifnull(modal, '') FROM navigation_state"))
                .contains(#""path":"\#(firstCut)""#))
    }

    /// The drafts the stored states carry: a valid one for each form the tests store.
    static let drafts = ["players/3/edit/age": ["age": "30"], "books/new": ["title": "Dune"]]

    /// Screens as the `stacks` column stores them, with their drafts.
    private static func screens(_ paths: [String]) -> [[String: Any]] {
        paths.map { path in drafts[path].map { ["path": path, "draft": $0] } ?? ["path": path] }
    }

    private func jsonText(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }
}
