import ClubhouseTestSupport
import Foundation
import Testing

/// The walkthrough, one process per line, against one database.
@Suite(.heavy) struct WalkthroughTests {
    @Test func stateSurvivesEveryRun() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: folder.path("clubhouse.sqlite"))

        var result = try clubhouse.run(["register", "ana", "--password-stdin", "--no-login"], stdin: "s3cret-pass\n")
        #expect(result.status == 0, "\(result.stderr)")
        result = try clubhouse.run(["login", "ana", "--password-stdin"], stdin: "s3cret-pass\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Signed in as ana.\n")
        #expect(try clubhouse.run(["whoami"]).stdout == "ana\n")
        #expect(try nav(clubhouse)["tab"] as? String == "home")

        result = try clubhouse.run([
            "player", "add", "--name", "Zoë O'Brien", "--age", "27", "--skill", "amateur", "--position", "striker",
            "--favourite-team", "Boca Juniors",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Added player 1: Zoë O'Brien.\n")
        var state = try nav(clubhouse)
        #expect(state["tab"] as? String == "players")
        #expect(state["stack"] as? [String] == ["players"])

        result = try clubhouse.run(["player", "list"])
        #expect(result.stdout.contains("Zoë O'Brien") && result.stdout.contains("Boca Juniors"))

        result = try clubhouse.run(["player", "show", "1"])
        #expect(result.stdout.hasPrefix("Zoë O'Brien (#1)"))
        state = try nav(clubhouse)
        #expect(state["stack"] as? [String] == ["players", "players/1"])
        #expect(try clubhouse.run(["nav"]).stdout.contains("stack: players > players/1"))

        #expect(try clubhouse.run(["tab", "library"]).status == 0)
        state = try nav(clubhouse)
        #expect(state["tab"] as? String == "library")
        #expect((state["stacks"] as? [String: [String]])?["players"] == ["players", "players/1"])
        #expect(try clubhouse.run(["tab"]).stdout == "library\n")

        #expect(try clubhouse.run(["page", "results"]).stdout == "Home — squad [results] reading\nNo results yet.\n")
        state = try nav(clubhouse)
        #expect(state["tab"] as? String == "home")
        #expect(state["page"] as? String == "results")
        #expect(try clubhouse.run(["page"]).stdout == "results\n")

        #expect(try clubhouse.run(["tab", "players"]).stdout.hasPrefix("Zoë O'Brien (#1)"))
        #expect(try clubhouse.run(["back"]).stdout.contains("Zoë O'Brien"))
        #expect(try nav(clubhouse)["stack"] as? [String] == ["players"])
        #expect(try clubhouse.run(["back"]).status == 0)  // at the root: a no-op
        #expect(try nav(clubhouse)["stack"] as? [String] == ["players"])

        result = try clubhouse.run(["logout"])
        #expect(result.status == 0)
        state = try nav(clubhouse)
        #expect(state["flow"] as? String == "login")
        #expect(state["user"] is NSNull)
        #expect(state["stack"] as? [String] == ["login"])
        result = try clubhouse.run(["whoami"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: not signed in; sign in with: clubhouse login USERNAME (or create an account with: clubhouse register USERNAME)\n"
        )

        // The next sign-in starts at home, and the player is still there.
        _ = try clubhouse.run(["login", "ana", "--password-stdin"], stdin: "s3cret-pass")
        state = try nav(clubhouse)
        #expect(state["tab"] as? String == "home")
        #expect((state["stacks"] as? [String: [String]])?["players"] == ["players"])
        #expect(try clubhouse.run(["player", "list"]).stdout.contains("Zoë O'Brien"))
    }

    @Test func theSelectedTabAndPageAreColumnsTheSqliteShellReads() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.run(["page", "reading"])
        try clubhouse.run(["tab", "questions"])
        #expect(
            try sqlite(path, "SELECT selected_tab, selected_page, version FROM navigation_state")
                == "questions|reading|2")
    }

    @Test func aCopiedBinaryCarriesItsSchema() throws {
        let folder = try TemporaryFolder()
        let copy = folder.url.appending(path: "bin/clubhouse")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ClubhouseProcess.binary, to: copy)
        var clubhouse = ClubhouseProcess(database: folder.path("fresh.sqlite"))
        clubhouse.binary = copy
        let result = try clubhouse.run(["register", "ana", "--password-stdin", "--no-login"], stdin: "s3cret-pass")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try sqlite(folder.path("fresh.sqlite"), "SELECT identifier FROM grdb_migrations ORDER BY identifier")
                == everyMigration
        )
    }

    @Test func theDatabaseComesFromTheEnvironmentOrTheXDGFolder() throws {
        let folder = try TemporaryFolder()
        var clubhouse = ClubhouseProcess(database: "unused")
        let register = ["register", "ana", "--password-stdin", "--no-login"]
        clubhouse.environment = ["CLUBHOUSE_DB": folder.path("from-env.sqlite")]
        // A command that only reads answers as a new database would and creates nothing.
        #expect(try clubhouse.run(["nav"], useDatabaseOption: false).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path("from-env.sqlite")))
        #expect(try clubhouse.run(register, stdin: "s3cret-pass", useDatabaseOption: false).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path("from-env.sqlite")))

        clubhouse.environment = ["XDG_DATA_HOME": folder.path("data")]
        #expect(try clubhouse.run(["whoami"], useDatabaseOption: false).status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.path("data")))
        #expect(try clubhouse.run(register, stdin: "s3cret-pass", useDatabaseOption: false).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path("data/clubhouse/clubhouse.sqlite")))
    }

    private func nav(_ clubhouse: ClubhouseProcess) throws -> [String: Any] {
        let result = try clubhouse.run(["nav", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try jsonObject(result.stdout)
    }
}
