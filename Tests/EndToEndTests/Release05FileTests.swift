import Clubhouse
import ClubhouseTestSupport
import Foundation
import Testing

/// A database written by release 0.5.0 (schema 6, the last release before the library) opened by
/// this release, through the command line and through the library: the first command upgrades it
/// to the newest schema (through 7, where ana was becomes her scene `main`, her journal that scene's), and everything a
/// user had carries on.
@Suite(.heavy) struct Release05FileTests {
    /// Made by release 0.5.0 (commit 69fb30f): ana (password `s3cret-pass`) and bob
    /// (`b0b-password`) registered; bob added player 1 "Bo" and signed out; ana signed in, added
    /// players 2 "Zoë" (27, striker), 3 "Kai" (amateur) and 4 "Lu" (goalkeeper), book
    /// 9780441013593 "Dune", asked question 1; on a terminal `player add` was answered "Mo" and
    /// killed; then `gather new --team-a 2 --team-b 3,4` (which kept the form's draft aside),
    /// `gather score a`, `gather timer start`, `page results`, `open players/3/edit/age`. Where ana
    /// is: tab players, page results, players > players/3 > players/3/edit/age, questions >
    /// questions/1, the kept draft of players/new, gather 1 in progress with its timer running,
    /// and a journal of seven changes.
    static let fixture = "release-0.5-v6.sqlite"

    private func copyOfRelease05(in folder: TemporaryFolder) throws -> String {
        let path = try Fixtures.copy(Self.fixture, in: folder, name: "release-0.5.sqlite")
        #expect(try sqlite(path, "PRAGMA user_version") == "6")
        return path
    }

    @Test func theCommandLineCarriesOnWhereReleaseFiveLeftOff() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease05(in: folder)
        let clubhouse = ClubhouseProcess(database: path)

        let state = try clubhouse.navigation()
        #expect(try sqlite(path, "PRAGMA user_version") == "\(newestSchema)")
        #expect(
            try sqlite(path, "SELECT user_id, scene, current_screen FROM navigation_state")
                == "1|main|players/3/edit/age")
        #expect(try sqlite(path, "SELECT count(*) FROM navigation_journal WHERE user_id = 1 AND scene = 'main'") == "7")
        let dump = try databaseDump(path)
        #expect(try clubhouse.navigation()["tab"] as? String == "players")
        #expect(state["user"] as? String == "ana")
        #expect(state["tab"] as? String == "players")
        #expect(state["page"] as? String == "results")
        #expect(state["stack"] as? [String] == ["players", "players/3", "players/3/edit/age"])
        #expect(stacks(state)?["questions"] == ["questions", "questions/1"])
        #expect(state["keptDrafts"] as? [String: [String: String]] == ["players/new": ["name": "Mo"]])
        #expect(try databaseDump(path) == dump, "reading changed the file")
        let check = try clubhouse.run(["check"])
        #expect(check.stdout == "ok: \(path) passed every check (schema \(newestSchema))\n", "\(check.stderr)")

        #expect(try jsonArray(try clubhouse.run(["history", "--json"]).stdout).count == 7)
        let gather = try jsonObject(try clubhouse.run(["gather", "show", "--json"]).stdout)
        #expect((gather["score"] as? [String: Int]) == ["a": 1, "b": 0])
        // The countdown started at 10:00 when the file was made: it runs on from its stored
        // anchor, so by now it is running or, ten minutes on, time is up.
        let timer = try #require(gather["timer"] as? [String: Any])
        #expect(timer["duration"] as? Int == 600)
        let remaining = try #require(timer["remaining"] as? Int)
        switch timer["state"] as? String {
        case "running": #expect(remaining > 0 && remaining < 600)
        case "stopped": #expect(remaining == 0)
        case let state: Issue.record("the timer is \(state ?? "nil"), neither running nor up")
        }
        // The kept draft comes back when its form opens again.
        #expect(try clubhouse.run(["open", "players/new"]).status == 0)
        let reopened = try clubhouse.navigation()
        #expect(reopened["drafts"] as? [String: [String: String]] == ["players/new": ["name": "Mo"]])
        #expect(reopened["keptDrafts"] as? [String: [String: String]] == [:])
    }

    @Test func theLibraryOpensItAsItIs() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease05(in: folder)
        let app = try ClubhouseApp(path: path)
        #expect(try app.signedInUser()?.username == "ana")
        let state = try #require(try app.state())
        #expect(state.selectedTab == .players)
        #expect(state.selectedPage == .results)
        #expect(state.stacks[.players]?.map(\.path) == ["players", "players/3", "players/3/edit/age"])
        #expect(state.keptDrafts == [ScreenState(path: "players/new", draft: FormDraft(["name": "Mo"]))])
        #expect(try app.look().warnings.isEmpty)

        guard case .gather(let gather) = try app.look(.gather(.show)).result else {
            Issue.record("no gather in progress")
            return
        }
        #expect(gather.gather.score.a == 1)
        try app.type([("age", "31")])
        #expect(try app.state()?.currentScreen.draft?["age"] == "31")
        #expect(try ClubhouseApp.check(try .init(path: path)).problems.isEmpty)
        #expect(try app.scenes().scenes.map(\.name) == [.main])
        #expect(app.scene == .main)
        // Undo works on the journal the release wrote: it is the main scene's now.
        try app.undo()
        #expect(try app.state()?.currentPlace == "home/results")
    }
}
