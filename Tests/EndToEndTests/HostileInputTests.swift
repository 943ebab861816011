import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Input made to hurt: combining-mark bombs, a huge standard input, look-alike and invisible
/// usernames, control characters, bytes that are not UTF-8, a password typed as an argument.
/// Each is refused with one exact line and a known exit status, and the database is unchanged.
@Suite(.heavy) struct HostileInputTests {
    /// A signed-out copy of the fixture (ana registered), and its dump.
    private func signedOutDatabase(in folder: TemporaryFolder) throws -> (ClubhouseProcess, String) {
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        #expect(try clubhouse.run(["logout"]).status == 0)
        return (clubhouse, path)
    }

    private func expectRefused(
        _ result: ClubhouseProcess.Result, _ line: String, status: Int32 = 1, unchanged path: String,
        dump: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(result.status == status, sourceLocation: sourceLocation)
        #expect(result.stderr == line + "\n", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(try databaseDump(path) == dump, sourceLocation: sourceLocation)
    }

    // MARK: Lengths

    /// One character on screen, 5,001 Unicode scalars.
    static let markBomb = "Z" + String(repeating: "\u{0301}", count: 5_000)

    @Test func combiningMarkBombsAreTooLong() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        let dump = try databaseDump(path)
        try expectRefused(
            try clubhouse.run(["player", "add", "--name", Self.markBomb]),
            "error: name must be at most 100 characters", unchanged: path, dump: dump)
        try expectRefused(
            try clubhouse.run(["player", "add", "--name", "Kai", "--favourite-team", Self.markBomb]),
            "error: favourite team must be at most 100 characters", unchanged: path, dump: dump)
        try clubhouse.run(["logout"])
        let signedOut = try databaseDump(path)
        try expectRefused(
            try clubhouse.run(
                ["register", "a" + String(repeating: "\u{0308}", count: 40), "--password-stdin"],
                stdin: "long-enough\n"),
            "error: username must be at most 32 characters", unchanged: path, dump: signedOut)
    }

    /// 100 MB on standard input, made by a pipe: refused after reading one byte more than the
    /// longest password and its line break (4,099 bytes); the rest is left for the next reader.
    @Test(arguments: ["register", "login"])
    func aHugeStandardInputIsRefusedAfterReadingABoundedAmount(_ verb: String) throws {
        let folder = try TemporaryFolder()
        let (_, path) = try signedOutDatabase(in: folder)
        let dump = try databaseDump(path)
        let size = 100 * 1024 * 1024
        let script = """
            head -c \(size) /dev/zero | tr '\\0' a | {
                "$0" "$1" bob --password-stdin --database "$2" 2>"$3"; echo "$?"; wc -c; }
            """
        let errPath = folder.path("err")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", script, ClubhouseProcess.binary.path, verb, path, errPath]
        let out = Pipe()
        shell.standardOutput = out
        try shell.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        let lines = printed.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first == "1")
        let left = try #require(lines.last.flatMap { Int($0) })
        #expect(size - left == 4_096 + 2 + 1)
        #expect(
            try String(contentsOfFile: errPath, encoding: .utf8) == "error: password must be at most 1024 characters\n")
        #expect(try databaseDump(path) == dump)
    }

    @Test func passwordsOnStandardInputAreCheckedAsText() throws {
        let folder = try TemporaryFolder()
        let (clubhouse, path) = try signedOutDatabase(in: folder)
        let dump = try databaseDump(path)
        try expectRefused(
            try clubhouse.run(["register", "bob", "--password-stdin"], stdin: "first-line\nsecond-line\n"),
            "error: password must not contain control characters such as line breaks", unchanged: path, dump: dump)
        try expectRefused(
            try clubhouse.run(["register", "bob", "--password-stdin"], stdin: String(repeating: "p", count: 1_025)),
            "error: password must be at most 1024 characters", unchanged: path, dump: dump)
    }

    @Test func anOverlongTypedPasswordIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("db.sqlite")
        let long = String(repeating: "p", count: 2_000)
        // Refused before the password is asked for again.
        let run = try ClubhouseProcess(database: path).runInTerminal(["register", "ana"], typing: [long])
        #expect(run.result.status == 1)
        #expect(!run.result.stderr.contains("Repeat password"))
        #expect(run.result.stderr.hasSuffix("\nerror: password must be at most 1024 characters\n"))
        #expect(!run.echoed.contains("pppp"))
        #expect(!FileManager.default.fileExists(atPath: path), "a refused register creates no database")
    }

    // MARK: Usernames

    @Test func lookAlikeSpellingsSignInToOneAccount() throws {
        let folder = try TemporaryFolder()
        let (clubhouse, _) = try signedOutDatabase(in: folder)
        for spelling in ["ａｎａ", "Ana", "ＡＮＡ"] {
            let login = try clubhouse.run(["login", spelling, "--password-stdin"], stdin: Fixtures.password + "\n")
            #expect(login.status == 0, "\(spelling): \(login.stderr)")
            #expect(login.stdout == "Signed in as ana.\n")
            #expect(try clubhouse.run(["logout"]).stdout == "Signed out ana.\n")
        }
    }

    @Test(arguments: ["ANA", "ａｎａ", "Ａna", " ana "])
    func aLookAlikeOfATakenNameIsTaken(_ spelling: String) throws {
        let folder = try TemporaryFolder()
        let (clubhouse, path) = try signedOutDatabase(in: folder)
        let dump = try databaseDump(path)
        try expectRefused(
            try clubhouse.run(["register", spelling, "--password-stdin", "--no-login"], stdin: "another-pass\n"),
            "error: the username '\(spelling.trimmingCharacters(in: .whitespaces))' is taken", unchanged: path,
            dump: dump)
    }

    @Test(arguments: [
        ("an\u{202E}a", "U+202E"), ("\u{200B}ana", "U+200B"), ("ana\u{200D}", "U+200D"), ("an\u{2060}a", "U+2060"),
        ("\u{FEFF}ana", "U+FEFF"), ("an\u{3164}a", "U+3164"), ("an\u{1B}a", "U+001B"),
        ("a\u{2066}n\u{2069}a", "U+2066"),
    ])
    func invisibleAndReorderingUsernamesAreRefused(_ name: String, _ codePoint: String) throws {
        let folder = try TemporaryFolder()
        let (clubhouse, path) = try signedOutDatabase(in: folder)
        let dump = try databaseDump(path)
        try expectRefused(
            try clubhouse.run(["register", name, "--password-stdin", "--no-login"], stdin: "another-pass\n"),
            "error: username may contain only letters, digits, '.', '_' and '-' (not \(codePoint))", unchanged: path,
            dump: dump)
    }

    // MARK: Control characters in text fields

    @Test(arguments: [
        (
            ["player", "add", "--name", "\u{1B}[31mred"],
            "error: name must not contain control characters such as line breaks"
        ),
        (
            ["player", "add", "--name", "bell\u{7}"],
            "error: name must not contain control characters such as line breaks"
        ),
        (
            ["player", "add", "--name", "K\u{85}ai"],
            "error: name must not contain control characters such as line breaks"
        ),
        (
            ["player", "add", "--name", "Kai\u{2028}Lea"],
            "error: name must not contain control characters such as line breaks"
        ),
        (
            ["player", "add", "--name", "Kai\u{202E}gnp"],
            "error: name must not contain bidirectional control characters (U+202E)"
        ),
        (
            ["player", "add", "--name", "Kai", "--favourite-team", "Boca\tJuniors"],
            "error: favourite team must not contain control characters such as line breaks"
        ),
        (
            ["player", "edit", "1", "--age", "3\u{7F}0"],
            "error: age must not contain control characters such as line breaks"
        ),
        (
            ["player", "edit", "1", "--skill", "pro\u{1}fessional"],
            "error: skill must not contain control characters such as line breaks"
        ),
        (
            ["player", "edit", "1", "--favourite-team", "\u{2067}Boca"],
            "error: favourite team must not contain bidirectional control characters (U+2067)"
        ),
    ])
    func controlCharactersAreRefusedInTextFields(_ arguments: [String], _ error: String) throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Kai")
        let dump = try databaseDump(path)
        try expectRefused(try clubhouse.run(arguments), error, unchanged: path, dump: dump)
    }

    // MARK: Bytes that are not UTF-8

    @Test func anArgumentThatIsNotUTF8IsRefusedByPosition() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let dump = try databaseDump(path)
        let badName: [UInt8] = [0x4B, 0xFF, 0x61, 0x69]  // "K", a byte no UTF-8 has, "ai"
        let run = try RawProcess.run(
            [
                Array("player".utf8), Array("add".utf8), Array("--name".utf8), badName, Array("--database".utf8),
                Array(path.utf8),
            ], in: folder)
        #expect(run.status == 64)
        #expect(run.stderr == Data("error: argument 4 is not valid UTF-8 text\n".utf8))
        #expect(run.stdout.isEmpty)
        #expect(try databaseDump(path) == dump)

        // An overlong encoding of "/" is not UTF-8 either.
        let overlong = try RawProcess.run(
            [Array("nav".utf8), Array("--database".utf8), [0x2F, 0xC0, 0xAF]], in: folder)
        #expect(overlong.status == 64)
        #expect(overlong.stderr == Data("error: argument 3 is not valid UTF-8 text\n".utf8))
    }

    @Test func aDatabaseVariableThatIsNotUTF8IsRefusedUnlessDatabaseIsGiven() throws {
        let folder = try TemporaryFolder()
        let badPath = Array(folder.path("caf").utf8) + [0xE9] + Array(".sqlite".utf8)  // Latin-1 é
        let run = try RawProcess.run(
            [Array("player".utf8), Array("list".utf8)],
            environment: [
                ("CLUBHOUSE_DB", badPath)
            ], in: folder)
        #expect(run.status == 64)
        #expect(run.stderr == Data("error: $CLUBHOUSE_DB is not valid UTF-8 text\n".utf8))
        // Nothing was created, under either spelling of the name.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["err", "out"])

        let home = try RawProcess.run([Array("nav".utf8)], environment: [("HOME", badPath)], in: folder)
        #expect(home.status == 64)
        #expect(home.stderr == Data("error: $HOME is not valid UTF-8 text\n".utf8))

        let path = folder.path("given.sqlite")
        let given = try RawProcess.run(
            [Array("whoami".utf8), Array("--database".utf8), Array(path.utf8)],
            environment: [("CLUBHOUSE_DB", badPath)],
            in: folder)
        #expect(given.status == 1)
        #expect(
            given.stderr
                == Data(
                    "error: not signed in; sign in with: clubhouse login USERNAME (or create an account with: clubhouse register USERNAME)\n"
                        .utf8))
    }

    // MARK: Usage errors

    @Test(arguments: [
        (["login", "ana", "hunter2hunter2"], "error: Unexpected argument 3"),
        (["login", "ana", "hunter2hunter2", "again"], "error: 2 unexpected arguments: argument 3, argument 4"),
        (["register", "bob", "--password=hunter2hunter2"], "error: Unknown option: argument 3"),
        (["register", "bob", "--password", "hunter2hunter2"], "error: Unknown option: argument 3"),
        (
            ["login", "ana", "--json=hunter2hunter2"],
            "error: The option '--json' does not take any value, but argument 3 was specified."
        ),
        (["login", "ana", "hunter2hunter2\u{1B}"], "error: Unexpected argument 3"),
        // Each of these showed part of the password before.
        (["login", "ana", "hunter2\nhunter2"], "error: Unexpected argument 3"),
        (["register", "bob", "x. Did you mean 'hunter2hunter2"], "error: Unexpected argument 3"),
        (["register", "bob", "---hunter2hunter2"], "error: Invalid option: argument 3"),
    ])
    func usageErrorsPointAtAnArgumentWithoutQuotingIt(_ arguments: [String], _ firstLine: String) throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let dump = try databaseDump(path)
        let result = try ClubhouseProcess(database: path).run(arguments)
        #expect(result.status == 64)
        #expect(result.stderrLines.first.map(String.init) == firstLine)
        #expect(!result.stderr.contains("hunter2"))
        // ArgumentParser's usage lines are kept.
        #expect(result.stderr.contains("\nUsage: clubhouse"))
        #expect(result.stderr.hasSuffix("' for more information.\n"))
        #expect(try databaseDump(path) == dump)
    }

    @Test func helpStillWorks() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: folder.path("db.sqlite"))
        let help = try clubhouse.run(["login", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: clubhouse login "))
        #expect(help.stderr.isEmpty)
        let top = try clubhouse.run(["help"], useDatabaseOption: false)
        #expect(top.status == 0)
        #expect(top.stdout.contains("SUBCOMMANDS:"))
        let unknown = try clubhouse.run(["hunter2hunter2"], useDatabaseOption: false)
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.hasPrefix(
                "error: Unknown command 'hunter2hunter2'. The commands are register, login, logout, whoami, player, gather, book, question, home, tab, page, back, nav, open, history, undo, reopen, scene, settings, check, backup, app, web, remote, sync and continue.\nUsage: clubhouse <subcommand>\n"
            ))
    }

    // MARK: Upgrading username keys

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")

    @Test(arguments: ["release-0.1-v1.sqlite", "release-0.2-v2.sqlite"])
    func releasesUpgradeToFoldedKeys(_ fixture: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path(fixture)
        try FileManager.default.copyItem(at: Self.fixtures.appending(path: fixture), to: URL(fileURLWithPath: path))
        let clubhouse = ClubhouseProcess(database: path)
        #expect(try clubhouse.run(["logout"]).stdout == "Signed out ana.\n")
        #expect(try sqlite(path, "PRAGMA user_version") == "\(newestSchema)")
        #expect(try sqlite(path, "SELECT username, username_key FROM users") == "ana|ana")
        let login = try clubhouse.run(["login", "ＡＮＡ", "--password-stdin"], stdin: Fixtures.password + "\n")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout == "Signed in as ana.\n")
    }

    /// Made by commit 1bb3f2a (schema 3, keys composed and lowercased), registered in this order:
    /// 1 `ＡＮＡ` (password full-width-pass), 2 `ana` (s3cret-pass, signed in, player Kai),
    /// 3 `straße` (sharp-s-pass), 4 `ＳＴＲＡＳＳＥ` (full-width-ss), 5 `ﬁx` (ligature-pass),
    /// 6 `Ｂｏｂ` (bob-password). 1 and 2, and 3 and 4, are one name in the new form.
    static let collisions = fixtures.appending(path: "schema-3-colliding-usernames.sqlite")

    private func copyOfCollisions(in folder: TemporaryFolder) throws -> String {
        let path = folder.path("collisions.sqlite")
        try FileManager.default.copyItem(at: Self.collisions, to: URL(fileURLWithPath: path))
        #expect(try sqlite(path, "PRAGMA user_version") == "3")
        #expect(
            try sqlite(path, "SELECT group_concat(username_key, ' ') FROM (SELECT username_key FROM users ORDER BY id)")
                == "ａｎａ ana straße ｓｔｒａｓｓｅ ﬁx ｂｏｂ")
        return path
    }

    @Test func collidingKeysNeitherFailTheUpgradeNorLockAnyoneOut() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfCollisions(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        let whoami = try clubhouse.run(["whoami"])
        #expect(whoami.status == 0, "\(whoami.stderr)")
        #expect(whoami.stdout == "ana\n")
        #expect(try sqlite(path, "PRAGMA user_version") == "\(newestSchema)")
        // A held key stays with its holder (ana), otherwise the oldest takes it (straße); the
        // others keep their old keys.
        #expect(
            try sqlite(path, "SELECT group_concat(username_key, ' ') FROM (SELECT username_key FROM users ORDER BY id)")
                == "ａｎａ ana strasse ｓｔｒａｓｓｅ fix bob")
        #expect(try sqlite(path, "SELECT count(*) FROM players") == "1")
        #expect(try clubhouse.run(["logout"]).status == 0)

        // Everyone signs in by the spelling they registered; the new spellings reach the account
        // that holds the key.
        let signIns: [(typed: String, password: String, account: String)] = [
            ("ＡＮＡ", "full-width-pass", "ＡＮＡ"), ("ANA", Fixtures.password, "ana"),
            ("ＳＴＲＡＳＳＥ", "full-width-ss", "ＳＴＲＡＳＳＥ"), ("STRASSE", "sharp-s-pass", "straße"),
            ("straße", "sharp-s-pass", "straße"), ("FIX", "ligature-pass", "ﬁx"), ("bob", "bob-password", "Ｂｏｂ"),
        ]
        for signIn in signIns {
            let login = try clubhouse.run(["login", signIn.typed, "--password-stdin"], stdin: signIn.password + "\n")
            #expect(login.status == 0, "\(signIn.typed): \(login.stderr)")
            #expect(login.stdout == "Signed in as \(signIn.account).\n")
            #expect(try clubhouse.run(["logout"]).status == 0)
        }

        // A new account cannot take any spelling of these names.
        let dump = try databaseDump(path)
        for spelling in ["Ａｎａ", "Strasse", "ﬁX"] {
            try expectRefused(
                try clubhouse.run(["register", spelling, "--password-stdin", "--no-login"], stdin: "another-pass\n"),
                "error: the username '\(spelling)' is taken", unchanged: path, dump: dump)
        }
    }

    /// Rows made with the sqlite3 shell: a younger look-alike of `ﬁx` with an old-form key (it
    /// shares ﬁx's password hash), and a tampered row whose name is a blob.
    @Test func rowsMadeByHandAreUpgradedOrLeftAsTheyAre() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfCollisions(in: folder)
        try sqlite(
            path,
            """
            INSERT INTO users (username, username_key, password_hash)
                SELECT 'ＦＩＸ', 'ｆｉｘ', password_hash FROM users WHERE id = 5;
            INSERT INTO users (username, username_key, password_hash) VALUES (x'ff00', 'tampered', 'x');
            """)
        #expect(try sqlite(path, "SELECT count(*) FROM users") == "8")
        let clubhouse = ClubhouseProcess(database: path)
        #expect(try clubhouse.run(["logout"]).status == 0)
        #expect(
            try sqlite(path, "SELECT id, username_key FROM users WHERE id > 4 ORDER BY id")
                == "5|fix\n6|bob\n7|ｆｉｘ\n8|tampered")
        for (typed, account) in [("ＦＩＸ", "ＦＩＸ"), ("fix", "ﬁx")] {
            let login = try clubhouse.run(["login", typed, "--password-stdin"], stdin: "ligature-pass\n")
            #expect(login.stdout == "Signed in as \(account).\n", "\(login.stderr)")
            #expect(try clubhouse.run(["logout"]).status == 0)
        }
    }
}

