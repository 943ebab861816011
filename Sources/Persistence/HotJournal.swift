import ClubhouseDomain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The rollback journal an interrupted write leaves beside a database (`x.sqlite-journal`). The
/// next connection that reads the file rolls it back: it writes the old pages into the database,
/// then deletes the journal. Who cannot write the database, the journal or its folder cannot do
/// that, and SQLite then answers only "disk I/O error" or "unable to open"; this says why.
enum HotJournal {
    static func path(of database: String) -> String { database + "-journal" }

    /// Whether a journal lies beside `database` that SQLite would take for an interrupted write:
    /// one that is not empty and whose header is not zeroed (SQLite ignores both).
    static func isPresent(beside database: String) -> Bool {
        let fd = open(path(of: database), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return errno != ENOENT && errno != ENOTDIR }
        defer { close(fd) }
        var first: UInt8 = 0
        return read(fd, &first, 1) == 1 && first != 0
    }

    /// When a journal is there and this user cannot roll it back, the error that says so and
    /// what to do; else nil.
    static func unrecoverable(beside database: String) -> StorageError? {
        guard isPresent(beside: database) else { return nil }
        let folder = DatabaseFile.folder(of: database)
        let reason: String
        if access(folder, W_OK) != 0 {
            reason = "you cannot write to its folder \(folder)"
        } else if access(path(of: database), R_OK | W_OK) != 0 {
            reason = "you cannot write to the journal"
        } else if access(database, R_OK | W_OK) != 0 {
            reason = "you cannot write to the database"
        } else {
            return nil
        }
        return .journalNotRolledBack(path: database, journal: path(of: database), reason: reason)
    }
}
