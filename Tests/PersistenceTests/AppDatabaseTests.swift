import ClubhouseDomain
import ClubhousePersistence
import ClubhouseTestSupport
import Foundation
import Testing

@Suite struct AppDatabaseTests {
    @Test func createsAMarkedMigratedDatabaseWithARollbackJournal() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("new.sqlite")
        _ = try AppDatabase.open(path: path)
        #expect(try sqlite(path, "PRAGMA application_id") == "\(AppDatabase.applicationID)")
        #expect(try sqlite(path, "PRAGMA user_version") == "\(AppDatabase.schemaVersion)")
        #expect(try sqlite(path, "PRAGMA journal_mode") == "delete")
        #expect(
            try sqlite(path, "SELECT identifier FROM grdb_migrations")
                == "0001_initial\n0002_navigation_v2\n0003_football_gather\n0004_username_keys\n0005_bookkitty\n0006_kept_drafts\n0007_scenes\n0008_sync\n0009_device_cookie\n0010_page_stacks\n0011_user_settings\n0012_shirt_number\n0013_username_skeletons"
        )
        #expect(
            try sqlite(path, "SELECT name FROM sqlite_master WHERE name = 'navigation_state'") == "navigation_state")
    }

    @Test func reopeningLeavesTheFileAsItIs() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("db.sqlite")
        _ = try AppDatabase.open(path: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        _ = try AppDatabase.open(path: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func refusesAFileThatIsNotADatabaseAndLeavesItUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("notes.txt")
        let content = Data("just some notes\n".utf8)
        try content.write(to: URL(fileURLWithPath: path))
        #expect(throws: StorageError.notClubhouseDatabase(path: path)) { try AppDatabase.open(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
    }

    @Test func refusesAnotherApplicationsDatabaseAndLeavesItUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("other.sqlite")
        _ = try sqlite(path, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StorageError.notClubhouseDatabase(path: path)) { try AppDatabase.open(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func refusesADatabaseWrittenByANewerSchemaAndLeavesItUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("newer.sqlite")
        _ = try AppDatabase.open(path: path)
        _ = try sqlite(path, "PRAGMA user_version = 99")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StorageError.newerSchema(path: path, found: 99, known: AppDatabase.schemaVersion)) {
            try AppDatabase.open(path: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func refusesAMissingFolder() throws {
        let folder = try TemporaryFolder()
        let missing = folder.path("nope")
        #expect(throws: StorageError.folderMissing(path: missing)) {
            try AppDatabase.open(path: missing + "/db.sqlite")
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func aFailedWriteChangesNothing() throws {
        let database = try AppDatabase.inMemory()
        struct Boom: Error {}
        let user = try database.write { try $0.users.insert(username: Username("ana"), passwordHash: "h") }
        #expect(throws: Boom.self) {
            try database.write { repositories in
                _ = try repositories.players.insert(PlayerDraft(name: "Kept?"), owner: user.id)
                try repositories.navigation.save(.initial, for: user.id)
                throw Boom()
            }
        }
        let (players, navigation) = try database.read { repositories in
            (try repositories.players.all(owner: user.id), try repositories.navigation.load(for: user.id))
        }
        #expect(players.isEmpty)
        #expect(navigation == StoredNavigation.none)
    }

    @Test(arguments: 1...5)
    func manyConnectionsCanOpenANewFileAtOnce(round: Int) async throws {
        // Connections in threads stand in for processes: each opens the same new file, and every
        // one must find (or make) a fully migrated Clubhouse database.
        let folder = try TemporaryFolder()
        let path = folder.path("race-\(round).sqlite")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask { _ = try AppDatabase.open(path: path) }
            }
            try await group.waitForAll()
        }
        #expect(try sqlite(path, "SELECT count(*) FROM grdb_migrations") == "\(AppDatabase.schemaVersion)")
        #expect(try sqlite(path, "PRAGMA user_version") == "\(AppDatabase.schemaVersion)")
    }

    @Test func aFileHoldingOnlyAnEmptyMigrationTableIsTreatedAsNew() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("half.sqlite")
        _ = try sqlite(path, "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        _ = try AppDatabase.open(path: path)
        #expect(try sqlite(path, "PRAGMA user_version") == "\(AppDatabase.schemaVersion)")
    }
}
