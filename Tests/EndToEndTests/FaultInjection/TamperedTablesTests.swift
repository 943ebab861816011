import ClubhouseTestSupport
import Foundation
import Testing

/// Every table of the file edited by hand with the sqlite3 shell, the way the schema allows (or,
/// with the shell's pragmas, does not): text where a number is stored, a blob where text is, an
/// unknown enum value, a number out of range, a NULL in a NOT NULL column, escape sequences in
/// stored text, a tampered password hash, a session whose user is gone. After each, the commands
/// that read that table end by themselves with status 0 or 1, say what is wrong in one
/// `warning:` or `error:` line, never print stored text raw, and the user can still
/// `logout` and sign in again (docs/architecture.md, Persistence: a database file is untrusted input).
@Suite(.heavy) struct TamperedTablesTests {
    struct Tampering: Sendable, CustomTestStringConvertible {
        enum Change: Sendable {
            /// SQL that must change at least one row (checked with `changes()`).
            case sql(String)
            /// A NULL in a NOT NULL column: see `forceNull`.
            case null(table: String, column: String, where: String)
        }

        let table: String
        let change: Change
        /// Who signs in afterwards: ana, unless her own account row is what was tampered with.
        var signIn = "ana"

        var testDescription: String {
            switch change {
            case .sql(let sql): "\(table): \(sql.prefix(120))"
            case .null(let table, let column, let condition): "\(table).\(column) = NULL where \(condition)"
            }
        }

        static func sql(_ table: String, _ sql: String, signIn: String = "ana") -> Tampering {
            Tampering(table: table, change: .sql(sql), signIn: signIn)
        }

        static func null(_ table: String, _ column: String, where condition: String, signIn: String = "ana")
            -> Tampering
        {
            Tampering(table: table, change: .null(table: table, column: column, where: condition), signIn: signIn)
        }
    }

    /// Text with a terminal escape (clear screen), an OSC title sequence and a bidi override.
    static let hostileText = "'x' || char(27) || '[2J' || char(27) || ']0;owned' || char(7) || char(8238) || 'y'"
    /// The same inside JSON, escaped as JSON escapes it.
    static let hostileJSON = #"\u001b[2J\u001b]0;owned\u0007\u202ey"#
    static let ignoreChecks = "PRAGMA ignore_check_constraints = ON; PRAGMA foreign_keys = OFF; "

    static let users: [Tampering] = [
        .sql("users", "UPDATE users SET username = X'1b5b324aff' WHERE id = 1"),
        .sql("users", "UPDATE users SET username = 42 WHERE id = 1"),
        .sql("users", "UPDATE users SET username = \(hostileText) WHERE id = 1"),
        .sql("users", "UPDATE users SET username = printf('%.1000000c', 'a') WHERE id = 1"),
        .null("users", "username", where: "id = 1"),
        .sql("users", "UPDATE users SET username_key = X'616e61' WHERE id = 1", signIn: "bob"),
        .sql("users", "UPDATE users SET created_at = X'00' WHERE id = 1"),
        .null("users", "created_at", where: "id = 1"),
        .null("users", "username_key", where: "id = 1", signIn: "bob"),
    ]

    static let sessions: [Tampering] = [
        .sql("sessions", "PRAGMA foreign_keys = OFF; UPDATE sessions SET user_id = 'ana' WHERE ended_at IS NULL"),
        .sql("sessions", "PRAGMA foreign_keys = OFF; UPDATE sessions SET user_id = 999 WHERE ended_at IS NULL"),
        .sql(
            "sessions",
            "PRAGMA foreign_keys = OFF; UPDATE sessions SET user_id = -9223372036854775808 WHERE ended_at IS NULL"),
        .sql("sessions", "UPDATE sessions SET started_at = X'00' WHERE ended_at IS NULL"),
        .null("sessions", "started_at", where: "ended_at IS NULL"),
        .sql("sessions", "UPDATE sessions SET ended_at = X'00' WHERE ended_at IS NULL"),
        .sql("sessions", "UPDATE sessions SET ended_at = 'not a date' WHERE ended_at IS NULL"),
        // A session left behind by a user row deleted outside the app.
        .sql("sessions", "PRAGMA foreign_keys = OFF; DELETE FROM users WHERE id = 1", signIn: "bob"),
    ]

