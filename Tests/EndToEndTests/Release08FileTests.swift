import Clubhouse
import ClubhouseServerTestSupport
import ClubhouseSync
import ClubhouseTestSupport
import Foundation
import Testing

/// A database written by release 0.8.0 (schema 8) with a remote set, opened by this release: the
/// first command upgrades it to the newest schema (9 adds the server's device cookie beside the token,
/// none until the next sign-in; 10 a stack for each home page not on show, none yet), and nothing
/// else changes: the remote, its cursor, the change waiting to be sent, where ana is.
@Suite(.heavy) struct Release08FileTests {
    /// Made by release 0.8.0 (main at d51518e, built in a worktree), `CLUBHOUSE_DB` set: bob
    /// registered (`b0b-password`, `--no-login`), then ana (`s3cret-pass`, signed in); players 1
    /// "Zoë" (27, striker) and 2 "Kai" (amateur); book 9780441013593 "Dune"; question 1 "What
    /// should I read about a desert planet?"; gather 1 (1 – 0, ended); `remote set
    /// http://127.0.0.1:18765 --username ana --register --device-name laptop` against a
    /// clubhouse-server on a throwaway PostgreSQL and `sync` (5 sent); then player 3 "Lu"
    /// (goalkeeper, waiting to be sent) and `open players/3`. The server is gone.
    static let fixture = "release-0.8-v8.sqlite"

    private func copyOfRelease08(in folder: TemporaryFolder) throws -> String {
        let path = try Fixtures.copy(Self.fixture, in: folder, name: "release-0.8.sqlite")
        #expect(try sqlite(path, "PRAGMA user_version") == "8")
        return path
    }

    @Test func theCommandLineUpgradesItAndKeepsTheRemoteAndWhatWaits() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease08(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        let shown = try clubhouse.run(["remote", "show"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("server:   http://127.0.0.1:18765\n"))
        #expect(shown.stdout.contains("device:   ") && shown.stdout.contains(" (laptop)\n"))
        #expect(shown.stdout.contains("waiting:  1 change\n"))
        #expect(try sqlite(path, "PRAGMA user_version") == "\(newestSchema)")
        #expect(try sqlite(path, "SELECT device_cookie IS NULL, cursor, server_username FROM sync_remote") == "1|5|ana")
        #expect(try sqlite(path, "SELECT entity, json_extract(fields, '$.name') FROM sync_outbox") == "player|Lu")
        let check = try clubhouse.run(["check"])
        #expect(check.stdout == "ok: \(path) passed every check (schema \(newestSchema))\n", "\(check.stderr)")
        let state = try clubhouse.navigation()
        #expect(state["stack"] as? [String] == ["players", "players/3"])
        // A change made now is queued beside the one that waited.
        #expect(try clubhouse.run(["player", "add", "--name", "Mo"]).status == 0)
        #expect(try sqlite(path, "SELECT count(*) FROM sync_outbox") == "2")
    }

    /// 0.8.0 kept one stack for the whole page view: a screen opened from a page stayed on show
    /// whichever page was turned to. The upgrade gives that stack to the page that was selected;
    /// the other pages start at their root.
    @Test func theHomeStackOf080LandsOnThePageThatWasSelected() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease08(in: folder)
        // What 0.8.0 stores after `page results` and `home --result 1` on this file (checked with
        // the 0.8.0 binary): the results page selected, its gather over the home tab's root.
        try sqlite(
            path,
            #"UPDATE navigation_state SET selected_tab = 'home', selected_page = 'results', current_screen = 'gathers/1', stacks = json_set(stacks, '$.home', json('[{"path":"home"},{"path":"gathers/1"}]'))"#
        )
        let clubhouse = ClubhouseProcess(database: path)
        var state = try clubhouse.navigation()
        #expect(try sqlite(path, "PRAGMA user_version") == "\(newestSchema)")
        #expect(try sqlite(path, "SELECT page_stacks IS NULL FROM navigation_state") == "1")
        #expect(state["page"] as? String == "results")
        #expect(state["stack"] as? [String] == ["home", "gathers/1"])
        #expect(
            state["pages"] as? [String: [String]] == [
                "squad": ["home"], "results": ["home", "gathers/1"], "reading": ["home"],
            ])
        #expect(stacks(state)?["players"] == ["players", "players/3"])

