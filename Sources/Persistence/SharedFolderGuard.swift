import ClubhouseDomain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What another local user can plant at a name Clubhouse or SQLite will use, in a folder they may
/// write to (`/tmp`, any sticky or world-writable folder): an empty file or a link where a new
/// database is set up (Clubhouse would write password hashes into a file they can read, or over a
/// file the link points to), or a journal beside a database (SQLite opens an existing journal and
/// writes the database's old pages into it). Each is refused before SQLite writes a byte.
enum SharedFolderGuard {
    /// A new database is set up only in a plain file of this user's: not a link, not another
    /// user's, not linked elsewhere too.
    static func refuseForeignNewFile(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        let reason: String
        if info.st_mode & S_IFMT == S_IFLNK {
            reason = "it is a symbolic link; a new database is set up only in a file of its own"
        } else if info.st_uid != geteuid() {
            reason =
                "the empty file there belongs to another user (uid \(info.st_uid)); remove it or choose another path"
        } else if info.st_nlink > 1 {
            reason = "the empty file there has other names (hard links); remove it or choose another path"
        } else {
            return
        }
        throw StorageError.cannotOpen(path: path, reason: reason)
    }

    /// In a folder every user may write to, a journal beside the database that is neither this
    /// user's nor the database owner's (SQLite gives its journals the database's owner), or is a
    /// link, was put there by someone else.
    static func refuseForeignJournal(beside path: String) throws {
        var folder = stat()
        guard stat(DatabaseFile.folder(of: path), &folder) == 0, folder.st_mode & S_IWOTH != 0 else { return }
        var database = stat()
        var journal = stat()
        let name = HotJournal.path(of: path)
        guard stat(path, &database) == 0, lstat(name, &journal) == 0 else { return }
        let isLink = journal.st_mode & S_IFMT == S_IFLNK
        guard isLink || ![geteuid(), database.st_uid].contains(journal.st_uid) || journal.st_nlink > 1 else { return }
        throw StorageError.cannotOpen(
            path: path,
            reason:
                "\(name) was not made by SQLite for this database (\(isLink ? "a link" : "another user's file")) and lies in a folder anyone can write to; remove it, then run the command again"
        )
    }
}
