import ClubhouseTestSupport
import Foundation
import Testing

/// `--scene` on the command line, `clubhouse scene list` and `scene close`.
@Suite(.heavy) struct SceneCommandTests {
    @Test func eachSceneKeepsItsPlaceAndTheScenesAreListedAndClosed() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        #expect(try clubhouse.run(["open", "library"]).status == 0)
        #expect(try clubhouse.run(["open", "questions", "--scene", "work"]).status == 0)
        #expect(try clubhouse.run(["player", "add", "--name", "Kai", "--scene=work"]).status == 0)

        #expect(try clubhouse.navigation()["tab"] as? String == "library")
        let work = try jsonObject(try clubhouse.run(["nav", "--json", "--scene", "work"]).stdout)
        #expect(work["scene"] as? String == "work")
        #expect(work["tab"] as? String == "players")

        let list = try clubhouse.run(["scene", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        let lines = list.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("* main  library  20") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("  work  players  20") == true, "\(lines)")
        let json = try jsonArray(try clubhouse.run(["scene", "list", "--json", "--scene", "work"]).stdout)
        #expect(json.map { $0["name"] as? String } == ["main", "work"])
        #expect(json.map { $0["current"] as? Bool } == [false, true])
        #expect(json.map { $0["screen"] as? String } == ["library", "players"])
        #expect(Set(json[0].keys) == ["name", "screen", "updatedAt", "current"])
        // The data is shared.
        #expect(try clubhouse.run(["player", "list"]).stdout.contains("Kai"))

        let closed = try clubhouse.run(["scene", "close", "work"])
        #expect(closed.stdout == "Closed scene work.\n")
        let again = try clubhouse.run(["scene", "close", "work"])
        #expect(again.status == 1)
        #expect(again.stderr == "error: no scene 'work' is saved for the signed-in user\n")
        #expect(try jsonArray(try clubhouse.run(["scene", "list", "--json"]).stdout).count == 1)
    }

    @Test func aBadSceneNameChangesNothing() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        let dump = try databaseDump(path)
        for arguments in [
            ["nav", "--scene", "a b"], ["open", "library", "--scene=é"], ["whoami", "--scene", ""],
            ["nav", "--scene=-x"],
        ] {
            let result = try clubhouse.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(
                result.stderr.hasPrefix(
                    "error: A scene name is 1–32 letters, digits, '-' or '_', starting with a letter or digit.\n"))
        }
        let close = try clubhouse.run(["scene", "close", "no/such"])
        #expect(close.status == 1)
        #expect(
            close.stderr
                == "error: 'no/such' is not a scene name: use 1–32 letters, digits, '-' or '_', starting with a letter or digit\n"
        )
        #expect(try databaseDump(path) == dump)
        // Signed out, there are no scenes to list.
        #expect(try clubhouse.run(["logout"]).status == 0)
        #expect(try clubhouse.run(["scene", "list"]).status == 1)
    }

    @Test func aSceneWithATamperedNameCostsOnlyItself() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        #expect(try clubhouse.run(["open", "library", "--scene", "work"]).status == 0)
        #expect(try clubhouse.run(["open", "questions"]).status == 0)
        try sqlite(
            path,
            """
            PRAGMA ignore_check_constraints = 1;
            UPDATE navigation_state SET scene = 'x' || char(27) || '[2J' WHERE scene = 'work';
            """)
        let list = try clubhouse.run(["scene", "list"])
        #expect(list.status == 0)
        #expect(list.stdout.hasPrefix("* main  questions  "))
        #expect(list.stderr == "warning: a saved scene whose name is not a scene name was left out\n")
        #expect(try clubhouse.navigation()["tab"] as? String == "questions")
        let check = try clubhouse.run(["check"])
        #expect(check.status == 1)
        #expect(check.stdout.hasPrefix("problem: navigation_state row 2: scene breaks CHECK ("), "\(check.stdout)")
        #expect(!check.stdout.contains("\u{1B}"))
    }
}
