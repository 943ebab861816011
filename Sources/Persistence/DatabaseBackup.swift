import ClubhouseDomain
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `clubhouse backup FILE`: a consistent copy made with SQLite's online backup API. The copy is
/// taken under one read lock (a step of pages at a time, so that an interruption stops it within
/// a step), so it is one committed state even while other processes write (they wait for it, as
/// they wait for each other). The source is never migrated.
///
/// The copy is written to a temporary file beside FILE and linked to FILE only once complete:
/// a backup killed or out of space halfway never leaves a partial FILE (which a later command
/// would take for a database to set up), and `link` refuses an existing FILE atomically.
package enum DatabaseBackup {
    package struct Copy: Sendable {
        package let version: Int
        package let bytes: Int64
    }

    /// Pages copied between two looks at `Interruption`: 4 MiB.
    private static let pagesPerStep: Int32 = 1024

    package static func copy(from source: DatabaseLocation, to destination: DatabaseLocation) throws -> Copy {
        let sourceQueue = try ReadOnlyDatabase.open(source)
        let (applicationID, version) = try mappingErrors(path: source.path) {
            try sourceQueue.read(AppDatabase.marks)
        }
        guard applicationID == AppDatabase.applicationID else {
            throw StorageError.notClubhouseDatabase(path: source.path)
        }
        // Never over anything: an existing file may be the only other copy someone has.
        guard try DatabaseFile.inspect(destination) == .missing else {
            throw StorageError.cannotOpen(
                path: destination.path, reason: "a file is already there; backup never overwrites")
        }
        try refuseLeftoverJournal(beside: destination)
        let temporary = try newTemporaryFile(beside: destination)
        defer {
            // A half-written copy is worse than none; so is the journal of a failed write.
            unlink(temporary.path)
            unlink(temporary.path + "-journal")
        }
        // No journal for the copy: it is thrown away whole if anything fails, and a journal would
        // be a file at a name others could learn once the copy's exists.
        UnreportedFailures.installed
        var destinationConfig = Configuration()
        destinationConfig.prepareDatabase { db in try db.execute(sql: "PRAGMA journal_mode = OFF") }
        let destinationQueue = try mappingErrors(path: destination.path) {
            try DatabaseQueue(path: temporary.path, configuration: destinationConfig)
        }
        try mappingErrors(path: destination.path) {
            // A step at a time inside one read transaction of the source: still one committed
            // state, and an interruption is heard between two steps.
            try sourceQueue.backup(to: destinationQueue, pagesPerStep: Self.pagesPerStep) { _ in
                try Interruption.check()
            }
            try destinationQueue.close()
        }
        guard link(temporary.path, destination.path) == 0 else {
            if errno == EEXIST {
                throw StorageError.cannotOpen(
                    path: destination.path, reason: "a file is already there; backup never overwrites")
            }
            throw StorageError.cannotOpen(path: destination.path, reason: String(cString: strerror(errno)))
        }
        // One planted while the copy was made is caught here: the copy is taken back.
        do {
            try refuseLeftoverJournal(beside: destination)
        } catch {
            unlink(destination.path)
            throw error
        }
        var info = stat()
        let bytes = stat(destination.path, &info) == 0 ? Int64(info.st_size) : 0
        return Copy(version: version, bytes: bytes)
    }

    /// A journal lying where the copy's would be (left by another database of that name, or
    /// planted) would be taken for the copy's own: the next command to open the copy would roll
    /// its pages into it. Such a name is refused, and the journal left for its owner to look at.
    private static func refuseLeftoverJournal(beside destination: DatabaseLocation) throws {
        for suffix in ["-journal", "-wal"] {
            var info = stat()
            guard lstat(destination.path + suffix, &info) == 0 || errno != ENOENT else { continue }
            throw StorageError.cannotOpen(
                path: destination.path,
                reason:
                    "\(destination.path)\(suffix) is already there, left by another database: SQLite would roll it into the copy; remove it or choose another name"
            )
        }
    }

    /// A new, empty file (0600) beside the copy, under a name nobody can know in advance and
    /// never one that exists: backups running at once (threads or processes) into one folder each
    /// write their own, and nothing lying there is reused or followed.
    private static func newTemporaryFile(beside destination: DatabaseLocation) throws -> DatabaseLocation {
        let folder = DatabaseFile.folder(of: destination.path)
        for _ in 0..<8 {
            let name = String(UInt64.random(in: .min ... .max), radix: 36)
            let path = "\(folder)/.clubhouse-backup-\(name).partial"
            let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if fd >= 0 {
                defer { close(fd) }
                guard fchmod(fd, 0o600) == 0 else {
                    unlink(path)
                    throw StorageError.cannotOpen(path: destination.path, reason: String(cString: strerror(errno)))
                }
                return DatabaseLocation(path: path)
            }
            if errno == EEXIST { continue }
            if errno == EACCES || errno == EROFS { throw StorageError.readOnly(path: destination.path) }
            throw StorageError.cannotOpen(path: destination.path, reason: String(cString: strerror(errno)))
        }
        throw StorageError.cannotOpen(path: destination.path, reason: "no free temporary name beside it")
    }

    private static func mappingErrors<T>(path: String, _ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch {
            throw AppDatabase.storageError(error, path: path)
        }
    }
}
