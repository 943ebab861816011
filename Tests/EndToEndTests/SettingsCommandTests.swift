import ClubhouseTestSupport
import Foundation
import Testing

/// `clubhouse settings`: where sign-in lands, printed and chosen from the command line.
@Suite(.heavy) struct SettingsCommandTests {
    @Test func landingIsPrintedChosenAndFollowedBySignIn() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        #expect(try clubhouse.run(["settings"]).stdout == "Sign-in lands on: home (clubhouse settings landing TAB)\n")
        #expect(try clubhouse.run(["settings", "landing"]).stdout == "home\n")
        let chosen = try clubhouse.run(["settings", "landing", "2"])
        #expect(chosen.status == 0 && chosen.stdout == "Sign-in now lands on the players tab.\n", "\(chosen.stderr)")
        // Before the command, as every command takes it; the noun alone is its `show`.
        let json = try clubhouse.run(["--database", path, "settings", "--json"], useDatabaseOption: false)
        #expect(json.stdout == "{\"landing\":\"players\"}\n", "\(json.stderr)")
        #expect(try clubhouse.run(["tab"]).stdout == "home\n", "choosing moves nothing")
        #expect(try clubhouse.run(["open", "profile"]).stdout.contains("Sign-in lands on: players"))
        #expect(try clubhouse.run(["logout"]).status == 0)
        let signedIn = try clubhouse.run(["login", "ana", "--password-stdin"], stdin: Fixtures.password + "\n")
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        #expect(try clubhouse.run(["tab"]).stdout == "players\n")
    }

    @Test func mistakesChangeNothing() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        for bad in ["attic", "0", "6", ""] {
            let refused = try clubhouse.run(["settings", "landing", bad])
            #expect(refused.status == 64, "\(bad)")
            #expect(refused.stderr.hasPrefix("error: The value '\(bad)' is invalid for '<tab>'"), "\(refused.stderr)")
        }
        #expect(try sqlite(path, "SELECT count(*) FROM user_settings") == "0")
        #expect(try clubhouse.run(["logout"]).status == 0)
        for arguments in [["settings"], ["settings", "landing", "players"]] {
            let refused = try clubhouse.run(arguments)
            #expect(refused.status == 1)
            #expect(refused.stderr.hasPrefix("error: not signed in"), "\(refused.stderr)")
        }
        #expect(try sqlite(path, "SELECT count(*) FROM user_settings") == "0")
    }
}
