import ClubhouseTestSupport
import Foundation
import Testing

/// A value in the file that this version cannot show as stored (edited with the sqlite3 shell:
/// an age that is text, a position that is not one of the list, a score beyond the range, a date
/// that is not one) is shown as before (unknown, empty, a default, the nearest allowed value) with
/// exactly one `warning:` line naming the record and column, by every command that shows the
/// record, whatever it prints (text or `--json`, which stays exact). Commands that do not show
/// the record say nothing about it; a list names the first five records and counts the rest.
@Suite(.heavy) struct UnshowableValueTests {
    static let ignoreChecks = "PRAGMA ignore_check_constraints = ON; "
    static let isbn = "9780441013593"

    /// ana signed in with players 1 Zoë (27, amateur, striker, Boca), 2 Kai (31, beginner,
    /// goalkeeper) and 3 Lea; gather 1 ended (Team A: 1, Team B: 2, 1–0), gather 2 in progress
    /// (Team A: 1 and 3, Team B: 2); Dune on the shelf, recommended by question 1. Made once.
    private static let template: Swift.Result<Data, any Error> = Result {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        for arguments in [
            [
                "player", "add", "--name", "Zoë", "--age", "27", "--skill", "amateur", "--position", "striker",
                "--favourite-team", "Boca",
            ],
            ["player", "add", "--name", "Kai", "--age", "31", "--skill", "beginner", "--position", "goalkeeper"],
            ["player", "add", "--name", "Lea"],
            ["gather", "new", "--team-a", "1", "--team-b", "2"], ["gather", "score", "a"], ["gather", "end", "--yes"],
            ["gather", "new", "--team-a", "1,3", "--team-b", "2"],
            [
                "book", "add", "--isbn", "0-441-01359-7", "--title", "Dune", "--author", "Frank Herbert",
                "--description", "Politics and ecology on a desert planet", "--price", "12.50", "--published",
                "1965-08-01",
            ],
            ["question", "ask", "What should I read about a desert planet?"], ["tab", "players"],
        ] {
            let result = try clubhouse.run(arguments)
            guard result.status == 0, result.stderr.isEmpty else {
                throw Fixtures.FixtureError(message: "\(arguments): \(result.stderr)")
            }
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// A copy of the template with `tampering` applied by the sqlite3 shell.
    private static func tampered(_ tampering: String, in folder: TemporaryFolder) throws -> ClubhouseProcess {
        let path = folder.path("clubhouse.sqlite")
        try template.get().write(to: URL(fileURLWithPath: path))
        try sqlite(path, tampering)
        return ClubhouseProcess(database: path)
    }

    /// Runs `arguments`: status 0, standard error exactly `warnings` (each one `warning:` line),
    /// and with `--json` a standard output that parses.
    @discardableResult
    private static func expectWarnings(
        _ clubhouse: ClubhouseProcess, _ arguments: [String], _ warnings: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ClubhouseProcess.Result {
        let result = try clubhouse.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            result.stderr == warnings.map { "warning: \($0)\n" }.joined(), "\(arguments)",
            sourceLocation: sourceLocation)
        if arguments.contains("--json") {
            #expect(
                (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil,
                "\(arguments) printed JSON that does not parse: \(result.stdout)", sourceLocation: sourceLocation)
        }
        return result
    }

    // MARK: Players

    static let player1 = [
        "player 1's age in the database is 'old', not a number; shown as unknown",
        "player 1's skill in the database is '42', not one of beginner, amateur, professional; shown as unknown",
        "player 1's position in the database is 'libero', not one of goalkeeper, defender, midfielder, winger, striker; shown as unknown",
    ]

    /// Player 1 is in the list, the player screen, the home page's newest players and the gather
    /// in progress: each shows them with one warning per column.
    @Test(arguments: [
        ["player", "list"], ["player", "list", "--json"], ["player", "show", "1"], ["player", "show", "1", "--json"],
        ["home"], ["home", "--json"], ["gather", "show"], ["gather", "show", "--json"], ["open", "players/1"],
        ["player", "edit", "1", "--name", "Zoe"],
    ])
    func aPlayersUnshowableValuesAreOneWarningEach(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        // TEXT affinity stores 42 as '42'.
        let clubhouse = try Self.tampered(
            Self.ignoreChecks + "UPDATE players SET age = 'old', skill = 42, position = 'libero' WHERE id = 1",
            in: folder)
        let result = try Self.expectWarnings(clubhouse, arguments, Self.player1)
        if arguments == ["player", "list", "--json"] {
            let zoe = try #require(try jsonArray(result.stdout).first)
            #expect(zoe["age"] is NSNull && zoe["skill"] is NSNull && zoe["position"] is NSNull)
            #expect(zoe["name"] as? String == "Zoë" && zoe["favouriteTeam"] as? String == "Boca")
        }
        if arguments == ["player", "list"] {
            #expect(
                result.stdout.contains("\n1   Zoë   -    -         -           -             Boca\n"),
                "\(result.stdout)")
        }
    }

    /// Values SQLite stores whatever the column says, each read as nothing rather than as
    /// something else (a real is not cut to a whole age), with the reason.
    @Test(arguments: [
        ("age = 2.5", "player 1's age in the database is 2.5, not a whole number; shown as unknown"),
        ("age = X'01'", "player 1's age in the database is a blob of 1 byte, not a number; shown as unknown"),
        (
            "position = X'00'",
            "player 1's position in the database is a blob of 1 byte, not one of goalkeeper, defender, midfielder, winger, striker; shown as unknown"
        ),
        (
            "name = X'ff00fe'",
            "player 1's name in the database is a blob that is not UTF-8 text; shown with replacement characters"
        ),
        (
            "skill = 'x' || printf('%.100000c', 'y')",
            "player 1's skill in the database is 'xyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…', not one of beginner, amateur, professional; shown as unknown"
        ),
    ])
    func eachKindOfUnshowablePlayerValueIsNamed(_ change: String, _ warning: String) throws {
        let folder = try TemporaryFolder()
        let clubhouse = try Self.tampered(Self.ignoreChecks + "UPDATE players SET \(change) WHERE id = 1", in: folder)
        for arguments in [["player", "show", "1", "--json"], ["player", "list", "--json"], ["player", "list"]] {
            try Self.expectWarnings(clubhouse, arguments, [warning])
        }
        let shown = try jsonObject(try clubhouse.run(["player", "show", "1", "--json"]).stdout)
        if change.hasPrefix("age") { #expect(shown["age"] is NSNull) }
    }

    /// A million tampered rows must not bury the list: the first five are named, the others
    /// counted, once, though the text table reads the rows twice.
    @Test func aListNamesTheFirstFiveRecordsAndCountsTheRest() throws {
        let folder = try TemporaryFolder()
        let clubhouse = try Self.tampered(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
            INSERT INTO players (owner_id, name) SELECT 1, 'P' || i FROM n;
            \(Self.ignoreChecks) UPDATE players SET age = 'x' WHERE id > 3; UPDATE players SET skill = 'wizard' WHERE id = 5;
            """, in: folder)
        var warnings = (4...8).map { "player \($0)'s age in the database is 'x', not a number; shown as unknown" }
        warnings.insert(
            "player 5's skill in the database is 'wizard', not one of beginner, amateur, professional; shown as unknown",
            at: 2)
        warnings.append("and 15 more rows with values this version cannot show; run clubhouse check")
        for arguments in [["player", "list"], ["player", "list", "--json"], ["open", "players"]] {
            // From another tab, so that `open` lands on the list and shows it (on the list
            // already, it says so in one line and shows nothing).
            if arguments.first == "open" { try clubhouse.run(["tab", "library"]) }
            try Self.expectWarnings(clubhouse, arguments, warnings)
        }
        let check = try clubhouse.run(["check"])
        #expect(check.stdout.contains("problem: players: 15 more rows where age breaks CHECK ("), "\(check.stdout)")
    }

    /// Where player 2's row is not shown, nothing is said about it: not even by the ended gather
    /// that shows the copy of the player kept with it.
    @Test(arguments: [
        ["tab", "library"], ["whoami"], ["nav"], ["book", "list"], ["player", "show", "1"], ["gather", "show", "1"],
    ])
    func aCommandThatDoesNotShowTheRecordSaysNothing(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let clubhouse = try Self.tampered(Self.ignoreChecks + "UPDATE players SET age = 'old' WHERE id = 2", in: folder)
        try Self.expectWarnings(clubhouse, arguments, [])
    }

    // MARK: Gathers

    static let endedGather = [
        "gather 1's ended_at in the database is 'garbage', not a time; shown as stored",
        "gather 1's winner in the database is 'Team C', not one of Team A, Team B, None; shown as Team A, from the score",
        "gather 1's player #1's position in the database is 'sweeper', not one of goalkeeper, defender, midfielder, winger, striker; shown as unknown",
    ]

    /// An ended gather shows the copies of its players kept with it: a copy's value is named as
    /// the copy's, not the player's.
    @Test(arguments: [
        ["gather", "show", "1"], ["gather", "show", "1", "--json"], ["gather", "list"], ["gather", "list", "--json"],
        ["page", "results"], ["home", "--json"],
    ])
    func anEndedGathersUnshowableValuesAreOneWarningEach(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let clubhouse = try Self.tampered(
            Self.ignoreChecks
                + """
                UPDATE gathers SET winner = 'Team C', ended_at = 'garbage' WHERE id = 1;
                UPDATE gather_players SET position = 'sweeper' WHERE gather_id = 1 AND team = 'a';
                UPDATE navigation_state SET selected_page = 'results';
                """, in: folder)
        let result = try Self.expectWarnings(clubhouse, arguments, Self.endedGather)
        if arguments == ["gather", "show", "1", "--json"] {
            let gather = try jsonObject(result.stdout)
            #expect(gather["winner"] as? String == "Team A")
            #expect(gather["endedAt"] as? String == "garbage")
        }
    }

    static let gatherInProgress = [
        "gather 2's timer_state in the database is 'exploded', not one of stopped, running, paused; shown as paused",
        "gather 2's score_a in the database is 'lots', not a number; shown as 0",
        "gather 2's score_b in the database is 200, beyond 100; shown as 100",
    ]

    @Test(arguments: [
        ["gather", "show"], ["gather", "show", "--json"], ["gather", "show", "2"], ["gather", "timer", "set", "05:00"],
    ])
    func aGatherInProgressNamesWhatItBroughtWithinTheRules(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let clubhouse = try Self.tampered(
            Self.ignoreChecks
                + "UPDATE gathers SET score_a = 'lots', score_b = 200, timer_state = 'exploded' WHERE id = 2",
            in: folder)
        if arguments.contains("timer") {
            // The action writes the score and the timer again: they are what is shown, no warning.
            let result = try Self.expectWarnings(clubhouse, arguments, [])
            #expect(result.stdout.contains("\nScore   Team A 0 – 100 Team B\n"), "\(result.stdout)")
            try Self.expectWarnings(clubhouse, ["gather", "show"], [])
        } else {
            try Self.expectWarnings(clubhouse, arguments, Self.gatherInProgress)
        }
    }

    // MARK: Books and questions

    static let book = [
        "book \(isbn)'s price_cents in the database is 12.5, not a whole number; shown as none",
        "book \(isbn)'s published in the database is '1965-02-30', not a real date; shown as none",
        "book \(isbn)'s created_at in the database is 'garbage', not a time; shown as stored",
    ]

    @Test(arguments: [
        ["book", "list"], ["book", "list", "--json"], ["book", "show", isbn], ["book", "show", isbn, "--json"],
        ["book", "search", "dune"], ["page", "reading"], ["question", "show", "1"],
        ["question", "show", "1", "--json"],
        ["question", "list", "--json"], ["tab", "library"],
    ])
    func aBooksUnshowableValuesAreOneWarningEach(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let clubhouse = try Self.tampered(
            Self.ignoreChecks
                + "UPDATE books SET price_cents = 12.5, published = '1965-02-30', created_at = 'garbage'", in: folder)
        let result = try Self.expectWarnings(clubhouse, arguments, Self.book)
        if arguments == ["book", "show", Self.isbn, "--json"] {
            let book = try jsonObject(result.stdout)
            #expect(book["price"] is NSNull && book["published"] is NSNull)
        }
    }

    @Test func aBookWithAShelfFlagOtherThanZeroOrOneIsShownOffTheShelf() throws {
        let folder = try TemporaryFolder()
        let clubhouse = try Self.tampered(Self.ignoreChecks + "UPDATE books SET owned = 7", in: folder)
        let warning = "book \(Self.isbn)'s owned in the database is 7, not 0 or 1; shown as not on the shelf"
        let shown = try Self.expectWarnings(clubhouse, ["book", "show", Self.isbn], [warning])
        #expect(shown.stdout.contains("Not on the shelf"))
        // The shelf's own query leaves it out: not shown, nothing said.
        try Self.expectWarnings(clubhouse, ["book", "list"], [])
    }

    @Test(arguments: [["question", "show", "1"], ["question", "list"], ["question", "list", "--json"]])
    func aQuestionsUnshowableValuesAreOneWarningEach(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let clubhouse = try Self.tampered("UPDATE questions SET created_at = 'yesterday', answer = X'ff'", in: folder)
        try Self.expectWarnings(
            clubhouse, arguments,
            [
                "question 1's answer in the database is a blob that is not UTF-8 text; shown with replacement characters",
                "question 1's created_at in the database is 'yesterday', not a time; shown as stored",
            ])
    }

    // MARK: Users

    @Test(arguments: [["whoami"], ["whoami", "--json"], ["nav"], ["nav", "--json"], ["tab", "profile"], ["logout"]])
    func aUsernameThatCannotBeShownAsStoredIsOneWarning(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let clubhouse = try Self.tampered("UPDATE users SET username = X'616eff' WHERE id = 1", in: folder)
        try Self.expectWarnings(
            clubhouse, arguments,
            ["user 1's username in the database is a blob that is not UTF-8 text; shown with replacement characters"])
    }
}
