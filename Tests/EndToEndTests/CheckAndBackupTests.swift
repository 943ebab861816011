import ClubhousePersistence
import ClubhouseTestSupport
import Foundation
import Testing

/// `clubhouse check` and `clubhouse backup FILE` with the binary.
@Suite(.heavy) struct CheckAndBackupTests {
    @Test func aHealthyDatabasePasses() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë", "Kai")
        let result = try clubhouse.run(["check"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "ok: \(path) passed every check (schema \(newestSchema))\n")
        #expect(result.stderr.isEmpty)
    }

    /// Saved navigation is checked against the data as a restore would see it: a screen whose
    /// record is gone, a draft field its form does not have, a kept draft of a deleted player. Check writes
    /// nothing; the next command cuts and saves, and check passes again.
    @Test func savedNavigationIsCheckedAgainstTheData() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë", "Kai")
        #expect(try clubhouse.run(["open", "players/2/edit/age"]).status == 0)
        try sqlite(
            path,
            """
            UPDATE navigation_state SET
                stacks = json_set(stacks, '$.library', json('[{"path":"library"},{"path":"books/9780306406157"}]')),
                kept_drafts = '[{"path":"players/1/edit/age","draft":{"age":"3","name":"Zed"}}]'
            """)
        try sqlite(path, "DELETE FROM players WHERE id = 2")
        let before = try databaseDump(path)
        let result = try clubhouse.run(["check"])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                problem: navigation_state of user 1: no player 2: cut players/2 > players/2/edit/age from the players tab; you are on players
                problem: navigation_state of user 1: no book 9780306406157: cut books/9780306406157 from the library tab; you are on players
                problem: navigation_state of user 1: the draft of players/1/edit/age had fields its form does not have (name); they were dropped

