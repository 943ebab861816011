import ClubhouseServer
import ClubhouseServerSchema
import ClubhouseTestSupport
import Foundation
import Logging
import Testing

@Suite("Migrations", .heavy)
struct MigrationTests {
    let logger = Logger(label: "migration-test")
    /// Every version this build carries.
    static let all = Array(1...ServerSchema.version)

    @Test func migratesOnceAndRecordsTheVersion() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        #expect(try await ClubhouseServer.migrate(database.address, logger: logger) == Self.all)
        #expect(try await ClubhouseServer.migrate(database.address, logger: logger) == [])
        #expect(
            try await database.values("SELECT version || ' ' || name FROM schema_migrations ORDER BY version")
                == [
                    "1 0001_initial", "2 0002_sync", "3 0003_sync_kind", "4 0004_live", "5 0005_device_cookies",
                    "6 0006_shirt_number", "7 0007_username_skeletons",
                ])
    }

    /// Many migrators at once on one empty database: the advisory lock lets one apply, the
    /// others then find nothing to do, and none fails.
    @Test func concurrentMigrationsApplyOnce() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let logger = logger
        let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<6 { group.addTask { try await ClubhouseServer.migrate(database.address, logger: logger) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(applied.filter { $0 == Self.all }.count == 1)
        #expect(applied.filter { $0 == [] }.count == 5)
        #expect(
            try await database.values("SELECT count(*)::text FROM schema_migrations") == ["\(ServerSchema.version)"])
    }

    @Test func aNewerSchemaIsRefused() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        try await ClubhouseServer.migrate(database.address, logger: logger)
        let future = ServerSchema.version + 1
        try await database.execute("INSERT INTO schema_migrations (version, name) VALUES (\(future), 'future')")
        let error = await #expect(throws: ServerStartError.self) {
            try await ClubhouseServer.migrate(database.address, logger: logger)
        }
        #expect(
            error?.message.hasPrefix(
                "the database's schema is version \(future), newer than this clubhouse-server's (\(ServerSchema.version))"
            )
                == true)
    }

    @Test func anotherHistoryIsRefusedAndAFailedMigrationLeavesNothing() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        try await database.execute(
            "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now());"
                + "INSERT INTO schema_migrations (version, name) VALUES (1, '0001_something_else')")
        let error = await #expect(throws: ServerStartError.self) {
            try await ClubhouseServer.migrate(database.address, logger: logger)
        }
        #expect(error?.message.contains("0001_something_else") == true)

        // A migration that fails halfway rolls back whole: no table of it, no version recorded.
        let broken = try await PostgresCluster.shared().createDatabase()
        let migrations =
            ServerSchema.migrations + [
                MigrationSource(
                    version: 5, name: "0005_broken", sql: "CREATE TABLE half (id INT); SELECT no_such_function();")
            ]
        await #expect(throws: (any Error).self) {
            try await broken.withConnection { try await Migrator(migrations: migrations).migrate($0, logger: logger) }
        }
        #expect(try await broken.values("SELECT to_regclass('schema_migrations')::text") == [nil])
        #expect(try await broken.values("SELECT to_regclass('players')::text") == [nil])
    }

    @Test func anUnreachableDatabaseIsOneLine() async throws {
        // A port nothing listens on: a cluster started and stopped.
        let cluster = try PostgresCluster()
        let address = cluster.address()
        try cluster.stop()
        let error = await #expect(throws: ServerStartError.self) {
            try await ClubhouseServer.migrate(address, logger: logger)
        }
        let message = try #require(error?.message)
        #expect(message.hasPrefix("cannot connect to PostgreSQL at 127.0.0.1:\(address.port) database postgres: "))
        #expect(!message.contains("\n"))
    }

    @Test func databaseURLs() throws {
        let address = try DatabaseAddress(url: "postgresql://ana:s%40cret@db.example:6543/club")
        #expect(address.host == "db.example")
        #expect(address.port == 6543)
        #expect(address.password == "s@cret")
        #expect(address.database == "club")
        #expect(!address.description.contains("cret"))
        let socket = try DatabaseAddress(url: "postgres://ana@/club?host=/run/postgresql")
        #expect(socket.socketFolder == "/run/postgresql")
        for bad in ["mysql://a@b/c", "postgres://a@b", "postgres://b/c", "not a url", "postgres://a@b:99999/c"] {
            #expect(throws: ServerStartError.self, "\(bad)") { try DatabaseAddress(url: bad) }
        }
    }
}
