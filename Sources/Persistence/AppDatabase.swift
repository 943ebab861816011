import ClubhouseDomain
import ClubhouseSchema
import Foundation
import GRDB

/// The one owner of the database: the connection, the schema upgrade and every SQL statement (through
/// the repositories it hands to `write` and `read`).
///
/// Choices, all deliberate:
/// - Rollback journal (SQLite's default DELETE mode), never WAL: Debian 12's SQLite 3.40.1 predates
///   the fix (3.51.3) for a rare WAL corruption when several processes write or checkpoint at once.
///   The cost is that readers wait while a writer commits, which the busy timeout absorbs.
/// - A `DatabaseQueue`, one connection: a CLI process runs one command.
/// - Writes in IMMEDIATE transactions (GRDB's default for writes), so two processes never both
///   read and then fail to upgrade their lock; a 10 s busy timeout lets them queue instead.
/// - Foreign keys on (GRDB's default).
/// - `PRAGMA application_id` marks the file as ours and `PRAGMA user_version` holds the schema
///   version, so one cheap query on open tells a foreign or newer file from ours.
package final class AppDatabase: UnitOfWork {
    /// "CLUB" in ASCII.
    package static let applicationID: Int32 = 0x434C_5542
    /// The pages (4 KiB each) a transaction keeps in memory before it writes them to the file
    /// (`PRAGMA cache_spill`): about 16 MiB. Not a multiple of 256: SQLite also reads the number
    /// as a yes-or-no in one byte, and 4096 would turn spilling off.
    static let spillThresholdPages = 4000
    /// The schema version this build writes (`PRAGMA user_version` once migrated).
    package static let schemaVersion = EmbeddedMigrations.all.last?.version ?? 0

    private let queue: DatabaseQueue
    package let path: String
    /// The navigation states this connection wrote last (see `NavigationCodingCache`).
    private let navigationCache = NavigationCodingCache()
    /// A database in memory (no file, or a new one a command that only reads stands in for).
    package let isInMemory: Bool

    /// The file's device and inode when it was opened; nil in memory.
    private let identity: (device: UInt64, inode: UInt64)?

    private init(queue: DatabaseQueue, path: String, isInMemory: Bool = false) {
        self.queue = queue
        self.path = path
        self.isInMemory = isInMemory
        self.identity = isInMemory ? nil : Self.identity(of: path)
    }

    private static func identity(of path: String) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// The connection stays on the file it opened, wherever that file goes: one deleted, moved
    /// away or replaced (a backup copied over it) would take this app's writes into a file nobody
    /// can see any more. One `stat` per transaction tells.
    private func checkStillThere() throws {
        guard let identity else { return }
        guard let now = Self.identity(of: path), now == identity else { throw StorageError.moved(path: path) }
    }

    /// Opens the database at `location` and brings its schema up to date. Refuses, without
    /// writing to it, anything that is not a regular file, a file that is not a Clubhouse
    /// database, a newer one, or one whose schema does not match its version.
    ///
    /// A missing file is created (0600) only when `creating`; otherwise the command runs on a
    /// fresh database in memory, so a command that only reads answers as a new file would and
    /// leaves nothing behind.
    ///
    /// `forSigningOut` also accepts a file whose version mark disagrees with tables that are
    /// exactly this build's (signing out must never be refused for a changed mark); nothing is
    /// upgraded or rewritten then.
    package static func open(
        _ location: DatabaseLocation, creating: Bool, forSigningOut: Bool = false
    ) throws -> AppDatabase {
        let path = location.path
        switch try DatabaseFile.inspect(location) {
        case .missing:
            guard creating else { return try inMemory(path: path) }
            try DatabaseFile.create(location)
            try SharedFolderGuard.refuseForeignNewFile(path)
        case .empty:
            // Setting the file up is a write: only for a command that may create the database.
            guard creating else { return try inMemory(path: path) }
            try SharedFolderGuard.refuseForeignNewFile(path)
        case .file:
            break
        }
        try SharedFolderGuard.refuseForeignJournal(beside: path)
        let database: AppDatabase
        UnreportedFailures.installed
        do {
            var config = Configuration()
            config.busyMode = .timeout(10)
            config.label = "clubhouse"
            // A transaction keeps its pages in memory until it commits, up to a bound: spilling
            // them to the file mid-way takes the exclusive lock at once, and every other command,
            // readers too, then waits for the commit (giving up after the busy timeout). Only an
            // import of tens of thousands of books outgrows it; memory stays bounded for larger
            // ones. It must be set before a transaction begins to count.
            config.prepareDatabase { db in
                try db.execute(sql: "PRAGMA cache_spill = \(Self.spillThresholdPages)")
                Interruption.watch(db)
            }
            database = AppDatabase(queue: try DatabaseQueue(path: path, configuration: config), path: path)
        } catch {
            throw storageError(error, path: path)
        }
        try database.prepareSchema(forSigningOut: forSigningOut)
        return database
    }

    /// Opens (creating if needed) the database at a literal `path`.
    package static func open(path: String) throws -> AppDatabase {
        try open(DatabaseLocation(path: path), creating: true)
    }

    /// The database at `location` as it is, to look at (`check`): never created, migrated or
    /// written. Only for a file whose schema is this build's.
    package static func lookingOnly(_ location: DatabaseLocation) throws -> AppDatabase {
        AppDatabase(queue: try ReadOnlyDatabase.open(location), path: location.path)
    }

    /// An empty, migrated database in memory, for tests where file behaviour does not matter.
    package static func inMemory(path: String = ":memory:") throws -> AppDatabase {
        UnreportedFailures.installed
        let database = AppDatabase(queue: try DatabaseQueue(), path: path, isInMemory: true)
        try SchemaUpgrade.run(database.queue, from: 0)
        return database
    }

    /// Runs `work` in one IMMEDIATE transaction: everything it writes commits together, or nothing
    /// does when it throws.
    package func write<T>(_ work: (any Repositories) throws -> T) throws -> T {
        try checkStillThere()
        return try mappingErrors {
            try queue.write { db in try work(DatabaseRepositories(db: db, navigationCache: navigationCache)) }
        }
    }

    /// Runs `work` in one read-only transaction.
    package func read<T>(_ work: (any Repositories) throws -> T) throws -> T {
        try checkStillThere()
        return try mappingErrors {
            try queue.read { db in try work(DatabaseRepositories(db: db, navigationCache: navigationCache)) }
        }
    }

    /// Runs `work` on the sync tables in one IMMEDIATE transaction (see `SyncStore`).
    package func writeSyncTables<T>(_ work: (SyncStore) throws -> T) throws -> T {
        try checkStillThere()
        return try mappingErrors { try queue.write { db in try work(SyncStore(db: db)) } }
    }

    /// Runs `work` on the sync tables in one read-only transaction: lookups that change nothing
    /// (a handoff's keys and local ids) do not wait for, or hold up, a writer.
    package func readSyncTables<T>(_ work: (SyncStore) throws -> T) throws -> T {
        try checkStillThere()
        return try mappingErrors { try queue.read { db in try work(SyncStore(db: db)) } }
    }

    /// Applies one pulled page and moves the user's cursor to `next`, in ONE transaction: a kill
    /// at any moment leaves the page either applied with its cursor or not at all. `from` is the
    /// cursor the page was asked after: when the stored cursor is no longer it (another process
    /// synced the file meanwhile), nothing is applied and false is answered. Such a page may be
    /// older than what that process applied: laid over it, it brought a deleted record back and
    /// moved the cursor back, and the file never caught up.
    @discardableResult
    package func applyPulled(_ entries: [SyncPulledEntry], user: User.ID, from: Int64? = nil, next: Int64) throws
        -> Bool
    {
        try writeSyncTables { store in
            if let from {
                let cursor = try Int64.fetchOne(
                    store.db, sql: "SELECT cursor FROM sync_remote WHERE user_id = ?", arguments: [user])
                guard cursor == from else { return false }
            }
            try SyncPageApply(store: store, user: user).apply(entries)
            try store.db.execute(sql: "UPDATE sync_remote SET cursor = ? WHERE user_id = ?", arguments: [next, user])
            return true
        }
    }

    /// SQLite's `PRAGMA data_version` on this connection: it moves when another connection (another
    /// process, or another `AppDatabase` on the same file) commits, never for this one's own
    /// commits, so a long-lived client polls it to learn that someone else changed the file.
    package func dataVersion() throws -> Int {
        try checkStillThere()
        return try mappingErrors {
            try queue.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        }
    }

    // MARK: Schema

    private func prepareSchema(forSigningOut: Bool) throws {
        try mappingErrors {
            switch try status() {
            case .current: return
            case .refused(.versionMarkWrong(_, _, let tables)) where forSigningOut && tables == Self.schemaVersion:
                return
            default: break
            }
            // Two processes may meet a new or old file at once: they take turns under an exclusive
            // lock on the file, and the second finds it upgraded.
            try FileLock.exclusive(path: path) {
                let from: Int
                switch try status() {
                case .current: return
                case .new: from = 0
                case .older(let version): from = version
                case .refused(let error): throw error
                }
                let mark = UnreportedFailures.mark()
                do {
                    try SchemaUpgrade.run(queue, from: from)
                } catch let error as DatabaseError where error.resultCode != .SQLITE_BUSY {
                    // One transaction, rolled back: the file is still at `from`.
                    let reason =
                        UnreportedFailures.isFullDisk(error, since: mark) ? "the disk is full" : Self.reason(error)
                    throw StorageError.upgradeFailed(path: path, from: from, to: Self.schemaVersion, reason: reason)
                }
            }
        }
    }

    /// The marks and the shape are read in one read transaction: another process upgrading the
    /// file commits everything at once, and the version read must be the one of the tables.
    private func status() throws -> SchemaStatus {
        try queue.read { db in try SchemaStatus.of(db, path: path) }
    }

    /// What a file says it is: `PRAGMA application_id` and `PRAGMA user_version`, read leniently
    /// (shared with `check` and `backup`, which look at files without opening them as ours).
    static func marks(_ db: Database) throws -> (applicationID: Int32, version: Int) {
        let row = try Row.fetchOne(
            db, sql: "SELECT application_id, user_version FROM pragma_application_id, pragma_user_version")
        let applicationID: Int32 = row.flatMap { RowDecoding.lenient($0, "application_id") } ?? 0
        let version: Int = row.flatMap { RowDecoding.lenient($0, "user_version") } ?? 0
        return (applicationID, version)
    }

    // MARK: Errors

    private func mappingErrors<T>(_ work: () throws -> T) throws -> T {
        let mark = UnreportedFailures.mark()
        do {
            return try work()
        } catch let error as DatabaseError {
            if UnreportedFailures.isFullDisk(error, since: mark) { throw StorageError.diskFull }
            throw Self.storageError(error, path: path)
        }
    }

    /// Why an upgrade failed, in a few words.
    private static func reason(_ error: DatabaseError) -> String {
        switch error.resultCode {
        case .SQLITE_FULL: "the disk is full"
        case .SQLITE_IOERR: "a disk I/O error"
        case .SQLITE_READONLY: "the file or its folder is read-only"
        case .SQLITE_CORRUPT: "the file is damaged"
        default: error.message ?? "\(error.resultCode)"
        }
    }

    static func storageError(_ error: any Error, path: String) -> any Error {
        guard let error = error as? DatabaseError else { return error }
        if [.SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_READONLY].contains(error.resultCode),
            let stuck = HotJournal.unrecoverable(beside: path)
        {
            return stuck
        }
        switch error.resultCode {
        case .SQLITE_NOTADB: return StorageError.notClubhouseDatabase(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED: return StorageError.busy
        case .SQLITE_READONLY: return StorageError.readOnly(path: path)
        case .SQLITE_CANTOPEN:
            return StorageError.cannotOpen(path: path, reason: "the file cannot be opened or created here")
        case .SQLITE_CORRUPT: return StorageError.damaged(path: path)
        case .SQLITE_FULL: return StorageError.diskFull
        case .SQLITE_INTERRUPT: return StorageError.interrupted
        default: return StorageError.other(error.message ?? "\(error)")
        }
    }
}