    static let navigationState: [Tampering] = [
        .sql("navigation_state", "UPDATE navigation_state SET version = 'two'"),
        .sql("navigation_state", "UPDATE navigation_state SET version = X'02'"),
        .sql("navigation_state", "UPDATE navigation_state SET version = -9223372036854775808"),
        .sql("navigation_state", "UPDATE navigation_state SET root_flow = 'settings'"),
        .null("navigation_state", "root_flow", where: "1"),
        .sql("navigation_state", "UPDATE navigation_state SET selected_tab = X'706c6179657273'"),
        .sql("navigation_state", "UPDATE navigation_state SET selected_page = 'news'"),
        .null("navigation_state", "selected_page", where: "1"),
        .null("navigation_state", "stacks", where: "1"),
        .sql("navigation_state", "UPDATE navigation_state SET stacks = X'7b7d'"),
        // JSON nested deeper than any parser should recurse.
        .sql("navigation_state", "UPDATE navigation_state SET stacks = '{\"players\":' || printf('%.200000c', '[')"),
        .sql("navigation_state", "UPDATE navigation_state SET stacks = printf('%.1000000c', 'x')"),
        .sql(
            "navigation_state",
            #"UPDATE navigation_state SET stacks = '{"players":[{"path":"players"},{"path":"players/99999999999999999999999"}]}'"#
        ),
        .sql(
            "navigation_state",
            #"UPDATE navigation_state SET stacks = '{"players":[{"path":"players"},{"path":"players/\#(hostileJSON)"}]}'"#
        ),
        .sql(
            "navigation_state",
            #"UPDATE navigation_state SET stacks = '{"players":[{"path":"players"},{"path":"players/new","draft":{"name":"\#(hostileJSON)","\#(hostileJSON)":"x"}}]}'"#
        ),
        .sql(
            "navigation_state",
            #"UPDATE navigation_state SET stacks = '{"players":[{"path":"players"},{"path":"players/new","draft":{"name":1,"age":[]}}]}'"#
        ),
        .sql("navigation_state", "UPDATE navigation_state SET modal = 'garbage'"),
        .sql("navigation_state", #"UPDATE navigation_state SET modal = '{"stack":[]}'"#),
        .sql(
            "navigation_state",
            #"UPDATE navigation_state SET modal = '{"stack":[{"path":"books/new","draft":{"title":"\#(hostileJSON)"}}]}'"#
        ),
        .sql("navigation_state", "UPDATE navigation_state SET current_screen = 'players/' || \(hostileText)"),
        .null("navigation_state", "updated_at", where: "1"),
        .sql("navigation_state", "DELETE FROM navigation_state"),
    ]

    static let navigationJournal: [Tampering] = [
        .sql("navigation_journal", ignoreChecks + "UPDATE navigation_journal SET kind = 'teleport'"),
        .sql("navigation_journal", "UPDATE navigation_journal SET at = X'00'"),
        .null("navigation_journal", "at", where: "1"),
        .sql("navigation_journal", "UPDATE navigation_journal SET from_screen = X'1b5b324aff'"),
        .sql("navigation_journal", "UPDATE navigation_journal SET to_screen = 'players/' || \(hostileText)"),
        .null("navigation_journal", "from_screen", where: "1"),
        .sql("navigation_journal", "UPDATE navigation_journal SET closed_screen = 'players/99999'"),
        .sql("navigation_journal", "UPDATE navigation_journal SET closed_screen = 'gathers/' || \(hostileText)"),
        .sql("navigation_journal", "UPDATE navigation_journal SET before_state = 'garbage'"),
        .sql("navigation_journal", "UPDATE navigation_journal SET before_state = '[' || printf('%.200000c', '[')"),
        .sql("navigation_journal", "UPDATE navigation_journal SET after_state = X'00', before_state = 42"),
        .null("navigation_journal", "before_state", where: "1"),
        .sql("navigation_journal", ignoreChecks + "UPDATE navigation_journal SET undone = 'yes', reopened = 7"),
        .sql("navigation_journal", "PRAGMA foreign_keys = OFF; UPDATE navigation_journal SET user_id = 'ana'"),
        .sql(
            "navigation_journal",
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
            INSERT INTO navigation_journal (user_id, kind, from_screen, to_screen, before_state, after_state)
            SELECT 1, 'navigate', 'players', 'players/1', before_state, after_state
            FROM n, (SELECT before_state, after_state FROM navigation_journal LIMIT 1)
            """),
    ]

    /// Tampered while signed out, with `players/1` waiting to open at the next sign-in.
    static let pendingLink: [Tampering] = [
        .sql("pending_link", "UPDATE pending_link SET link = X'00ff'"),
        .sql("pending_link", "UPDATE pending_link SET link = 'clubhouse://' || \(hostileText)"),
        .sql("pending_link", "UPDATE pending_link SET link = printf('%.1000000c', '/')"),
        .sql("pending_link", "UPDATE pending_link SET link = 'players/99999999999999999999999'"),
        .sql("pending_link", "UPDATE pending_link SET link = 'gathers/1/../../players'"),
        .null("pending_link", "link", where: "1"),
        .sql("pending_link", "UPDATE pending_link SET created_at = X'00'"),
        .sql("pending_link", ignoreChecks + "UPDATE pending_link SET id = 2"),
    ]

    static let players: [Tampering] = [
        .sql("players", "UPDATE players SET name = X'ff00fe' WHERE id = 1"),
        .sql("players", "UPDATE players SET name = 42 WHERE id = 1"),
        .sql("players", "UPDATE players SET name = \(hostileText) WHERE id = 1"),
        // A line break in a stored name must not forge a row of the table.
        .sql("players", "UPDATE players SET name = 'Zoë' || char(10) || '9   Forged' || char(13) WHERE id = 1"),
        .sql("players", "UPDATE players SET name = printf('%.1000000c', 'z') WHERE id = 1"),
        .null("players", "name", where: "id = 1"),
        .sql("players", ignoreChecks + "UPDATE players SET age = 'old' WHERE id = 1"),
        .sql("players", ignoreChecks + "UPDATE players SET age = 1000 WHERE id = 1"),
        .sql("players", ignoreChecks + "UPDATE players SET age = 9223372036854775807 WHERE id = 1"),
        .sql("players", ignoreChecks + "UPDATE players SET age = 2.5 WHERE id = 1"),
        .sql("players", ignoreChecks + "UPDATE players SET age = X'01' WHERE id = 1"),
        .sql("players", ignoreChecks + "UPDATE players SET skill = 'wizard' WHERE id = 1"),
        .sql("players", ignoreChecks + "UPDATE players SET position = 'sweeper' WHERE id = 1"),
        .sql("players", ignoreChecks + "UPDATE players SET position = X'00' WHERE id = 1"),
        .sql("players", "UPDATE players SET favourite_team = \(hostileText) WHERE id = 1"),
        .sql("players", "PRAGMA foreign_keys = OFF; UPDATE players SET owner_id = 'ana' WHERE id = 1"),
        .sql("players", "PRAGMA foreign_keys = OFF; UPDATE players SET owner_id = 999 WHERE id = 1"),
        .null("players", "owner_id", where: "id = 1"),
        .null("players", "created_at", where: "id = 1"),
    ]

    /// Gather 1 has ended; gather 2 is in progress with its countdown running.
    static let gathers: [Tampering] = [
        .sql("gathers", ignoreChecks + "UPDATE gathers SET winner = 'Team C' WHERE id = 1"),
        .sql("gathers", ignoreChecks + "UPDATE gathers SET winner = 42 WHERE id = 1"),
        .sql("gathers", ignoreChecks + "UPDATE gathers SET score_a = 'lots' WHERE id = 2"),
        .sql("gathers", ignoreChecks + "UPDATE gathers SET score_b = X'00' WHERE id = 2"),
        .sql("gathers", ignoreChecks + "UPDATE gathers SET score_a = 1e300 WHERE id = 2"),
        .sql("gathers", ignoreChecks + "UPDATE gathers SET score_a = -9223372036854775808 WHERE id = 1"),
        .sql("gathers", ignoreChecks + "UPDATE gathers SET timer_duration_ms = 0 WHERE id = 2"),
        .sql("gathers", ignoreChecks + "UPDATE gathers SET timer_duration_ms = 'ten' WHERE id = 2"),
        .sql("gathers", ignoreChecks + "UPDATE gathers SET timer_duration_ms = 9223372036854775807 WHERE id = 2"),
        .sql("gathers", ignoreChecks + "UPDATE gathers SET timer_state = 'exploded' WHERE id = 2"),
        .null("gathers", "timer_state", where: "id = 2"),
        .sql("gathers", ignoreChecks + "UPDATE gathers SET timer_remaining_ms = 99999999999 WHERE id = 2"),
        .sql("gathers", ignoreChecks + "UPDATE gathers SET timer_remaining_ms = 'x' WHERE id = 2"),
        .sql("gathers", ignoreChecks + "UPDATE gathers SET timer_played_ms = -5 WHERE id = 1"),
        .sql("gathers", "UPDATE gathers SET started_at = X'00' WHERE id = 2"),
        .sql("gathers", "UPDATE gathers SET started_at = \(hostileText) WHERE id = 1"),
        .null("gathers", "started_at", where: "id = 2"),
        .sql("gathers", "UPDATE gathers SET ended_at = 'garbage' WHERE id = 1"),
        .sql("gathers", "UPDATE gathers SET ended_at = X'00' WHERE id = 1"),
        .sql("gathers", "PRAGMA foreign_keys = OFF; UPDATE gathers SET owner_id = 'ana' WHERE id = 2"),
        .sql("gathers", "PRAGMA foreign_keys = OFF; UPDATE gathers SET owner_id = 999 WHERE id = 2"),
    ]

    /// The first player of a gather: one row, so that a changed seat stays unique.
    static func firstSeat(_ gather: Int) -> String {
        "rowid = (SELECT min(rowid) FROM gather_players WHERE gather_id = \(gather))"
    }

    static let gatherPlayers: [Tampering] = [
        .sql("gather_players", ignoreChecks + "UPDATE gather_players SET team = 7 WHERE gather_id = 2 AND team = 'b'"),
        .null("gather_players", "team", where: "gather_id = 1 AND team = 'a'"),
        .sql("gather_players", "UPDATE gather_players SET seat = 'first' WHERE \(firstSeat(2))"),
        .sql("gather_players", "UPDATE gather_players SET seat = X'00' WHERE \(firstSeat(1))"),
        .sql("gather_players", "UPDATE gather_players SET seat = 9223372036854775807 WHERE \(firstSeat(2))"),
        .sql(
            "gather_players", "PRAGMA foreign_keys = OFF; UPDATE gather_players SET player_id = 'x' WHERE gather_id = 2"
        ),
        .sql(
            "gather_players", "PRAGMA foreign_keys = OFF; UPDATE gather_players SET player_id = 999 WHERE gather_id = 2"
        ),
        .sql("gather_players", "UPDATE gather_players SET name = X'1bff' WHERE gather_id = 1"),
        .sql("gather_players", "UPDATE gather_players SET name = \(hostileText) WHERE gather_id = 2"),
        .sql("gather_players", "UPDATE gather_players SET name = printf('%.1000000c', 'n') WHERE gather_id = 1"),
        .null("gather_players", "name", where: "gather_id = 2"),
        .sql(
            "gather_players",
            "UPDATE gather_players SET age = 'x', skill = 'wizard', position = 'sweeper' WHERE gather_id = 2"),
        .sql(
            "gather_players",
            "UPDATE gather_players SET age = 1000, position = 42, favourite_team = X'00' WHERE gather_id = 1"),
        .sql(
            "gather_players",
            "PRAGMA foreign_keys = OFF; UPDATE gather_players SET gather_id = 999 WHERE gather_id = 2 AND team = 'a'"),
    ]

    /// The commands that read each table, run after it was tampered with.
    static let commands: [String: [[String]]] = [
        "users": [["whoami"], ["nav"], ["nav", "--json"], ["player", "list"], ["history"]],
        "sessions": [["whoami"], ["nav"], ["player", "list"], ["tab", "profile"]],
        "navigation_state": [
            ["nav"], ["nav", "--json"], ["tab", "players"], ["back"], ["undo"], ["open", "players/2"], ["whoami"],
        ],
        "navigation_journal": [["history"], ["history", "--json"], ["undo"], ["reopen"], ["nav"]],
        "pending_link": [["nav"], ["nav", "--json"], ["whoami"]],
        "players": [
            ["player", "list"], ["player", "list", "--json"], ["player", "show", "1"], ["home"], ["gather", "show"],
            ["player", "edit", "1", "--name", "Mended"],
        ],
        "gathers": [
            ["gather", "show"], ["gather", "show", "--json"], ["gather", "show", "1"], ["gather", "list"],
            ["gather", "list", "--json"], ["page", "results"], ["gather", "score", "a"],
        ],
        "gather_players": [
            ["gather", "show"], ["gather", "show", "--json"], ["gather", "show", "1", "--json"], ["gather", "list"],
            ["page", "results"], ["nav"], ["gather", "end", "--yes"],
        ],
    ]

    static let everyTable =
        users + sessions + navigationState + navigationJournal + pendingLink + players + gathers
        + gatherPlayers

    /// ana (id 1, signed in) and bob (id 2), both with the cheap hash of the fixture password;
    /// ana's players 1 to 4, gather 1 ended, gather 2 in progress with its countdown running,
    /// a journal with closed screens, and ana on `players > players/1`. Made once, copied per test.
    private static let template: Swift.Result<Data, any Error> = Result {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        try FaultFixtures.makeSignInCheap(path)
        try FaultFixtures.insertUser(path, username: "bob")
        let clubhouse = ClubhouseProcess(database: path)
        for arguments in [
            [
                "player", "add", "--name", "Zoë", "--age", "27", "--skill", "amateur", "--position", "striker",
                "--favourite-team", "Boca",
            ],
            ["player", "add", "--name", "Kai", "--age", "31", "--skill", "beginner", "--position", "goalkeeper"],
            ["player", "add", "--name", "Lea"], ["player", "add", "--name", "Max"],
            ["gather", "new", "--team-a", "1,2", "--team-b", "3"], ["gather", "score", "a"],
            ["gather", "end", "--yes"],
            ["gather", "new", "--team-a", "1,3", "--team-b", "2,4"], ["gather", "timer", "start"],
            ["player", "show", "2"], ["back"], ["tab", "profile"], ["open", "gathers/1"], ["back"], ["tab", "players"],
            ["player", "show", "1"],
        ] {
            let result = try clubhouse.run(arguments)
            guard result.status == 0 else { throw Fixtures.FixtureError(message: "\(arguments): \(result.stderr)") }
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    private static func database(in folder: TemporaryFolder) throws -> String {
        let path = folder.path("clubhouse.sqlite")
        try template.get().write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: everyTable)
    func aTamperedRowNeitherCrashesNorLocksAnyoneOut(_ tampering: Tampering) throws {
        let folder = try TemporaryFolder()
        let path = try Self.database(in: folder)
        if tampering.table == "pending_link" {
            for arguments in [["logout"], ["open", "players/1"]] {
                let result = try RawRun.run(arguments, database: path, in: folder)
                #expect(result.ending == .exited(0), "\(arguments): \(result.stderrText)")
            }
            #expect(try sqlite(path, "SELECT link FROM pending_link") == "players/1")
        }
        try Self.apply(tampering.change, to: path)

        for arguments in Self.commands[tampering.table] ?? [] {
            let result = try RawRun.run(arguments, database: path, in: folder)
            Self.expectSafe(result, arguments)
        }
        try Self.expectSignOutAndInAgain(path, as: tampering.signIn, in: folder)
    }

    /// A login's peak resident memory: over twice a refused login's (28 MiB, debug build), far
    /// below what hashing at the least of the tampered costs below would take (`ln=20,r=16,p=4`:
    /// 2 GiB of scrypt; even the recommended cost, ln=17 r=8, takes 128 MiB).
    static let loginMemoryBoundKiB = 64 << 10

    /// Stored password-hash parameters are checked before any hashing: a tampered cost is refused
    /// at once (measured by the process's peak memory, which hashing gigabytes would show, not by
    /// time; it asserts no speed), the error is one line, and another account signs in as usual.
    @Test(arguments: [
        "'$scrypt$ln=30,r=8,p=1$' || salt_and_key",
        "'$scrypt$ln=17,r=1000000,p=1$' || salt_and_key",
        "'$scrypt$ln=17,r=8,p=1000000$' || salt_and_key",
        "'$scrypt$ln=20,r=16,p=4$' || salt_and_key",
        "'$scrypt$ln=62,r=8,p=1$' || salt_and_key",
        "'$scrypt$ln=-1,r=8,p=1$' || salt_and_key",
        "'$scrypt$ln=99999999999999999999,r=8,p=1$' || salt_and_key",
        "'$scrypt$ln=10,r=0,p=0$' || salt_and_key",
        "'$scrypt$ln=10,r=8,p=1$$'",
        "'$scrypt$ln=10,r=8,p=1$' || printf('%.1000000c', 'A') || '$' || printf('%.1000000c', 'A')",
        "'$argon2id$v=19$m=4194304,t=1000,p=1$' || salt_and_key",
        "'garbage'", "''", "X'00'", "12345",
    ])
    func aTamperedPasswordHashIsRefusedAtOnce(_ hash: String) throws {
        let folder = try TemporaryFolder()
        let path = try Self.database(in: folder)
        let saltAndKey = String(FaultFixtures.cheapHash.split(separator: "$", maxSplits: 2)[2])
        try Self.apply(
            .sql(
                "UPDATE users SET password_hash = "
                    + hash.replacingOccurrences(of: "salt_and_key", with: "'\(saltAndKey)'") + " WHERE id = 1"),
            to: path)
        #expect(try RawRun.run(["logout"], database: path, in: folder).ending == .exited(0))
        let password = folder.path("password")
        try Data(Fixtures.password.utf8).write(to: URL(fileURLWithPath: password))
        // Through GNU time, for the process's peak memory: hashing at a tampered cost takes
        // gigabytes whatever the machine's speed (it was a bound of 5 s, which a busy machine's
        // start-up alone could pass).
        let report = folder.path("peak")
        let login = try RawRun.run(
            (["-q", "-o", report, "-f", "%M", ClubhouseProcess.binary.path, "login", "ana", "--password-stdin"]
                + ["--database", path]).map { Array($0.utf8) }, stdin: .file(password), in: folder,
            binary: try RequiredProgram.time.require())
        let peakText = try String(contentsOfFile: report, encoding: .utf8)
        let peakKiB = try #require(
            peakText.split(separator: "\n").last.flatMap { Int($0) }, "GNU time said: \(peakText)")
        Self.expectSafe(login, ["login", "ana"])
        #expect(login.ending == .exited(1), "\(excerpt(login.stderrText))")
        #expect(peakKiB < Self.loginMemoryBoundKiB, "login against a tampered hash peaked at \(peakKiB) KiB")
        try Self.expectSignOutAndInAgain(path, as: "bob", in: folder)
    }

    /// A NULL forced via the sqlite3 shell into a NOT NULL column works too.
    @Test func aPasswordHashForcedToNullIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = try Self.database(in: folder)
        try Self.apply(.null(table: "users", column: "password_hash", where: "id = 1"), to: path)
        #expect(try RawRun.run(["logout"], database: path, in: folder).ending == .exited(0))
        let password = folder.path("password")
        try Data(Fixtures.password.utf8).write(to: URL(fileURLWithPath: password))
        let login = try RawRun.run(
            ["login", "ana", "--password-stdin"], database: path, stdin: .file(password), in: folder)
        Self.expectSafe(login, ["login", "ana"])
        #expect(login.ending == .exited(1), "\(excerpt(login.stderrText))")
        try Self.expectSignOutAndInAgain(path, as: "bob", in: folder)
    }

    // MARK: Checks

    /// Clean (see `expectClean`), and nothing stored reaches the terminal raw: human output has
    /// no control or bidi characters at all; `--json` escapes what JSON must (C0 controls).
    private static func expectSafe(
        _ result: RawRun, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let what = "clubhouse \(arguments.joined(separator: " "))"
        expectClean(result, what, sourceLocation: sourceLocation)
        #expect(result.ending.status != 64, "\(what) is no usage error", sourceLocation: sourceLocation)
        if arguments.contains("--json") {
            expectNoRawControls(
                RawRun(ending: result.ending, stdout: Data(), stderr: result.stderr), what,
                sourceLocation: sourceLocation)
            let c0 = result.stdout.first { $0 < 0x20 && $0 != 0x0A }
            #expect(c0 == nil, "a raw C0 control in the JSON of \(what)", sourceLocation: sourceLocation)
        } else {
            expectNoRawControls(result, what, sourceLocation: sourceLocation)
        }
    }

    /// `logout` (or "not signed in" when the tampering signed everyone out), then `login` as
    /// `username`, then the ordinary commands work.
    private static func expectSignOutAndInAgain(
        _ path: String, as username: String, in folder: TemporaryFolder,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let logout = try RawRun.run(["logout"], database: path, in: folder)
        expectSafe(logout, ["logout"], sourceLocation: sourceLocation)
        #expect(
            logout.ending == .exited(0)
                || logout.stderrText
                    == "error: not signed in; sign in with: clubhouse login USERNAME (or create an account with: clubhouse register USERNAME)\n",
            "logout: \(logout.ending), \(excerpt(logout.stderrText))", sourceLocation: sourceLocation)
        let password = folder.path("password")
        try Data(Fixtures.password.utf8).write(to: URL(fileURLWithPath: password))
        let login = try RawRun.run(
            ["login", username, "--password-stdin"], database: path, stdin: .file(password), in: folder)
        expectSafe(login, ["login", username], sourceLocation: sourceLocation)
        // (The name printed is the stored one, which may be what was tampered with.)

        #expect(
            login.ending == .exited(0) && login.stdoutText.hasPrefix("Signed in as "),
            "login \(username): \(login.ending), \(excerpt(login.stderrText))", sourceLocation: sourceLocation)
        let whoami = try RawRun.run(["whoami"], database: path, in: folder)
        expectSafe(whoami, ["whoami"], sourceLocation: sourceLocation)
        #expect(
            whoami.ending == .exited(0),
            "whoami: \(excerpt(whoami.stdoutText)) \(excerpt(whoami.stderrText))", sourceLocation: sourceLocation)
        for arguments in [["nav"]] {
            expectSafe(try RawRun.run(arguments, database: path, in: folder), arguments, sourceLocation: sourceLocation)
        }
    }

    // MARK: Tampering

    static func apply(_ change: Tampering.Change, to path: String) throws {
        switch change {
        case .sql(let sql):
            let changed = try sqlite(path, sql + "; SELECT changes();")
            guard changed.split(separator: "\n").last != "0" else {
                throw Fixtures.FixtureError(message: "the tampering changed nothing: \(sql)")
            }
        case .null(let table, let column, let condition):
            try forceNull(path, table: table, column: column, where: condition)
        }
    }

    /// Sets `column` to NULL in the rows `condition` selects, though the schema says NOT NULL:
    /// the column's NOT NULL is taken out of the stored schema for one sqlite3 run and then put
    /// back word for word, so the file's schema reads exactly as before (and as its version says).
    static func forceNull(_ path: String, table: String, column: String, where condition: String) throws {
        let original = try sqlite(path, "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '\(table)'")
        var lines = original.components(separatedBy: "\n")
        guard
            let index = lines.firstIndex(where: {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix(column + " ") && $0.contains(" NOT NULL")
            })
        else { throw Fixtures.FixtureError(message: "no NOT NULL column \(column) in \(original)") }
        lines[index] = lines[index].replacingOccurrences(of: " NOT NULL", with: "")
        let relaxed = lines.joined(separator: "\n")
        func setSchema(_ sql: String) throws {
            try sqlite(
                path,
                "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = '\(sql.replacingOccurrences(of: "'", with: "''"))' WHERE type = 'table' AND name = '\(table)'"
            )
        }
        try setSchema(relaxed)
        try sqlite(
            path,
            "PRAGMA ignore_check_constraints = ON; PRAGMA foreign_keys = OFF; UPDATE \(table) SET \(column) = NULL WHERE \(condition)"
        )
        // Counted before the schema says NOT NULL again: SQLite then answers `IS NULL` with
        // "none" without looking.
        let nulls = try sqlite(path, "SELECT count(*) FROM \(table) WHERE \(column) IS NULL")
        try setSchema(original)
        guard nulls != "0",
            try sqlite(path, "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '\(table)'") == original
        else { throw Fixtures.FixtureError(message: "could not force \(table).\(column) to NULL") }
    }
}
