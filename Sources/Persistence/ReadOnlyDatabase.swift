import ClubhouseDomain
import GRDB

/// A database opened only to look at it (`check`, `backup`): never created, never migrated,
/// whatever version it holds, and never written (`query_only`). Not SQLite's read-only mode:
/// on a read-only connection `integrity_check` silently skips CHECK constraints.
enum ReadOnlyDatabase {
    static func open(_ location: DatabaseLocation) throws -> DatabaseQueue {
        guard try DatabaseFile.inspect(location) != .missing else { throw StorageError.noDatabase(path: location.path) }
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