                """)
        #expect(result.stderr == "error: 3 problems found in \(path)\n")
        #expect(try databaseDump(path) == before)

        #expect(try clubhouse.run(["tab", "players"]).stderrLines.count == 3)
        #expect(try clubhouse.run(["check"]).status == 0)
    }

    @Test func checkNeverCreatesADatabase() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("none.sqlite")
        let result = try ClubhouseProcess(database: path).run(["check"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: there is no database at \(path)\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// Each tampering is found, on one line naming its table and row, and nothing is written.
    @Test(arguments: [
        (
            "PRAGMA ignore_check_constraints = 1; UPDATE players SET age = 'old' WHERE id = 2",
            [
                "players row 2: age breaks CHECK (age IS NULL OR age BETWEEN 5 AND 99)",
                "players row 2: age holds text, not integer",
            ]
        ),
        ("UPDATE players SET name = X'1B5B324A' WHERE id = 1", ["players row 1: name holds blob, not text"]),
        // TEXT affinity would store 7 as '7'; a REAL in an INTEGER column stays a REAL.
        ("UPDATE players SET age = 30.5 WHERE id = 1", ["players row 1: age holds real, not integer"]),
        (
            "UPDATE users SET password_hash = '$scrypt$ln=30,r=8,p=1$c2FsdHNhbHQ=$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='",
            ["users row 1: the password hash is malformed or its cost is out of bounds"]
        ),
        (
            "UPDATE navigation_state SET stacks = '[1,2'",
            [
                "navigation_state of user 1: the stacks are not a JSON object of screen lists; every tab starts at its root"
            ]
        ),
        (
            "PRAGMA foreign_keys = 0; INSERT INTO players (owner_id, name) VALUES (42, 'ghost')",
            ["players row 3: owner_id refers to a users row that does not exist"]
        ),
        ("CREATE TABLE extra (x)", ["schema \(newestSchema): unexpected table extra"]),
    ])
    func tamperedRowsAreReported(_ tampering: String, _ problems: [String]) throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë", "Kai")
        try sqlite(path, tampering)
        let before = try databaseDump(path)
        let result = try clubhouse.run(["check"])
        #expect(result.status == 1)
        #expect(result.stdout == problems.map { "problem: \($0)\n" }.joined())
        let count = problems.count
        let error = "error: \(count) problem\(count == 1 ? "" : "s") found in \(path)\n"
        let schema = ClubhousePersistence.AppDatabase.schemaVersion
        if problems.contains(where: { $0.hasPrefix("schema \(schema):") }) {
            // What the next command does with the file: it refuses it.
            #expect(
                result.stderr
                    == "note: every command but backup refuses the file: \(path) does not match Clubhouse schema \(schema) (unexpected table extra); it was left untouched: restore a copy made before it was changed (clubhouse backup can still copy it, and clubhouse check lists what differs)\n"
                    + error)
        } else {
            #expect(result.stderr == error)
        }
        #expect(try databaseDump(path) == before)
    }

    /// SQLite's `integrity_check` finds a row that breaks a CHECK constraint but names only its
    /// table; check names the table, the row and the column (or, for a constraint on several, the
    /// columns) of each, and what the app cannot show that no constraint covers (a time).
    @Test(arguments: [
        (
            "UPDATE players SET age = 1000 WHERE id = 2",
            ["players row 2: age breaks CHECK (age IS NULL OR age BETWEEN 5 AND 99)"]
        ),
        (
            "UPDATE players SET position = 'libero', skill = 'wizard' WHERE id = 1",
            [
                "players row 1: skill breaks CHECK (skill IS NULL OR skill IN ('beginner', 'amateur', 'professional'))",
                "players row 1: position breaks CHECK (position IS NULL OR position IN ('goalkeeper', 'defender', 'midfielder', 'winger', 'striker'))",
            ]
        ),
        ("UPDATE users SET username = '' WHERE id = 1", ["users row 1: username breaks CHECK (username <> '')"]),
        (
            "UPDATE gathers SET winner = NULL WHERE id = 1",
            ["gathers row 1: ended_at, winner break CHECK ((ended_at IS NULL) = (winner IS NULL))"]
        ),
        (
            "UPDATE gathers SET score_b = 101, timer_state = 'exploded' WHERE id = 2",
            [
                "gathers row 2: score_b breaks CHECK (score_b BETWEEN 0 AND 100)",
                "gathers row 2: timer_state breaks CHECK (timer_state IN ('stopped', 'running', 'paused'))",
            ]
        ),
        (
            "UPDATE gather_players SET team = 'c' WHERE gather_id = 1 AND team = 'b'",
            ["gather_players row 2: team breaks CHECK (team IN ('a', 'b'))"]
        ),
        ("UPDATE books SET owned = 7", ["books row 1: owned breaks CHECK (owned IN (0, 1))"]),
        (
            "UPDATE questions SET text = 'short'",
            ["questions row 1: text breaks CHECK (length(text) BETWEEN 10 AND 100)"]
        ),
        (
            "UPDATE navigation_journal SET kind = 'teleport' WHERE id = 1",
            ["navigation_journal row 1: kind breaks CHECK (kind IN ('navigate', 'undo', 'reopen'))"]
        ),
        (
            "UPDATE gathers SET ended_at = 'garbage' WHERE id = 1",
            ["gathers row 1: ended_at is not a time (YYYY-MM-DDTHH:MM:SS.sssZ)"]
        ),
    ])
    func checkNamesTheRowAndColumnOfEachBrokenConstraint(_ tampering: String, _ problems: [String]) throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë", "Kai")
        for arguments in [
            ["gather", "new", "--team-a", "1", "--team-b", "2"], ["gather", "end", "--yes"],
            ["gather", "new", "--team-a", "1", "--team-b", "2"],
            ["book", "add", "--isbn", "0-441-01359-7", "--title", "Dune", "--description", "A desert planet"],
            ["question", "ask", "What should I read about a desert planet?"],
        ] {
            #expect(try clubhouse.run(arguments).status == 0, "\(arguments)")
        }
        try sqlite(path, "PRAGMA ignore_check_constraints = 1; " + tampering)
        let before = try databaseDump(path)
        let result = try clubhouse.run(["check"])
        #expect(result.status == 1)
        #expect(result.stdout == problems.map { "problem: \($0)\n" }.joined())
        #expect(try databaseDump(path) == before)
    }

    @Test func anOlderFileIsCheckedButNotUpgraded() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.copy("release-0.2-v2.sqlite", in: folder)
        let result = try ClubhouseProcess(database: path).run(["check"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr == "note: schema 2 is older than \(newestSchema); the next command upgrades it\n")
        #expect(try sqlite(path, "PRAGMA user_version") == "2")
    }

    @Test func aFileOfAnotherKindIsAProblem() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("other.sqlite")
        try sqlite(path, "CREATE TABLE notes (x)")
        let result = try ClubhouseProcess(database: path).run(["check"])
        #expect(result.status == 1)
        #expect(result.stdout == "problem: the file is not a Clubhouse database (application id 0)\n")
    }

    @Test func aBackupIsANewPrivateFileThatPassesCheck() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë")
        let copy = folder.path("copy.sqlite")
        let result = try clubhouse.run(["backup", copy])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Backed up \(path) to \(copy) (schema \(newestSchema), "))
        let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try ClubhouseProcess(database: copy).run(["check"]).status == 0)
        #expect(try sqlite(copy, "SELECT name FROM players") == "Zoë")

        // Never over an existing file, and the source stays as it was.
        let again = try clubhouse.run(["backup", copy])
        #expect(again.status == 1)
        #expect(
            again.stderr
                == "error: cannot write the copy to \(copy): a file is already there; backup never overwrites\n")
        for target in ["/dev/null", folder.path("missing/copy.sqlite")] {
            #expect(try clubhouse.run(["backup", target]).status == 1)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("missing")))
    }

    @Test func aBackupWhileOthersWriteIsOneConsistentState() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        // Two writers adding players while backups are taken.
        let writers = (0..<2).map { writer in
            let process = Process()
            process.arguments = [
                "-c",
                "for i in $(seq 1 25); do \"$0\" player add --name w\(writer)-$i --database \"$1\" >/dev/null || exit 1; done",
                ClubhouseProcess.binary.path, path,
            ]
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            return process
        }
        for writer in writers { try writer.run() }
        var copies: [String] = []
        for index in 0..<4 {
            let copy = folder.path("copy-\(index).sqlite")
            let result = try clubhouse.run(["backup", copy])
            #expect(result.status == 0, "\(result.stderr)")
            copies.append(copy)
        }
        for writer in writers {
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0)
        }
        // Each copy is whole (it passes check) and later copies hold at least what earlier ones did.
        var previous = 0
        for copy in copies {
            let check = try ClubhouseProcess(database: copy).run(["check"])
            #expect(check.status == 0, "\(check.stdout)")
            let players = try #require(Int(try sqlite(copy, "SELECT count(*) FROM players")))
            #expect(players >= previous && players <= 50)
            previous = players
        }
        #expect(try sqlite(path, "SELECT count(*) FROM players") == "50")
    }

    /// The copy is made beside FILE and linked there only once complete: nothing else is left.
    @Test func aBackupLeavesOnlyItsFile() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let target = try TemporaryFolder()
        let result = try ClubhouseProcess(database: path).run(["backup", target.path("copy.sqlite")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.url.path) == ["copy.sqlite"])
    }

    /// Opening a file beside the journal of an interrupted write would roll that write back:
    /// check reports it and leaves both files as they are.
    @Test func checkLeavesAnInterruptedWriteAlone() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        try Data(repeating: 7, count: 512).write(to: URL(fileURLWithPath: path + "-journal"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try ClubhouseProcess(database: path).run(["check"])
        #expect(result.status == 1)
        #expect(
            result.stdout
                == "problem: a write was interrupted and left \(path)-journal: the next command rolls it back, then check again (check changes nothing, so it looked no further)\n"
        )
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(FileManager.default.fileExists(atPath: path + "-journal"))
    }

    /// An empty file is not a database yet: a command that only reads leaves it empty.
    @Test func aReadOnlyCommandLeavesAnEmptyFileEmpty() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let clubhouse = ClubhouseProcess(database: path)
        for command in [["whoami"], ["nav"], ["player", "list"]] {
            _ = try clubhouse.run(command)
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == 0, "\(command)")
        }
        let register = try clubhouse.run(
            ["register", "ana", "--password-stdin", "--no-login"], stdin: Fixtures.password)
        #expect(register.status == 0, "\(register.stderr)")
        #expect(try sqlite(path, "SELECT username FROM users") == "ana")
    }
}
