import ClubhouseTestSupport
import Foundation
import Testing

/// What reaches the terminal (docs/architecture.md, the command-line contract): text from the database or from
/// arguments is shown with control characters, escape sequences, bidi controls and invisible
/// characters escaped, in tables, screens, warnings and errors, and tables line up by display
/// width; `--json` gives back the exact stored text.
@Suite(.heavy) struct TerminalSafetyTests {
    /// A stored name, how people are shown it, and how many columns that takes on a terminal.
    struct Name {
        let stored: String
        let shown: String
        let width: Int
    }

    /// Names `player add` takes.
    static let typed = [
        Name(stored: "李小龍", shown: "李小龍", width: 6),
        Name(stored: "👨\u{200D}👩\u{200D}👧 🇦🇷", shown: "👨\u{200D}👩\u{200D}👧 🇦🇷", width: 5),
        Name(stored: #"back\slash"#, shown: #"back\\slash"#, width: 11),
        Name(
            stored: "Zoe\u{0308} Z" + String(repeating: "\u{0336}", count: 6),
            shown: "Zoe\u{0308} Z" + String(repeating: "\u{0336}", count: 6), width: 5),
    ]

    /// Names only a tampered file holds (the app refuses control characters).
    static let tampered = [
        Name(stored: "\u{1B}[2J", shown: #"\e[2J"#, width: 5),
        Name(stored: "\u{1B}]0;title\u{07}", shown: #"\e]0;title\u{7}"#, width: 15),
        Name(stored: "Ana\n99  Forged  30", shown: #"Ana\n99  Forged  30"#, width: 19),
        Name(stored: "\u{202E}evil\u{202C}", shown: #"\u{202E}evil\u{202C}"#, width: 20),
        Name(stored: "\u{9B}31mred\u{7F}", shown: #"\u{9B}31mred\u{7F}"#, width: 18),
        Name(stored: "a\u{200B}b\u{2066}", shown: #"a\u{200B}b\u{2066}"#, width: 18),
        Name(
            stored: "X" + String(repeating: "\u{0301}", count: 5_000),
            shown: "X" + String(repeating: "\u{0301}", count: 5_000), width: 1),
    ]

    static var all: [Name] { typed + tampered }

    /// ana signed in with the names above as players 1, 2, … in that order, each aged 30 + id.
    private func squad(in folder: TemporaryFolder) throws -> (path: String, clubhouse: ClubhouseProcess) {
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        for (index, name) in Self.typed.enumerated() {
            let added = try clubhouse.run(["player", "add", "--name", name.stored, "--age", String(31 + index)])
            #expect(added.status == 0, "\(added.stderr)")
        }
        for (index, name) in Self.tampered.enumerated() {
            let age = 31 + Self.typed.count + index
            try sqlite(path, "INSERT INTO players (owner_id, name, age) VALUES (1, \(sqlText(name.stored)), \(age))")
        }
        return (path, clubhouse)
    }

    @Test func playerListShowsStoredTextEscapedAndLinedUp() throws {
        let folder = try TemporaryFolder()
        let (_, clubhouse) = try squad(in: folder)
        let list = try clubhouse.run(["player", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        expectNothingRaw(list.stdout)
        let lines = list.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.all.count + 1)
        #expect(lines.first?.hasPrefix("ID  NAME  ") == true)
        // Every row: its id, the name as shown, padding to one column for every row, its age.
        let nameColumn = 20  // the widest name shown
        for (index, line) in lines.dropFirst().enumerated() {
            let id = index + 1
            let name = Self.all[index]
            let expected =
                String(id).padding(toLength: 4, withPad: " ", startingAt: 0) + name.shown
                + String(repeating: " ", count: nameColumn - name.width + 2)
                + "\(30 + id)   -      -         -             -"
            #expect(line == expected)
        }
        #expect(
            lines[5] == #"5   \e[2J"# + String(repeating: " ", count: nameColumn - 5 + 2)
                + "35   -      -         -             -")
    }

    @Test func jsonGivesBackTheExactStoredText() throws {
        let folder = try TemporaryFolder()
        let (_, clubhouse) = try squad(in: folder)
        let list = try clubhouse.run(["player", "list", "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(try jsonArray(list.stdout).map { $0["name"] as? String } == Self.all.map(\.stored))
        for (index, name) in Self.all.enumerated() {
            let show = try clubhouse.run(["player", "show", String(index + 1), "--json"])
            #expect(try jsonObject(show.stdout)["name"] as? String == name.stored)
        }
        // JSON escapes every C0 control; nothing else needs it to read back exactly.
        #expect(!list.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(list.stdout.contains("\\u001b[2J"))
    }

    @Test func playerShowAndHomeShowStoredTextEscaped() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try squad(in: folder)
        try sqlite(path, "UPDATE players SET favourite_team = \(sqlText("\u{1B}[31mred\r")) WHERE id = 5")
        let show = try clubhouse.run(["player", "show", "5"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(
            show.stdout
                == """
                \\e[2J (#5)
                  Age: 35
                  Skill: —
                  Position: —
                  Favourite team: \\e[31mred\\r
                  Shirt number: —

                """)
        let home = try clubhouse.run(["home"])
        #expect(home.status == 0, "\(home.stderr)")
        expectNothingRaw(home.stdout)
        let newest = Self.all.enumerated().reversed().prefix(5).map { "  #\($0.offset + 1)  \($0.element.shown)" }
        #expect(home.stdout.hasSuffix(newest.joined(separator: "\n") + "\n"), "\(home.stdout)")
        for (index, name) in Self.all.enumerated() {
            let show = try clubhouse.run(["player", "show", String(index + 1)])
            #expect(show.stdout.hasPrefix("\(name.shown) (#\(index + 1))\n"))
            expectNothingRaw(show.stdout)
        }
    }

    @Test func gatherScreensShowStoredTextEscaped() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try squad(in: folder)
        let new = try clubhouse.run(["gather", "new", "--team-a", "5,6", "--team-b", "7,1"])
        #expect(new.status == 0, "\(new.stderr)")
        // A gather keeps the name a deleted player had: tamper with one of those too.
        try sqlite(
            path,
            "UPDATE gather_players SET name = \(sqlText("\u{1B}[8m\u{202E}")), player_id = NULL WHERE player_id = 1")
        let show = try clubhouse.run(["gather", "show"])
        #expect(show.status == 0, "\(show.stderr)")
        expectNothingRaw(show.stdout)
        #expect(
            show.stdout.contains(
                """
                Team A
                  —    \\e[2J (#5)
                  —    \\e]0;title\\u{7} (#6)
                Team B
                  —    Ana\\n99  Forged  30 (#7)
                  —    \\e[8m\\u{202E} (deleted)

                """), "\(show.stdout)")
        let json = try clubhouse.run(["gather", "show", "--json"])
        let teamB = try jsonObject(json.stdout)["teamB"] as? [[String: Any]]
        #expect(teamB?.map { $0["name"] as? String } == ["Ana\n99  Forged  30", "\u{1B}[8m\u{202E}"])
    }

    @Test func warningsAndErrorsShowStoredTextEscaped() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try squad(in: folder)
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1", "--team-b", "2"]).status == 0)
        try sqlite(
            path,
            "PRAGMA ignore_check_constraints = ON; UPDATE gather_players SET team = \(sqlText("\u{1B}[2J\n")) WHERE team = 'b'"
        )
        let nav = try clubhouse.run(["nav"])
        #expect(nav.status == 0)
        #expect(
            nav.stderr
                == #"warning: a player of gather 1 in the database cannot be read (unknown team '\e[2J\n'): cut gathers/1 from the players tab; you are on players/confirm"#
                + "\n")
        let show = try clubhouse.run(["gather", "show"])
        #expect(show.status == 1)
        #expect(
            show.stderr.hasSuffix(
                #"error: a player of gather 1 in the database cannot be read (unknown team '\e[2J\n')"# + "\n"))
        expectNothingRaw(show.stderr)
    }

    @Test func argumentsInErrorsAreShownEscaped() throws {
        let folder = try TemporaryFolder()
        let (_, clubhouse) = try squad(in: folder)
        let open = try clubhouse.run(["open", "\u{1B}]0;pwned\u{07}\u{202E}"])
        #expect(open.status == 1)
        #expect(
            open.stderr
                == #"error: unknown screen '\e]0;pwned\u{7}\u{202E}'; 'clubhouse nav' shows how screens are spelled"#
                + "\n")
        // However the app words its refusal of a control character, the character is not in it.
        let add = try clubhouse.run(["player", "add", "--name", "\u{1B}[2J\u{9B}"])
        #expect(add.status != 0)
        #expect(add.stderr.hasPrefix("error: "))
        expectNothingRaw(add.stderr)
    }

    @Test func usernamesAreShownEscaped() throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try squad(in: folder)
        try sqlite(path, "UPDATE users SET username = \(sqlText("ana\u{1B}[2J\u{202E}")) WHERE id = 1")
        let whoami = try clubhouse.run(["whoami"])
        #expect(whoami.stdout == #"ana\e[2J\u{202E}"# + "\n")
        let profile = try clubhouse.run(["tab", "profile"])
        #expect(profile.stdout.hasPrefix(#"Profile — ana\e[2J\u{202E}"# + "\n"), "\(profile.stdout)")
        let json = try clubhouse.run(["whoami", "--json"])
        #expect(try jsonObject(json.stdout)["username"] as? String == "ana\u{1B}[2J\u{202E}")
        let logout = try clubhouse.run(["logout"])
        #expect(logout.stdout == #"Signed out ana\e[2J\u{202E}."# + "\n")
    }

    /// No control character but newlines, no C1, no bidi control or line separator.
    private func expectNothingRaw(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let raw = text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A: false
            case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x61C,
                0x200B:
                true
            default: false
            }
        }
        #expect(raw.isEmpty, "raw: \(raw.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
    }
}

/// `text` as an SQL literal with exactly its bytes, whatever they are.
private func sqlText(_ text: String) -> String {
    "CAST(X'" + text.utf8.map { String(format: "%02X", $0) }.joined() + "' AS TEXT)"
}
