import ClubhouseTestSupport
import Foundation
import Testing

/// `clubhouse open LINK`: the link wins for its own tab, other tabs keep theirs, and a link that
/// does not resolve changes nothing.
@Suite(.heavy) struct DeepLinkTests {
    static let roots: [String: [String]] = [
        "home": ["home"], "players": ["players"], "library": ["library"], "questions": ["questions"],
        "profile": ["profile"],
    ]

    @Test func aLinkSelectsItsTabAndMakesItsStackTheChainLeadingThere() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë", "Kai")
        #expect(try clubhouse.run(["page", "results"]).status == 0)

        let opened = try clubhouse.run(["open", "players/2/edit/name", "--json"])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stderr.isEmpty)
        let printed = try jsonObject(opened.stdout)
        #expect(printed["tab"] as? String == "players")
        #expect(printed["stack"] as? [String] == ["players", "players/2", "players/2/edit/name"])

        // The next process sees the same thing: the link was saved.
        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "players")
        #expect(state["page"] as? String == "results")
        #expect(state["stack"] as? [String] == ["players", "players/2", "players/2/edit/name"])
        var expected = Self.roots
        expected["players"] = ["players", "players/2", "players/2/edit/name"]
        #expect(stacks(state) == expected)
        #expect(state["drafts"] as? [String: [String: String]] == ["players/2/edit/name": [:]])
        #expect(state["modal"] is NSNull)
        #expect(
            try sqlite(path, "SELECT selected_tab, current_screen FROM navigation_state")
                == "players|players/2/edit/name")

        // A URL and a shorter link on the same tab replace that tab's stack with their own chain.
        let url = try clubhouse.run(["open", "clubhouse://players/1"])
        #expect(url.status == 0, "\(url.stderr)")
        #expect(url.stdout.hasPrefix("Zoë (#1)\n"))
        #expect(try clubhouse.navigation()["stack"] as? [String] == ["players", "players/1"])
    }

    @Test func otherTabsKeepTheirStacks() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        try clubhouse.addPlayers("Zoë")
        #expect(try clubhouse.run(["open", "players/1"]).status == 0)

        let home = try clubhouse.run(["open", "clubhouse://home/reading"])
        #expect(home.status == 0, "\(home.stderr)")
        #expect(
            home.stdout
                == "Home — squad results [reading]\nNo books recommended yet. Ask with: clubhouse question ask \"TEXT\"\n"
        )
        var state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "home")
        #expect(state["page"] as? String == "reading")
        #expect(state["stack"] as? [String] == ["home"])
        #expect(stacks(state)?["players"] == ["players", "players/1"])

        #expect(
            try clubhouse.run(["open", "library"]).stdout
                == "No books on your shelf yet. Add one with: clubhouse book add --isbn ISBN --title TITLE\n")
        state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "library")
        #expect(state["page"] as? String == "reading")
        #expect(stacks(state)?["players"] == ["players", "players/1"])

        // Back on the players tab, the detail is where it was left.
        #expect(try clubhouse.run(["tab", "players"]).stdout.hasPrefix("Zoë (#1)\n"))
    }

    /// One kind of screen: the link that opens it (as `nav` spells the screen) and what `nav`
    /// shows afterwards, starting from the profile tab.
    struct Opened: Sendable, CustomTestStringConvertible {
        var link: String
        var tab: String
        var stack: [String]
        var modal: [String]? = nil

        var testDescription: String { link }
    }

    static let dune = "9780441013593"

    /// Every screen that can be opened in this version, as `nav` spells it afterwards, in the
    /// database `richDatabase` makes (player 1, book Dune, question 1, the ended gather 1 and
    /// gather 2 in progress). `questions/1 > books/ISBN` is reached with `question show 1 --book`,
    /// not by a link: a book's link opens it in the library (see the test after this one).
    static let openable: [Opened] =
        [
            Opened(link: "players", tab: "players", stack: ["players"]),
            Opened(link: "players/new", tab: "players", stack: ["players", "players/new"]),
            Opened(link: "players/1", tab: "players", stack: ["players", "players/1"]),
            Opened(link: "players/confirm", tab: "players", stack: ["players", "players/confirm"]),
            // A gather in progress lives on the players tab, over the confirm screen; an ended one
            // in the profile tab's history.
            Opened(link: "gathers/2", tab: "players", stack: ["players", "players/confirm", "gathers/2"]),
            Opened(link: "gathers", tab: "profile", stack: ["profile", "gathers"]),
            Opened(link: "gathers/1", tab: "profile", stack: ["profile", "gathers", "gathers/1"]),
            Opened(link: "library", tab: "library", stack: ["library"]),
            Opened(link: "books/\(dune)", tab: "library", stack: ["library", "books/\(dune)"]),
            Opened(link: "questions", tab: "questions", stack: ["questions"]),
            Opened(link: "questions/1", tab: "questions", stack: ["questions", "questions/1"]),
            // The modal flows open over the tab the user is on.
            Opened(link: "books/new", tab: "profile", stack: ["profile"], modal: ["books/new"]),
            Opened(link: "questions/new", tab: "profile", stack: ["profile"], modal: ["questions/new"]),
            Opened(link: "profile", tab: "profile", stack: ["profile"]),
            Opened(link: "home", tab: "home", stack: ["home"]),
        ]
        + ["name", "age", "skill", "position", "favourite-team"].map {
            Opened(
                link: "players/1/edit/\($0)", tab: "players", stack: ["players", "players/1", "players/1/edit/\($0)"])
        }

    /// Every screen `nav` can print on the way to an openable one is itself openable, so that the
    /// round trip below covers every path `nav` prints.
    @Test func everyScreenOnTheWayIsOpenableToo() {
        let links = Set(Self.openable.map(\.link))
        for opened in Self.openable {
            for path in opened.stack + (opened.modal ?? []) {
                #expect(links.contains(path), "\(path), on the way to \(opened.link)")
            }
        }
    }

    @Test(arguments: openable)
    func anOpenedScreenIsTheTopOfTheStackNavShows(_ expected: Opened) throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.richDatabase(in: folder))
        #expect(try clubhouse.run(["tab", "profile"]).status == 0)  // start away from every link's tab but one

        let opened = try clubhouse.run(["open", expected.link])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stderr.isEmpty)
        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == expected.tab)
        #expect(state["stack"] as? [String] == expected.stack)
        #expect(stacks(state)?[expected.tab] == expected.stack)
        if let modal = expected.modal {
            #expect(state["modal"] as? [String] == modal)
        } else {
            #expect(state["modal"] is NSNull)
        }
        // `nav` prints the link back as the screen on show.
        let shown = (state["modal"] as? [String])?.last ?? (state["stack"] as? [String])?.last
        #expect(shown == expected.link)
        let text = try clubhouse.run(["nav"]).stdout
        #expect(text.contains("\nstack: \(expected.stack.joined(separator: " > "))\n"), "\(text)")
        if let modal = expected.modal {
            #expect(text.contains("\nmodal: \(modal.joined(separator: " > "))\n"), "\(text)")
        } else {
            #expect(!text.contains("modal:"), "\(text)")
        }
        // The URL form lands on the same screen.
        #expect(
            try clubhouse.run(["open", "clubhouse://" + expected.link, "--json"]).stdout
                == (try clubhouse.run(["nav", "--json"]).stdout))
    }

    /// A book opened from a question is on the questions tab (`questions > questions/1 >
    /// books/ISBN`), which no link builds; every path of that stack still opens with `open`, and
    /// `nav` prints it back as the screen on show.
    @Test func everyPathOfAStackReachedFromAQuestionOpensWithALink() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.richDatabase(in: folder))
        let shown = try clubhouse.run(["question", "show", "1", "--book", Self.dune])
        #expect(shown.status == 0, "\(shown.stderr)")
        let chain = ["questions", "questions/1", "books/\(Self.dune)"]
        var state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "questions")
        #expect(state["stack"] as? [String] == chain)
        #expect(try clubhouse.run(["nav"]).stdout.contains("\nstack: \(chain.joined(separator: " > "))\n"))

        // Each path of it, top first, opens and is printed back as the screen on show.
        let opens: [(path: String, tab: String, stack: [String])] = [
            ("books/\(Self.dune)", "library", ["library", "books/\(Self.dune)"]),
            ("questions/1", "questions", ["questions", "questions/1"]),
            ("questions", "questions", ["questions"]),
        ]
        #expect(opens.map(\.path) == chain.reversed())
        for (path, tab, stack) in opens {
            let opened = try clubhouse.run(["open", path])
            #expect(opened.status == 0, "\(path): \(opened.stderr)")
            #expect(opened.stderr.isEmpty)
            state = try clubhouse.navigation()
            #expect(state["tab"] as? String == tab, "\(path)")
            #expect(state["stack"] as? [String] == stack, "\(path)")
            #expect(stack.last == path)
            if path == opens[0].path {
                // A book's link opens it in the library; the questions tab keeps its stack.
                #expect(stacks(state)?["questions"] == chain)
            }
        }
        #expect(stacks(state)?["library"] == ["library", "books/\(Self.dune)"])
    }

    /// `home/PAGE`, the one link that is not a screen: `nav` prints it as the home tab and that
    /// page, and the link made of them opens the same again, as a URL too.
    @Test(arguments: ["results", "squad", "reading"])
    func aHomePageLinkSelectsThatPage(_ page: String) throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.richDatabase(in: folder))
        // Start on another tab and another page, so that the link has both to change.
        #expect(try clubhouse.run(["page", page == "reading" ? "results" : "reading"]).status == 0)
        #expect(try clubhouse.run(["tab", "library"]).status == 0)
        let before = try clubhouse.navigation()

        let opened = try clubhouse.run(["open", "home/\(page)", "--json"])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stderr.isEmpty)
        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "home")
        #expect(state["page"] as? String == page)
        #expect(state["stack"] as? [String] == ["home"])
        #expect(state["modal"] is NSNull)
        #expect(stacks(state) == stacks(before))  // every tab keeps its stack
        #expect(try jsonObject(opened.stdout)["page"] as? String == page)
        #expect(try clubhouse.run(["page"]).stdout == "\(page)\n")
        let text = try clubhouse.run(["nav"]).stdout
        #expect(text.contains("\ntab:   home\npage:  \(page)\nstack: home\n"), "\(text)")

        // The link `nav` describes, as a URL, prints back the same state.
        let link = "home/" + (try #require(state["page"] as? String))
        #expect(try clubhouse.run(["tab", "players"]).status == 0)
        #expect(
            try clubhouse.run(["open", "clubhouse://" + link, "--json"]).stdout
                == (try clubhouse.run(["nav", "--json"]).stdout))
        #expect(try clubhouse.navigation()["page"] as? String == page)
    }

    static let missingRecords: [String] = [
        "players/99", "clubhouse://players/99", "players/99/edit/name", "players/99/edit/favourite-team",
    ]

    @Test(arguments: missingRecords)
    func aLinkToAMissingRecordNamesItsDeepestScreenAndChangesNothing(_ link: String) throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë")
        #expect(try clubhouse.run(["open", "players/1"]).status == 0)
        #expect(try clubhouse.run(["page", "results"]).status == 0)
        let stored = try storedNavigation(path)
        let history = try clubhouse.run(["history", "--json"]).stdout
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let result = try clubhouse.run(["open", link])
        #expect(result.status == 1)
        #expect(result.stderr == "error: no player 99; players is the deepest screen of that link that exists\n")
        #expect(result.stdout.isEmpty)
        #expect(try sqlite(path, "SELECT stacks FROM navigation_state").contains(#"{"path":"players/1"}"#))
        #expect(try storedNavigation(path) == stored)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try clubhouse.run(["history", "--json"]).stdout == history)
        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "home")
        #expect(stacks(state)?["players"] == ["players", "players/1"])
    }

    static let unparseable = [
        "xyz", "", "players/abc", "players/01", "players/-1", "players/1/edit", "players/1/edit/team",
        "clubhouse://", "clubhouse://xyz", "home/news", "https://players/1",
    ]

    @Test(arguments: unparseable)
    func anUnparseableLinkIsRefused(_ link: String) throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try ClubhouseProcess(database: path).run(["open", link])
        #expect(result.status == 1)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("error: unknown screen '\(link)'; "))
        #expect(result.stdout.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aLinkIsEscapedInTheErrorLine() throws {
        let folder = try TemporaryFolder()
        let result = try ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
            .run(["open", "players/\n\u{1B}[31mred"])
        #expect(result.status == 1)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix(#"error: unknown screen 'players/\n\e[31mred'; "#))
    }

    /// Books and questions that do not exist, and an ISBN with a wrong check digit.
    static let missing = [
        "books/9780306406157", "books/030640615X", "books/9780306406158", "questions/1", "clubhouse://questions/7",
    ]

    @Test(arguments: missing)
    func aLinkToABookOrQuestionThatDoesNotExistIsRefusedAndChangesNothing(_ link: String) throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        #expect(try clubhouse.run(["tab", "library"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let result = try clubhouse.run(["open", link])
        #expect(result.status == 1)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stdout.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try clubhouse.navigation()["tab"] as? String == "library")
    }

    @Test func aLinkOpenedWhileSignedOutOpensOnceAfterTheNextSignIn() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë", "Kai", "Ada")
        #expect(try clubhouse.run(["logout"]).status == 0)

        let kept = try clubhouse.run(["open", "clubhouse://players/3"])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout == "Not signed in: players/3 will open after you sign in.\n")
        #expect(kept.stderr.isEmpty)
        #expect(try clubhouse.navigation()["flow"] as? String == "login")

        let login = try clubhouse.run(["login", "ana", "--password-stdin"], stdin: Fixtures.password + "\n")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout == "Signed in as ana.\nOpened players/3, the link you opened while signed out.\n")
        #expect(login.stderr.isEmpty)
        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "players")
        #expect(state["stack"] as? [String] == ["players", "players/3"])
        // Landing on the link is a navigation change like any other: journaled, and undone to home.
        #expect(try clubhouse.run(["history"]).stdout.hasSuffix("  home/squad → players/3\n"))
        #expect(try clubhouse.run(["undo"]).status == 0)
        #expect(try clubhouse.navigation()["stack"] as? [String] == ["home"])

        // Opened once: the next sign-in lands at home as usual.
        #expect(try clubhouse.run(["logout"]).status == 0)
        let again = try clubhouse.run(["login", "ana", "--password-stdin"], stdin: Fixtures.password + "\n")
        #expect(again.stdout == "Signed in as ana.\n")
        #expect(try clubhouse.navigation()["stack"] as? [String] == ["home"])
    }

    @Test func aFailedSignInLeavesTheLinkForTheNextSuccessfulOne() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë")
        #expect(try clubhouse.run(["logout"]).status == 0)
        #expect(try clubhouse.run(["open", "players/1/edit/age"]).status == 0)

        let wrong = try clubhouse.run(["login", "ana", "--password-stdin"], stdin: "not-the-password\n")
        #expect(wrong.status == 1)
        #expect(wrong.stderr == "error: wrong username or password\n")
        let login = try clubhouse.run(["login", "ana", "--password-stdin"], stdin: Fixtures.password + "\n")
        #expect(login.stdout == "Signed in as ana.\nOpened players/1/edit/age, the link you opened while signed out.\n")
        #expect(try clubhouse.navigation()["stack"] as? [String] == ["players", "players/1", "players/1/edit/age"])
    }

    @Test func aLinkWhoseRecordWentWhileSignedOutWarnsAndTheSignInStillSucceeds() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë", "Kai")
        #expect(try clubhouse.run(["logout"]).status == 0)
        #expect(try clubhouse.run(["open", "players/2"]).status == 0)
        try sqlite(path, "DELETE FROM players WHERE id = 2")

        let login = try clubhouse.run(["login", "ana", "--password-stdin"], stdin: Fixtures.password + "\n")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout == "Signed in as ana.\n")
        #expect(login.stderrLines.count == 1)
        #expect(login.stderr.hasPrefix("warning: "))
        #expect(login.stderr.contains("players/2") && login.stderr.contains("could not be opened"))
        #expect(try clubhouse.run(["whoami"]).stdout == "ana\n")
        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "home")
        #expect(stacks(state) == Self.roots)
    }

    @Test func anUnparseableLinkIsRefusedWhileSignedOutToo() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("fresh.sqlite")
        let clubhouse = ClubhouseProcess(database: path)
        #expect(try clubhouse.run(["nav"]).status == 0)
        let result = try clubhouse.run(["open", "xyz"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: unknown screen 'xyz'; "))
        // Neither the look nor the refused link made a database.
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// A link that could never open (an ISBN-10 with a wrong check digit: a stored ISBN-13 is
    /// read whatever its check digit, so such a link may still find a hand-edited book) is
    /// refused at once rather than kept for after the sign-in.
    @Test(arguments: ["books/0441013598", "books/0306406150"])
    func aLinkThatCanNeverOpenIsRefusedWhileSignedOut(_ link: String) throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        #expect(try clubhouse.run(["logout"]).status == 0)
        let result = try clubhouse.run(["open", link])
        #expect(result.status == 1, "stdout: \(result.stdout)")
        #expect(result.stderr.hasPrefix("error: "))
        #expect(try sqlite(path, "SELECT count(*) FROM pending_link") == "0")
    }
}

