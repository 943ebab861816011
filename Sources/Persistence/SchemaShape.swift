import ClubhouseSchema
import GRDB
import GRDBSQLite

/// The tables, indexes and triggers a database holds, compared with what its recorded schema
/// version should hold, so that a file whose `user_version` says 3 but which lost a table (or
/// gained a foreign trigger) is refused instead of failing halfway through some command.
///
/// Every open compares one 64-bit digest of `sqlite_master` (about twenty short rows) with the
/// digest recorded here for that version; only a mismatch pays for the details, by migrating a
/// database in memory to the same version and comparing object by object.
enum SchemaShape {
    /// FNV-1a of each version's shape, version 1 first. A test migrates to every version and
    /// checks these, and tells the value to record when a migration is added. (An array, not a
    /// dictionary by version: a first `[Int: …]` costs every command a scan of the binary's
    /// conformance records, issue 31.)
    static let digests: [UInt64] = [
        0x6c71_f8f2_94c9_a1d8,
        0x8398_4a7c_cd7f_4921,
        0x234b_fdfd_735a_9c34,
        0x234b_fdfd_735a_9c34,  // 4: keys recomputed; no table changed
        0x6f2b_a6c0_608e_1484,
        0xb669_a4ba_cf16_794c,
        0x16b0_4a3f_6e9e_e7a2,
        0x9770_59f4_f0c4_f7dd,
        0x60da_b31b_759e_cf82,
        0x2007_0cb9_73f7_a29e,
        0xfd73_ca90_cc3d_bc59,  // 11
        0x4429_43c9_e72b_7330,  // 12: a player's shirt number
        0x04e2_6361_122c_6327,  // 13: username skeletons
    ]

    /// The digest recorded for `version`, if it is one of this build's.
    static func recordedDigest(_ version: Int) -> UInt64? {
        digests.indices.contains(version - 1) ? digests[version - 1] : nil
    }

    struct Object: Equatable {
        var type: String
        var name: String
        var sql: String?

        var label: String { "\(type) \(name)" }
    }

    // sqlite_% objects are SQLite's own (sqlite_sequence, sqlite_stat1 after ANALYZE); the table
    // grdb_migrations is GRDB's record, which no command reads (see SchemaUpgrade).
    private static let objectsSQL = """
        SELECT type, name, sql FROM sqlite_master
        WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND NOT (type = 'table' AND name = 'grdb_migrations')
        ORDER BY type, name
        """

    static func objects(_ db: Database) throws -> [Object] {
        try Row.fetchAll(db, sql: objectsSQL).map { row in
            Object(
                type: RowDecoding.text(row, 0) ?? "", name: RowDecoding.text(row, 1) ?? "",
                sql: RowDecoding.text(row, 2))
        }
    }

    /// How many objects the database holds, and the digest of their type, name and SQL (FNV-1a,
    /// each field followed by a separator no text holds; no SQL counts as one NUL byte). Hashed
    /// from SQLite's own bytes, stepping the statement itself: every open digests the whole
    /// schema (some 25 kB), and GRDB's rows and strings of it cost every command about 0.9 M
    /// instructions more (issue 31).
    static func shape(_ db: Database) throws -> (count: Int, digest: UInt64) {
        let statement = try db.makeStatement(sql: objectsSQL)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ bytes: UnsafeBufferPointer<UInt8>) {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            hash = (hash ^ 0x1F) &* 0x100_0000_01b3
        }
        var count = 0
        var code = sqlite3_step(handle)
        while code == SQLITE_ROW {
            count += 1
            for column in CInt(0)..<3 {
                if let text = sqlite3_column_text(handle, column) {
                    add(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column))))
                } else {
                    // A NULL type or name hashes as empty text, a NULL sql as one NUL byte.
                    let nul: [UInt8] = column == 2 ? [0] : []
                    nul.withUnsafeBufferPointer(add)
                }
            }
            code = sqlite3_step(handle)
        }
        guard code == SQLITE_DONE else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
        return (count, hash)
    }

    /// The oldest version whose tables have this digest (3 and 4 share theirs: upgrading from
    /// the older one is always safe, since a data upgrade done twice changes nothing).
    static func version(of digest: UInt64) -> Int? {
        digests.firstIndex(of: digest).map { $0 + 1 }
    }

    /// What differs from a database freshly migrated to `version`, one phrase per object.
    static func differences(_ db: Database, version: Int) throws -> [String] {
        let found = try objects(db)
        let expected = try reference(version: version)
        var problems: [String] = []
        for object in expected {
            switch found.first(where: { $0.type == object.type && $0.name == object.name }) {
            case nil: problems.append("missing \(object.label)")
            case let other? where other.sql != object.sql: problems.append("changed \(object.label)")
            default: break
            }
        }
        for object in found where !expected.contains(where: { $0.type == object.type && $0.name == object.name }) {
            problems.append("unexpected \(object.label)")
        }
        return problems
    }

    /// The objects of a new database migrated to `version`.
    static func reference(version: Int) throws -> [Object] {
        try referenceDatabase(version: version).read(objects)
    }

    /// A new database in memory migrated to `version` (empty for a version no migration makes).
    static func referenceDatabase(version: Int) throws -> DatabaseQueue {
        UnreportedFailures.installed
        let queue = try DatabaseQueue()
        guard EmbeddedMigrations.all.contains(where: { $0.version == version }) else { return queue }
        try SchemaUpgrade.run(queue, from: 0, to: version)
        return queue
    }
}
