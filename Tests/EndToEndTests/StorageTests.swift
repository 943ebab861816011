import ClubhouseTestSupport
import Foundation
import Testing

@Suite(.heavy) struct StorageTests {
    @Test func aFileThatIsNotAClubhouseDatabaseIsRefusedUntouched() throws {
        let folder = try TemporaryFolder()
        let text = folder.path("notes.txt")
        try Data("hello\n".utf8).write(to: URL(fileURLWithPath: text))
        let other = folder.path("other.sqlite")
        try sqlite(other, "CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        for path in [text, other] {
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let result = try ClubhouseProcess(database: path).run(["nav"])
            #expect(result.status == 1)
            #expect(result.stderr == "error: \(path) is not a Clubhouse database; it was left untouched\n")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test func aNewerSchemaIsRefusedUntouched() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let newer = newestSchema + 1
        try sqlite(path, "PRAGMA user_version = \(newer)")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try ClubhouseProcess(database: path).run(["player", "list"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(path) was written by a newer Clubhouse (schema \(newer)"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aMissingFolderIsAClearError() throws {
        let folder = try TemporaryFolder()
        let result = try ClubhouseProcess(database: folder.path("missing/db.sqlite")).run(["nav"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: the folder \(folder.path("missing")) does not exist\n")
    }

    @Test func aFolderOrAnImpossibleNameIsAClearError() throws {
        let folder = try TemporaryFolder()
        let asFolder = try ClubhouseProcess(database: folder.url.path).run(["nav"])
        #expect(asFolder.status == 1)
        #expect(asFolder.stderr == "error: cannot open the database at \(folder.url.path): it is a folder\n")
        let longName = folder.path(String(repeating: "a", count: 300) + ".sqlite")
        let tooLong = try ClubhouseProcess(database: longName).run(["nav"])
        #expect(tooLong.status == 1)
        #expect(tooLong.stderrLines.count == 1)
        #expect(tooLong.stderr.hasPrefix("error: cannot open the database at "))
    }

    @Test func concurrentCommandsAllLand() async throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let results = try await withThrowingTaskGroup(of: ClubhouseProcess.Result.self) { group in
            for index in 1...8 {
                group.addTask { try ClubhouseProcess(database: path).run(["player", "add", "--name", "P\(index)"]) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
        #expect(Set(results.map(\.stdout)).count == 8)
        #expect(try sqlite(path, "SELECT count(*) FROM players") == "8")
    }

    @Test func aRouteToADeletedPlayerIsCutOnRestore() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.run(["player", "add", "--name", "Zoë"])
        try clubhouse.run(["player", "show", "1"])
        try sqlite(path, "DELETE FROM players WHERE id = 1")
        let result = try clubhouse.run(["nav", "--json"])
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("warning: "))
        #expect(result.stderr.hasSuffix("cut players/1 from the players tab; you are on players\n"))
        let state = try jsonObject(result.stdout)
        #expect(state["tab"] as? String == "players")
        #expect(state["stack"] as? [String] == ["players"])
    }

    @Test(arguments: [
        "UPDATE navigation_state SET version = 99",
        "UPDATE navigation_state SET version = 'two'",
        "UPDATE navigation_state SET version = 1",
        "UPDATE navigation_state SET root_flow = 'login'",
    ])
    func anUnreadableStateWarnsAndStartsAtHome(_ tampering: String) throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.run(["tab", "players"])
        try sqlite(path, tampering)
        let result = try clubhouse.run(["nav", "--json"])
        #expect(result.status == 0)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("warning: the saved navigation could not be read ("))
        #expect(result.stderr.hasSuffix("; starting at home\n"))
        let state = try jsonObject(result.stdout)
        #expect(state["tab"] as? String == "home")
        #expect(state["stack"] as? [String] == ["home"])
        // The next command that writes replaces the bad state.
        try clubhouse.run(["tab", "library"])
        #expect(try clubhouse.run(["nav"]).stderr.isEmpty)
    }
}
