import Foundation
import TestSupport
import Testing

/// `clubhouse open LINK`: the link wins for its own tab, other tabs keep theirs, and a link that
/// does not resolve changes nothing.
@Suite struct DeepLinkTests {
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

    /// Every screen that can be opened in this version, as `nav` spells it afterwards.
    static let openable = [
        "players", "players/new", "players/1", "players/1/edit/name", "players/1/edit/age",
        "players/1/edit/skill", "players/1/edit/position", "players/1/edit/favourite-team", "library",
        "questions", "profile", "home",
    ]

    @Test(arguments: openable)
    func anOpenedScreenIsTheTopOfTheStackNavShows(_ screen: String) throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        try clubhouse.addPlayers("Zoë")
        #expect(try clubhouse.run(["tab", "profile"]).status == 0)  // start away from every link's tab but one

        let opened = try clubhouse.run(["open", screen])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stderr.isEmpty)
        let state = try clubhouse.navigation()
        let stack = try #require(state["stack"] as? [String])
        #expect(stack.last == screen)
        #expect(stack.first == screen.split(separator: "/").first.map(String.init))
        #expect(state["tab"] as? String == stack.first)
        #expect(try clubhouse.run(["nav"]).stdout.contains("\nstack: \(stack.joined(separator: " > "))\n"))
        // The URL form lands on the same screen.
        #expect(
            try clubhouse.run(["open", "clubhouse://" + screen, "--json"]).stdout
                == (try clubhouse.run(["nav", "--json"]).stdout))
    }

    @Test(arguments: ["results", "squad", "reading"])
    func aHomePageLinkSelectsThatPage(_ page: String) throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        // Start on another tab and another page, so that the link has both to change.
        #expect(try clubhouse.run(["page", page == "reading" ? "results" : "reading"]).status == 0)
        #expect(try clubhouse.run(["tab", "library"]).status == 0)

        let opened = try clubhouse.run(["open", "home/\(page)", "--json"])
        #expect(opened.status == 0, "\(opened.stderr)")
        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "home")
        #expect(state["page"] as? String == page)
        #expect(state["stack"] as? [String] == ["home"])
        #expect(try jsonObject(opened.stdout)["page"] as? String == page)
        #expect(try clubhouse.run(["page"]).stdout == "\(page)\n")
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
