import Clubhouse
import ClubhouseTestSupport
import Foundation
import Testing

/// A database written by release 0.6.0 (schema 6) opened by this release: the first command
/// upgrades it to the newest schema (through 7), where ana's state becomes her scene `main` and her journal that
/// scene's, and nothing she had is lost: the open form and its draft, the modal and its draft,
/// every tab's stack, the page, the journal, her players and books.
@Suite(.heavy) struct Release06FileTests {
    /// Made by release 0.6.0 (commit 64b55c5, built in a clone of the repository): ana
    /// (password `s3cret-pass`) and bob (`b0b-password`) registered, ana signed in; players 1 "Zoë"
    /// (27, striker), 2 "Kai" (amateur), 3 "Lu" (goalkeeper); book 9780441013593 "Dune"; then
    /// `open players/2`, `tab library`, `open books/9780441013593`, `page results`, `tab players`,
    /// `back`; on a terminal `player add` answered "Mo" and killed at the next prompt, then
    /// `book add` answered the ISBN 9780141439518 and killed likewise. Where ana is: tab players,
    /// page results, players > players/new (draft name "Mo"), library > books/9780441013593, the
    /// modal books/new over the tabs (draft isbn), and a journal of ten changes.
    static let fixture = "release-0.6-v6.sqlite"

    private func copyOfRelease06(in folder: TemporaryFolder) throws -> String {
        let path = try Fixtures.copy(Self.fixture, in: folder, name: "release-0.6.sqlite")
        #expect(try sqlite(path, "PRAGMA user_version") == "6")
        return path
    }

    @Test func theCommandLineUpgradesItAndCarriesOn() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease06(in: folder)
        let clubhouse = ClubhouseProcess(database: path)

        let state = try clubhouse.navigation()
        #expect(try sqlite(path, "PRAGMA user_version") == "\(newestSchema)")
        #expect(try sqlite(path, "SELECT user_id, scene, current_screen FROM navigation_state") == "1|main|books/new")
        #expect(try sqlite(path, "SELECT scene, count(*) FROM navigation_journal GROUP BY scene") == "main|10")
        #expect(state["scene"] as? String == "main")
        #expect(state["user"] as? String == "ana")
        #expect(state["tab"] as? String == "players")
        #expect(state["page"] as? String == "results")
        #expect(state["stack"] as? [String] == ["players", "players/new"])
        #expect(state["modal"] as? [String] == ["books/new"])
        #expect(stacks(state)?["library"] == ["library", "books/9780441013593"])
        #expect(
            state["drafts"] as? [String: [String: String]]
                == ["players/new": ["name": "Mo"], "books/new": ["isbn": "9780141439518"]])
        let check = try clubhouse.run(["check"])
        #expect(check.stdout == "ok: \(path) passed every check (schema \(newestSchema))\n", "\(check.stderr)")
        #expect(try jsonArray(try clubhouse.run(["history", "--json"]).stdout).count == 10)
        let scenes = try jsonArray(try clubhouse.run(["scene", "list", "--json"]).stdout)
        #expect(scenes.map { $0["name"] as? String } == ["main"])
        #expect(scenes.map { $0["screen"] as? String } == ["books/new"])

        // The modal's form is submitted where it stopped, then the tab's form under it.
        let book = try clubhouse.run(["book", "add", "--isbn", "9780141439518", "--title", "Emma"])
        #expect(book.status == 0, "\(book.stderr)")
        #expect(try clubhouse.run(["book", "list", "--json"]).stdout.contains("9780141439518"))
        let player = try clubhouse.run(["player", "add", "--name", "Mo", "--age", "30"])
        #expect(player.status == 0, "\(player.stderr)")
        #expect(player.stdout == "Added player 4: Mo.\n")
        let list = try jsonArray(try clubhouse.run(["player", "list", "--json"]).stdout)
        #expect(list.map { $0["name"] as? String } == ["Zoë", "Kai", "Lu", "Mo"])
        // Another scene starts at home; main is where it was.
        let side = try jsonObject(try clubhouse.run(["nav", "--json", "--scene", "side"]).stdout)
        #expect(side["tab"] as? String == "home")
    }

    @Test func theLibraryOpensItInSceneMainAndUndoesItsJournal() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease06(in: folder)
        let app = try ClubhouseApp(path: path)
        #expect(try app.signedInUser()?.username == "ana")
        let state = try #require(try app.state())
        #expect(state.selectedTab == .players)
        #expect(state.selectedPage == .results)
        #expect(
            state.modal
                == ModalState(stack: [ScreenState(path: "books/new", draft: FormDraft(["isbn": "9780141439518"]))]))
        #expect(
            state.stacks[.players] == [
                ScreenState(path: "players"), ScreenState(path: "players/new", draft: FormDraft(["name": "Mo"])),
            ])
        #expect(try app.look().warnings.isEmpty)
        #expect(try ClubhouseApp.check(try .init(path: path)).problems.isEmpty)
        #expect(try app.scenes().scenes.map(\.name) == [.main])
        // The release's journal is the main scene's: undo closes the modal it opened last.
        try app.undo()
        #expect(try app.state()?.modal == nil)
        #expect(try app.state()?.currentScreen.path == "players/new")
        // The lists start with no selection: the first row.
        try app.back()
        guard case .players(let window) = try app.readWindow(count: 10) else {
            Issue.record("expected the players list")
            return
        }
        #expect(window.rows.map(\.name) == ["Zoë", "Kai", "Lu"])
        #expect(window.selectedIndex == 0)
    }
}
