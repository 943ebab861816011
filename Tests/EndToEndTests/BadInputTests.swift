import ClubhouseTestSupport
import Foundation
import Testing

/// Bad input: one `error:` line (or ArgumentParser's usage error, exit 64), and the file untouched.
@Suite(.heavy) struct BadInputTests {
    static let longName = String(repeating: "x", count: 101)

    static let refused: [(arguments: [String], error: String)] = [
        (["player", "add", "--name", ""], "error: name must not be empty"),
        (["player", "add", "--name", "   "], "error: name must not be empty"),
        (["player", "add", "--name", longName], "error: name must be at most 100 characters"),
        (["player", "add", "--name", "A", "--age", "4"], "error: age must be between 5 and 99"),
        (["player", "add", "--name", "A", "--age", "-3"], "error: age must be between 5 and 99"),
        (["player", "add", "--name", "A", "--age", "100"], "error: age must be between 5 and 99"),
        (
            ["player", "add", "--name", "two\nlines"],
            "error: name must not contain control characters such as line breaks"
        ),
        (
            ["player", "add", "--name", "A", "--favourite-team", String(repeating: "t", count: 101)],
            "error: favourite team must be at most 100 characters"
        ),
        (["player", "show", "999"], "error: no player 999"),
        (["player", "show", "0"], "error: no player 0"),
        (
            ["player", "edit", "99", "--name", "X"],
            "error: no player 99"
        ),
        (["login", "bob", "--password-stdin"], "error: already signed in as ana; log out first"),
        (["register", "bob", "--password-stdin"], "error: already signed in as ana; log out first"),
    ]

    @Test(arguments: refused)
    func refusedCommandsSayWhyAndWriteNothing(_ arguments: [String], _ error: String) throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try ClubhouseProcess(database: path).run(arguments, stdin: "another-pass\n")
        #expect(result.status == 1)
        #expect(result.stderr == error + "\n")
        #expect(result.stdout.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    static let usageErrors: [[String]] = [
        ["player", "add", "--name", "A", "--skill", "wizard"],
        ["player", "add", "--name", "A", "--position", "sweeper"],
        ["player", "add", "--name", "A", "--age", "old"],
        ["player", "add"],
        ["player", "show", "abc"],
        ["player", "edit", "1"],
        ["player", "edit", "1", "--name", "A", "--age", "30"],
        ["history", "--limit", "abc"],
        ["open"],
        ["tab", "settings"],
        ["page", "news"],
        // Passwords are never arguments.
        ["login", "ana", "s3cret-pass"],
        ["register", "bob", "--password", "s3cret-pass"],
    ]

    @Test(arguments: usageErrors)
    func usageErrorsAreArgumentParsersAndWriteNothing(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try ClubhouseProcess(database: path).run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func sqlAndUnicodeAreStoredVerbatim() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        let name = "Robert'); DROP TABLE players;-- 李小龍 🦁"
        let team = "\"; DELETE FROM users; --"
        let added = try clubhouse.run(["player", "add", "--name", "  \(name) ", "--favourite-team", team, "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        let player = try jsonObject(added.stdout)
        #expect(player["name"] as? String == name)
        #expect(player["favouriteTeam"] as? String == team)
        #expect(try sqlite(path, "SELECT count(*) FROM users") == "1")
        let shown = try jsonObject(try clubhouse.run(["player", "show", "1", "--json"]).stdout)
        #expect(shown["name"] as? String == name)
    }

    @Test func wrongPasswordAndUnknownUserLookTheSame() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.run(["logout"])
        let wrong = try clubhouse.run(["login", "ana", "--password-stdin"], stdin: "not-the-password")
        let unknown = try clubhouse.run(["login", "nobody", "--password-stdin"], stdin: Fixtures.password)
        #expect(wrong.status == 1 && unknown.status == 1)
        #expect(wrong.stderr == "error: wrong username or password\n")
        #expect(unknown.stderr == wrong.stderr)
        let uppercase = try clubhouse.run(["login", "ANA", "--password-stdin"], stdin: Fixtures.password)
        #expect(uppercase.status == 0, "usernames are case-insensitive: \(uppercase.stderr)")
    }

    @Test func passwordsNeedAPromptOrStandardInput() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: folder.path("db.sqlite"))
        let noTerminal = try clubhouse.run(["register", "bob"])
        #expect(noTerminal.status == 1)
        #expect(
            noTerminal.stderr == "error: standard input is not a terminal; pass the password with --password-stdin\n")
        let empty = try clubhouse.run(["register", "bob", "--password-stdin"], stdin: "\n")
        #expect(empty.stderr == "error: no password on standard input\n")
        let short = try clubhouse.run(["register", "bob", "--password-stdin"], stdin: "short\n")
        #expect(short.stderr == "error: password must be at least 8 characters\n")
    }

    @Test(arguments: [
        ["player", "list"], ["player", "add", "--name", "A"], ["player", "edit", "1", "--name", "B"],
        ["player", "show", "1"], ["whoami"], ["tab"], ["tab", "home"], ["page"], ["back"], ["logout"],
        ["history"], ["undo"], ["reopen"],
    ])
    func commandsThatNeedAUserSaySo(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let result = try ClubhouseProcess(database: folder.path("db.sqlite")).run(arguments)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: not signed in; sign in with: clubhouse login USERNAME (or create an account with: clubhouse register USERNAME)\n"
        )
    }
}
