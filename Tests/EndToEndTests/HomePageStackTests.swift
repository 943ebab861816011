import ClubhouseTestSupport
import Foundation
import Testing

/// Each page of the home tab's page view keeps a stack of its own (issue 30): a screen opened from
/// a page is pushed onto that page's stack, turning the page shows the other page's own stack,
/// `back` pops the page on show, and every page's stack is stored and restored by the next run.
@Suite(.heavy) struct HomePageStackTests {
    static let dune = DeepLinkTests.dune

    /// The page on show and its stack, and every page's stack, as `nav --json` prints them.
    private func pages(_ clubhouse: ClubhouseProcess) throws -> (
        page: String?, stack: [String]?, pages: [String: [String]]?
    ) {
        let state = try clubhouse.navigation()
        return (state["page"] as? String, state["stack"] as? [String], state["pages"] as? [String: [String]])
    }

    @Test func aPlayerOpenedFromTheSquadStaysOnThatPage() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.richDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        #expect(try clubhouse.run(["page", "squad"]).status == 0)
        let opened = try clubhouse.run(["home", "--player", "1"])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(try pages(clubhouse).stack == ["home", "players/1"])

        // Another page is another screen: it shows itself, not the player.
        let reading = try clubhouse.run(["page", "reading"])
        #expect(reading.status == 0, "\(reading.stderr)")
        #expect(reading.stdout.hasPrefix("Home — squad results [reading]"), "\(reading.stdout)")
        var now = try pages(clubhouse)
        #expect(now.page == "reading")
        #expect(now.stack == ["home"])
        #expect(
            now.pages == ["squad": ["home", "players/1"], "results": ["home"], "reading": ["home"]])

        // The results page opens a gather of its own; the squad keeps its player meanwhile.
        #expect(try clubhouse.run(["page", "results"]).status == 0)
        #expect(try clubhouse.run(["home", "--result", "1"]).status == 0)
        now = try pages(clubhouse)
        #expect(now.stack == ["home", "gathers/1"])
        #expect(now.pages?["squad"] == ["home", "players/1"])
        #expect(
            try sqlite(
                path, "SELECT selected_page, json_extract(stacks, '$.home[1].path'), page_stacks FROM navigation_state")
                == #"results|gathers/1|{"squad":[{"path":"home"},{"path":"players/1"}]}"#)

        // Back to the page with the player: the player, as this page was left.
        let squad = try clubhouse.run(["page", "squad"])
        #expect(squad.status == 0, "\(squad.stderr)")
        #expect(squad.stdout.contains("Zoë"), "\(squad.stdout)")
        #expect(try pages(clubhouse).stack == ["home", "players/1"])
        let text = try clubhouse.run(["nav"]).stdout
        #expect(text.contains("\npage:  squad\nstack: home > players/1\n"), "\(text)")
        #expect(text.contains("\nother home pages:\n  results    home > gathers/1\n"), "\(text)")

        // `back` pops the page on show only; `page previous` turns to the other page's own top.
        #expect(try clubhouse.run(["back"]).status == 0)
        now = try pages(clubhouse)
        #expect(now.stack == ["home"])
        #expect(now.pages?["results"] == ["home", "gathers/1"])
        #expect(try clubhouse.run(["page", "next"]).status == 0)
        #expect(try pages(clubhouse).stack == ["home", "gathers/1"])

        // Undo goes back page and stack together; history names each turn by its screens.
        #expect(try clubhouse.run(["undo"]).status == 0)
        now = try pages(clubhouse)
        #expect(now.page == "squad")
        #expect(now.stack == ["home"])
        #expect(now.pages?["results"] == ["home", "gathers/1"])
        let history = try clubhouse.run(["history"]).stdout
        #expect(history.contains("gathers/1"), "\(history)")
        let check = try clubhouse.run(["check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// Each of `home`'s options opens its screen from the page that lists it (the squad's
    /// players, the results' gathers, the reading list's books), whichever page is on show; a
    /// screen closed there reopens there.
    @Test func homeOptionsOpenFromTheirOwnPageAndReopenThere() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.richDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        #expect(try clubhouse.run(["page", "squad"]).status == 0)
        let opened = try clubhouse.run(["home", "--book", Self.dune])
        #expect(opened.status == 0, "\(opened.stderr)")
        var now = try pages(clubhouse)
        #expect(now.page == "reading")
        #expect(now.stack == ["home", "books/\(Self.dune)"])
        #expect(now.pages?["squad"] == ["home"])
        #expect(try clubhouse.run(["home", "--player", "2"]).status == 0)
        now = try pages(clubhouse)
        #expect(now.page == "squad")
        #expect(now.stack == ["home", "players/2"])
        #expect(now.pages?["reading"] == ["home", "books/\(Self.dune)"])

        // Closed on the reading page, reopened on it, whichever tab is on show.
        #expect(try clubhouse.run(["page", "reading"]).status == 0)
        #expect(try clubhouse.run(["back"]).status == 0)
        #expect(try clubhouse.run(["tab", "library"]).status == 0)
        let reopened = try clubhouse.run(["reopen"])
        #expect(reopened.status == 0, "\(reopened.stderr)")
        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "home")
        #expect(state["page"] as? String == "reading")
        #expect(state["stack"] as? [String] == ["home", "books/\(Self.dune)"])
        // The library keeps the book `book add` saved last on show (issue 45), untouched by the reopen.
        #expect((state["stacks"] as? [String: [String]])?["library"] == ["library", "books/9780547928227"])
    }

    /// A tampered `page_stacks` column costs only itself: each bad part is one warning, the rest
    /// of the row stays, and the next command that writes saves the repair.
    @Test func aTamperedPageStackIsRepairedWithAWarning() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.richDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        #expect(try clubhouse.run(["page", "results"]).status == 0)
        #expect(try clubhouse.run(["home", "--result", "1"]).status == 0)
        #expect(try clubhouse.run(["page", "squad"]).status == 0)
        // The results page's gather is gone, the reading page's stack is not a list, and a stack
        // for squad (the page on show, whose stack is stacks.home) was put there by hand.
        try sqlite(
            path,
            #"UPDATE navigation_state SET page_stacks = '{"results":[{"path":"home"},{"path":"gathers/99"}],"reading":7,"squad":[{"path":"home"},{"path":"players/1"}]}'"#
        )
        let result = try clubhouse.run(["nav", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderrLines == [
                "warning: the reading page's stack is not a list; the page starts at home again",
                "warning: the home pages' stacks hold one for squad, the page on show, whose stack is the home tab's; it was left out",
                "warning: no gather 99: cut gathers/99 from the results page of the home tab; you are on home",
            ], "\(result.stderr)")
        let state = try jsonObject(result.stdout)
        #expect(state["page"] as? String == "squad")
        #expect(state["pages"] as? [String: [String]] == ["squad": ["home"], "results": ["home"], "reading": ["home"]])
        // Reading only: the next command that writes saves the repaired row, once.
        #expect(try sqlite(path, "SELECT page_stacks IS NULL FROM navigation_state") == "0")
        let check = try clubhouse.run(["check"])
        #expect(check.status != 0)
        #expect(check.stdout.contains("the reading page's stack is not a list"), "\(check.stdout)")
        #expect(try clubhouse.run(["page", "results"]).status == 0)
        #expect(try sqlite(path, "SELECT page_stacks IS NULL FROM navigation_state") == "1")
        #expect(try clubhouse.run(["nav"]).stderr.isEmpty)

        // A column that is not JSON at all leaves every page not on show at its root.
        try sqlite(path, "UPDATE navigation_state SET page_stacks = 'not json'")
        let unreadable = try clubhouse.run(["nav", "--json"])
        #expect(unreadable.status == 0)
        #expect(
            unreadable.stderrLines == [
                "warning: the home pages' stacks could not be read; the pages not on show start at home"
            ])
        #expect(try jsonObject(unreadable.stdout)["page"] as? String == "results")
    }
}
