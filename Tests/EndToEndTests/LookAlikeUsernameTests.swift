import ClubhouseTestSupport
import Foundation
import Testing

/// Look-alike usernames in the CLI (issue 42, item 10): a name of two scripts, or one that looks
/// like a registered name, is refused with one `error:` line, exit 1, and nothing written; a file
/// made before, which already holds such pairs, keeps every account signing in.
@Suite(.heavy) struct LookAlikeUsernameTests {
    static let password = "s3cret-pass\n"

    @Test func aLookAlikeOrAMixOfScriptsIsRefusedAndNothingIsWritten() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("clubhouse.sqlite")
        let clubhouse = ClubhouseProcess(database: path)
        for name in ["ana", "pope"] {
            let registered = try clubhouse.run(
                ["register", name, "--password-stdin", "--no-login"], stdin: Self.password)
            #expect(registered.status == 0, "\(registered.stderr)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let mixed = "error: username mixes scripts (%@): write it in one, so that it cannot pass for another name\n"
        let lookalike = { (name: String) in
            "error: the username '\(name)' looks like one that is taken (letters that look the same, or accents apart); choose another\n"
        }
        let refusals: [(String, String)] = [
            ("\u{0430}na", String(format: mixed, "Cyrillic and Latin")),  // Cyrillic а
            ("p\u{03BF}pe", String(format: mixed, "Latin and Greek")),  // Greek ο
            ("ana\u{0661}", String(format: mixed, "Latin and Arabic")),  // an Arabic-Indic one
            ("\u{0440}\u{043E}\u{0440}\u{0435}", lookalike("роре")),  // all Cyrillic: one script, pope's look
            ("a\u{1E47}a", lookalike("aṇa")),
            ("\u{0391}\u{039D}\u{0391}", lookalike("ΑΝΑ")),  // Greek capitals
        ]
        for (name, message) in refusals {
            let refused = try clubhouse.run(["register", name, "--password-stdin"], stdin: Self.password)
            #expect(refused.status == 1, "\(name)")
            #expect(refused.stderr == message, "\(name)")
            #expect(refused.stdout.isEmpty)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "nothing was written")
        #expect(try sqlite(path, "SELECT username FROM users ORDER BY id") == "ana\npope")
    }

    /// Made by main at 4a19ca0 (schema 12) with `CLUBHOUSE_DB` set: registered in this order with
    /// `s3cret-pass`, each a look-alike of an earlier one: 1 ana, 2 аna (Cyrillic а), 3 pope,
    /// 4 роре (Cyrillic), 5 pοpe (Greek ο), 6 user1, 7 user١ (Arabic-Indic one), 8 aṇa; ana signed
    /// in, with player 1 Kai.
    static let fixture = "main-0.10-v12-lookalikes.sqlite"

    @Test func accountsThatAlreadyLookAlikeAllKeepSigningIn() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.copy(Self.fixture, in: folder)
        #expect(try sqlite(path, "PRAGMA user_version") == "12")
        let clubhouse = ClubhouseProcess(database: path)
        let whoami = try clubhouse.run(["whoami"])
        #expect(whoami.stdout == "ana\n", "\(whoami.stderr)")
        #expect(try sqlite(path, "PRAGMA user_version") == "\(newestSchema)")
        // The oldest of each look-alike holds the skeleton; the later ones none.
        #expect(
            try sqlite(path, "SELECT id || ' ' || ifnull(username_skeleton, '-') FROM users ORDER BY id")
                == "1 ana\n2 -\n3 pope\n4 -\n5 -\n6 userl\n7 -\n8 -")
        #expect(try clubhouse.run(["player", "list"]).stdout.contains("Kai"))
        for name in ["аna", "роре", "pοpe", "user١", "aṇa", "ana"] {
            #expect(try clubhouse.run(["logout"]).status == 0)
            let login = try clubhouse.run(["login", name, "--password-stdin"], stdin: Self.password)
            #expect(login.status == 0, "\(name): \(login.stderr)")
            #expect(try clubhouse.run(["whoami"]).stdout == "\(name)\n")
        }
        // And no new name like theirs.
        #expect(try clubhouse.run(["logout"]).status == 0)
        let refused = try clubhouse.run(["register", "ΑΝΑ", "--password-stdin"], stdin: Self.password)
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("error: the username 'ΑΝΑ' looks like one that is taken"), "\(refused.stderr)")
        let check = try clubhouse.run(["check"])
        #expect(check.stdout == "ok: \(path) passed every check (schema \(newestSchema))\n", "\(check.stderr)")
    }
}
