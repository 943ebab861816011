import ClubhouseDomain
import GRDB

/// A database opened only to look at it (`check`, `backup`): never created, never migrated,
/// whatever version it holds, and never written (`query_only`). Not SQLite's read-only mode:
/// on a read-only connection `integrity_check` silently skips CHECK constraints.
enum ReadOnlyDatabase {
    static func open(_ location: DatabaseLocation) throws -> DatabaseQueue {
        guard try DatabaseFile.inspect(location) != .missing else { throw StorageError.noDatabase(path: location.path) }
        UnreportedFailures.installed
        do {
            var config = Configuration()
            config.prepareDatabase { db in
                try db.execute(sql: "PRAGMA query_only = 1")
                Interruption.watch(db)
            }
            config.busyMode = .timeout(10)
            config.label = "clubhouse-read-only"
            return try DatabaseQueue(path: location.path, configuration: config)
        } catch {
            throw AppDatabase.storageError(error, path: location.path)
        }
    }
}

/// A connection in SQLite's read-only mode holding a read transaction (a shared lock), so that no
/// other connection can roll a journal back while it is held (`check`). Taking it waits, as any
/// reader does, while another process commits, and throws SQLite's `SQLITE_READONLY_ROLLBACK`
/// when the journal beside the file is an interrupted write's, leaving it alone.
final class ReadersTurn {
    private let queue: DatabaseQueue

    init(_ location: DatabaseLocation) throws {
        guard try DatabaseFile.inspect(location) != .missing else { throw StorageError.noDatabase(path: location.path) }
        UnreportedFailures.installed
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(10)
        config.label = "clubhouse-readers-turn"
        // The read transaction outlives the access that opens it, on purpose.
        config.allowsUnsafeTransactions = true
        queue = try DatabaseQueue(path: location.path, configuration: config)
        try take()
    }

    func take() throws {
        try queue.inDatabase { db in
            try db.beginTransaction(.deferred)
            _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
        }
    }

    /// Lets a writer waiting for it commit.
    func release() {
        try? queue.inDatabase { db in if db.isInsideTransaction { try db.rollback() } }
    }
}