/// Starts the built binary with arguments and environment given as raw bytes, which
/// `Foundation.Process` cannot do (it takes Strings, and so only valid UTF-8).
enum RawProcess {
    struct Result {
        let status: Int32
        let stdout: Data
        let stderr: Data
    }

    /// Runs with standard input from /dev/null; the environment is the test's own without the
    /// variables that choose the database, plus `environment`.
    static func run(_ arguments: [[UInt8]], environment: [(String, [UInt8])] = [], in folder: TemporaryFolder) throws
        -> Result
    {
        let outPath = folder.path("out")
        let errPath = folder.path("err")
        var inherited = ProcessInfo.processInfo.environment
        for name in ["CLUBHOUSE_DB", "XDG_DATA_HOME"] + environment.map(\.0) { inherited[name] = nil }
        let variables =
            inherited.map { Array("\($0.key)=\($0.value)".utf8) } + environment.map { Array("\($0.0)=".utf8) + $0.1 }
        let argv = cStrings([Array(ClubhouseProcess.binary.path.utf8)] + arguments)
        let envp = cStrings(variables)
        defer {
            for pointer in argv + envp { pointer?.deallocate() }
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try SpawnedFiles.closeAllButStandard(&actions)

        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, ClubhouseProcess.binary.path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(
            status: exitStatus, stdout: try Data(contentsOf: URL(fileURLWithPath: outPath)),
            stderr: try Data(contentsOf: URL(fileURLWithPath: errPath)))
    }

    /// NUL-terminated copies, and the NULL that ends the list.
    private static func cStrings(_ strings: [[UInt8]]) -> [UnsafeMutablePointer<CChar>?] {
        strings.map { bytes in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return pointer
        } + [nil]
    }
}