        // Turning the page now shows the other page; turning back, the gather again.
        #expect(try clubhouse.run(["page", "squad"]).status == 0)
        state = try clubhouse.navigation()
        #expect(state["stack"] as? [String] == ["home"])
        #expect(try clubhouse.run(["page", "results"]).status == 0)
        #expect(try clubhouse.navigation()["stack"] as? [String] == ["home", "gathers/1"])
        // A turn undoes as any change; then the entries 0.8.0 journaled (documents without page
        // stacks) read back as they always did.
        #expect(try clubhouse.run(["undo"]).status == 0)
        #expect(try clubhouse.navigation()["page"] as? String == "squad")
        #expect(try clubhouse.run(["undo"]).status == 0)
        #expect(try clubhouse.navigation()["stack"] as? [String] == ["home", "gathers/1"])
        let older = try clubhouse.run(["undo"])
        #expect(older.status == 0 && older.stderr.isEmpty, "\(older.stderr)")
        let check = try clubhouse.run(["check"])
        #expect(check.stdout == "ok: \(path) passed every check (schema \(newestSchema))\n", "\(check.stderr)")
    }

    /// 0.8.0 had no settings: after the upgrade a sign-in lands on home, as it did, and a
    /// landing ana chooses holds for her alone.
    @Test func settingsStartAtTheirDefaultsAfterTheUpgrade() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease08(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        let shown = try clubhouse.run(["settings", "--json"])
        #expect(shown.stdout == "{\"landing\":\"home\"}\n", "\(shown.stderr)")
        #expect(try sqlite(path, "SELECT count(*) FROM user_settings") == "0")
        #expect(try clubhouse.run(["settings", "landing", "library"]).status == 0)
        #expect(try clubhouse.navigation()["stack"] as? [String] == ["players", "players/3"], "nothing moved")
        #expect(try clubhouse.run(["logout"]).status == 0)
        #expect(try clubhouse.run(["login", "bob", "--password-stdin"], stdin: "b0b-password\n").status == 0)
        #expect(try clubhouse.run(["tab"]).stdout == "home\n", "bob chose nothing")
        #expect(try clubhouse.run(["logout"]).status == 0)
        #expect(try clubhouse.run(["login", "ana", "--password-stdin"], stdin: Fixtures.password + "\n").status == 0)
        #expect(try clubhouse.run(["tab"]).stdout == "library\n")
        let check = try clubhouse.run(["check"])
        #expect(check.stdout == "ok: \(path) passed every check (schema \(newestSchema))\n", "\(check.stderr)")
    }

    /// Signing in to a server after the upgrade stores the cookie it answers, and the records
    /// 0.8.0 made sync.
    @Test func aSignInAfterTheUpgradeKeepsTheServersCookieAndSyncs() async throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease08(in: folder)
        let database = try await PostgresCluster.shared().createDatabase()
        let server = try await ServerProcess.serving(database.url)
        let app = try ClubhouseApp(path: path)
        try await app.setRemote(
            url: "http://127.0.0.1:\(server.port)", username: "ana", password: Fixtures.password, register: true,
            deviceName: "laptop")
        #expect(try sqlite(path, "SELECT length(device_cookie) FROM sync_remote") == "43")
        let report = try await app.sync()
        // Another server: everything is sent again (three players, the book, the question, the gather).
        #expect(report.pushed == 6 && report.refused == 0, "\(report)")
        #expect(try app.remote()?.waiting == 0)
    }
}
