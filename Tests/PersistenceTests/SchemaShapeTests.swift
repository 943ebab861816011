import ClubhouseDomain
import ClubhouseSchema
import ClubhouseTestSupport
import GRDB
import Testing

@testable import ClubhousePersistence

@Suite struct SchemaShapeTests {
    /// The digests every open compares with: one per shipped version, recomputed here from the
    /// migrations themselves. A new migration fails this test until its digest is recorded.
    @Test(arguments: EmbeddedMigrations.all.map(\.version))
    func theRecordedDigestIsTheMigratedShape(_ version: Int) throws {
        let digest = try SchemaShape.referenceDatabase(version: version).read(SchemaShape.shape).digest
        #expect(
            SchemaShape.recordedDigest(version) == digest,
            "record \(version): 0x\(String(digest, radix: 16)) in SchemaShape.digests")
    }

    @Test func aFileThatLostATableIsRefusedUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("db.sqlite")
        _ = try AppDatabase.open(path: path)
        try sqlite(path, "DROP TABLE gather_players")
        let before = try sqlite(path, ".dump")
        #expect(
            throws: StorageError.schemaMismatch(
                path: path, version: AppDatabase.schemaVersion,
                problems: [
                    "missing index gather_players_player", "missing table gather_players",
                    "missing trigger sync_gather_players_insert", "missing trigger sync_gather_players_update",
                ])
        ) {
            try AppDatabase.open(path: path)
        }
        #expect(try sqlite(path, ".dump") == before)
    }

    @Test func aForeignTriggerOrAChangedTableIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("db.sqlite")
        _ = try AppDatabase.open(path: path)
        try sqlite(
            path,
            """
            CREATE TRIGGER spy AFTER INSERT ON players BEGIN SELECT 1; END;
            ALTER TABLE players ADD COLUMN note TEXT;
            """)
        #expect(
            throws: StorageError.schemaMismatch(
                path: path, version: AppDatabase.schemaVersion,
                problems: ["changed table players", "unexpected trigger spy"])
        ) {
            try AppDatabase.open(path: path)
        }
    }

    @Test func anOlderFileThatDoesNotMatchItsVersionIsNotMigrated() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("db.sqlite")
        _ = try AppDatabase.open(path: path)
        // A version-5 file claiming to be version 2: its gathers tables are unexpected there.
        try sqlite(path, "PRAGMA user_version = 2")
        #expect(throws: StorageError.self) { try AppDatabase.open(path: path) }
        #expect(try sqlite(path, "PRAGMA user_version") == "2")
    }
}