extension Fixtures {
    /// A copy, at `name` in `folder`, of a database where signed-in ana has players 1 (Zoë) and
    /// 2 (Kai), the books Dune and The Hobbit, question 1 (which recommends Dune), the ended
    /// gather 1 and gather 2 in progress: a record behind every kind of screen.
    static func richDatabase(in folder: TemporaryFolder, name: String = "clubhouse.sqlite") throws -> String {
        let path = folder.path(name)
        try richTemplate.get().write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Made once, by the binary, from the signed-in template.
    private static let richTemplate: Swift.Result<Data, any Error> = Result {
        let folder = try TemporaryFolder()
        let path = try signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        for arguments in [
            ["player", "add", "--name", "Zoë"], ["player", "add", "--name", "Kai"],
            [
                "book", "add", "--isbn", DeepLinkTests.dune, "--title", "Dune", "--author", "Frank Herbert",
                "--description", "Politics and ecology on a desert planet",
            ],
            [
                "book", "add", "--isbn", "9780547928227", "--title", "The Hobbit", "--description",
                "A dragon and a ring",
            ],
            ["question", "ask", "What should I read about a desert planet?"],
            ["gather", "new", "--team-a", "1", "--team-b", "2"], ["gather", "end", "--yes"],
            ["gather", "new", "--team-a", "1", "--team-b", "2"],
        ] {
            let result = try clubhouse.run(arguments)
            guard result.status == 0 else { throw FixtureError(message: "\(arguments) failed: \(result.stderr)") }
        }
        // What the screens above rely on.
        let made = try sqlite(
            path,
            """
            SELECT (SELECT group_concat(id) FROM (SELECT id FROM players ORDER BY id)),
              (SELECT count(*) FROM question_books),
              (SELECT group_concat(g) FROM (SELECT id || ':' || (ended_at IS NULL) AS g FROM gathers ORDER BY id))
            """)
        guard made == "1,2|1|1:0,2:1" else { throw FixtureError(message: "unexpected rich fixture: \(made)") }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }
}
