import Clubhouse
import ClubhouseTestSupport
import Foundation
import Testing

/// A database written by release 0.7.0 (schema 7) opened by this release: the first command
/// upgrades it to the newest schema (through 8, where every player, gather and question gets a key for sync, unique
/// per user), and nothing else changes: the scenes, the gathers (one ended, one running), the
/// question and its book, where ana is.
@Suite(.heavy) struct Release07FileTests {
    /// Made by release 0.7.0 (main at 83685ba, built before this branch's first change): bob
    /// registered (`b0b-password`), then ana (`s3cret-pass`, signed in); players 1 "Zoë" (27,
    /// striker), 2 "Kai" (amateur), 3 "Lu" (goalkeeper); books 9780441013593 "Dune" (9.99,
    /// 2005-08-02) and 9780547928227 "The Hobbit"; question 1 "What should I read about a desert
    /// planet?" (Dune); gather 1 (1 – 0, ended), gather 2 (0 – 1, its countdown running); then
    /// `open players/2`, `tab library`, `open books/9780441013593`, and in scene `work`
    /// `open questions/1`, `tab players`, `open players/3`; last, `gather list` in main.
    static let fixture = "release-0.7-v7.sqlite"

    private func copyOfRelease07(in folder: TemporaryFolder) throws -> String {
        let path = try Fixtures.copy(Self.fixture, in: folder, name: "release-0.7.sqlite")
        #expect(try sqlite(path, "PRAGMA user_version") == "7")
        return path
    }

    @Test func theCommandLineUpgradesItGivesEveryRecordAKeyAndCarriesOn() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease07(in: folder)
        let clubhouse = ClubhouseProcess(database: path)

        let state = try clubhouse.navigation()
        #expect(try sqlite(path, "PRAGMA user_version") == "\(newestSchema)")
        #expect(state["tab"] as? String == "profile")
        #expect(state["stack"] as? [String] == ["profile", "gathers"])
        #expect(stacks(state)?["library"] == ["library", "books/9780441013593"])
        #expect(stacks(state)?["players"] == ["players", "players/2"])
        let work = try jsonObject(try clubhouse.run(["nav", "--json", "--scene", "work"]).stdout)
        #expect(work["stack"] as? [String] == ["players", "players/3"])
        // Keys: one per record, all different, UUID-shaped; nothing queued (no remote).
        for table in ["players", "gathers", "questions"] {
            let keys = try sqlite(path, "SELECT key FROM \(table) ORDER BY id").split(separator: "\n")
            #expect(!keys.isEmpty && Set(keys).count == keys.count, "\(table)")
            #expect(keys.allSatisfy { $0.count == 36 && $0.split(separator: "-").count == 5 }, "\(table)")
        }
        #expect(try sqlite(path, "SELECT count(*) FROM sync_outbox") == "0")
        #expect(try sqlite(path, "SELECT count(*) FROM sync_remote") == "0")
        let check = try clubhouse.run(["check"])
        #expect(check.stdout == "ok: \(path) passed every check (schema \(newestSchema))\n", "\(check.stderr)")

        // The gathers and the question are as they were.
        // (Its countdown, started when the file was made, has run out since.)
        let gather = try jsonObject(try clubhouse.run(["gather", "show", "--json"]).stdout)
        #expect(gather["id"] as? Int == 2)
        #expect(gather["score"] as? [String: Int] == ["a": 0, "b": 1])
        let history = try jsonArray(try clubhouse.run(["gather", "list", "--json"]).stdout)
        #expect(history.map { $0["id"] as? Int } == [1])
        let question = try jsonObject(try clubhouse.run(["question", "show", "1", "--json"]).stdout)
        #expect((question["books"] as? [[String: Any]])?.map { $0["isbn"] as? String } == ["9780441013593"])
        // A new record gets a key of its own; still nothing queued.
        let added = try clubhouse.run(["player", "add", "--name", "Mo"])
        #expect(added.stdout == "Added player 4: Mo.\n", "\(added.stderr)")
        #expect(try sqlite(path, "SELECT length(key) FROM players WHERE id = 4") == "36")
        #expect(try sqlite(path, "SELECT count(*) FROM sync_outbox") == "0")
        // A backup carries the new tables; the copy passes check.
        let copy = folder.path("copy.sqlite")
        #expect(try clubhouse.run(["backup", copy]).status == 0)
        #expect(try sqlite(copy, "SELECT count(*) FROM players WHERE key IS NOT NULL") == "4")
        #expect(try sqlite(copy, "SELECT count(*) FROM sqlite_master WHERE name LIKE 'sync_%'") != "0")
        #expect(try ClubhouseProcess(database: copy).run(["check"]).status == 0)
    }

    @Test func theLibraryOpensItInBothScenes() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease07(in: folder)
        let app = try ClubhouseApp(path: path)
        #expect(try app.signedInUser()?.username == "ana")
        #expect(try app.scenes().scenes.map(\.name.rawValue) == ["main", "work"])
        #expect(try app.readPlayers(around: nil, count: 10).rows.map(\.name) == ["Zoë", "Kai", "Lu"])
        #expect(try ClubhouseApp.check(try .init(path: path)).problems.isEmpty)
    }
}
