import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `clubhouse backup FILE`: a consistent copy made with SQLite's online backup API. The copy is
/// taken in one step under a read lock, so it is one committed state even while other processes
/// write (they wait for it, as they wait for each other). The source is never migrated.
public enum DatabaseBackup {
    public struct Copy: Sendable {
        public let version: Int
        public let bytes: Int64
    }

    public static func copy(from source: DatabaseLocation, to destination: DatabaseLocation) throws -> Copy {
        let sourceQueue = try ReadOnlyDatabase.open(source)
        let (applicationID, version) = try mappingErrors(path: source.path) {
            try sourceQueue.read(ReadOnlyDatabase.header)
        }
        guard applicationID == AppDatabase.applicationID else {
            throw StorageError.notClubhouseDatabase(path: source.path)
        }
        // Never over anything: an existing file may be the only other copy someone has.
        guard try DatabaseFile.inspect(destination) == .missing else {
            throw StorageError.cannotOpen(
                path: destination.path, reason: "a file is already there; backup never overwrites")
        }
        try DatabaseFile.create(destination)
        do {
            let destinationQueue = try DatabaseQueue(path: destination.path)
            try mappingErrors(path: destination.path) {
                try sourceQueue.backup(to: destinationQueue)
            }
            try destinationQueue.close()
        } catch {
            unlink(destination.path)  // a half-written copy is worse than none
            throw error
        }
        var info = stat()
        let bytes = stat(destination.path, &info) == 0 ? Int64(info.st_size) : 0
        return Copy(version: version, bytes: bytes)
    }

    private static func mappingErrors<T>(path: String, _ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch {
            throw AppDatabase.storageError(error, path: path)
        }
    }
}
