import ClubhouseDomain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is at a database path, checked before SQLite sees it: SQLite would happily open a
/// device or a FIFO, or create `/dev/null-journal` beside one. Only a regular file (or a link to
/// one) is a database; a missing one may be created, readable by its owner only.
package enum DatabaseFile {
    package enum State: Equatable {
        case file
        /// A file of no bytes: not a database yet (a `register` killed before it set the file up).
        case empty
        case missing
    }

    package static func inspect(_ location: DatabaseLocation) throws -> State {
        let path = location.path
        try refuseSQLitesOwnName(path)
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: return info.st_size == 0 ? .empty : .file
            case S_IFDIR: throw StorageError.cannotOpen(path: path, reason: "it is a folder")
            case S_IFCHR, S_IFBLK: throw StorageError.cannotOpen(path: path, reason: "it is a device, not a file")
            case S_IFIFO: throw StorageError.cannotOpen(path: path, reason: "it is a FIFO, not a file")
            case S_IFSOCK: throw StorageError.cannotOpen(path: path, reason: "it is a socket, not a file")
            default: throw StorageError.cannotOpen(path: path, reason: "it is not a regular file")
            }
        }
        let failure = errno
        if failure == ENOTDIR {
            throw StorageError.cannotOpen(path: path, reason: "a part of the path is a file, not a folder")
        }
        guard failure == ENOENT else { throw StorageError.cannotOpen(path: path, reason: reason(failure)) }
        var link = stat()
        if lstat(path, &link) == 0 {
            // Another process may have created the file since `stat` looked: look again.
            guard link.st_mode & S_IFMT == S_IFLNK else { return try inspect(location) }
            throw StorageError.cannotOpen(path: path, reason: "it is a symbolic link to nothing")
        }
        // The default folder is created with the file; any other must exist.
        if location.folderToCreate != nil { return .missing }
        let folder = Self.folder(of: path)
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw StorageError.folderMissing(path: folder) }
            throw StorageError.cannotOpen(path: path, reason: reason(errno))
        }
        guard folderInfo.st_mode & S_IFMT == S_IFDIR else { throw StorageError.folderMissing(path: folder) }
        return .missing
    }

    /// Creates the missing file with mode 0600 whatever the umask (SQLite gives its journal the
    /// same mode), and the default folder with 0700. Another process creating it first is fine.
    package static func create(_ location: DatabaseLocation) throws {
        if let folder = location.folderToCreate { try createFolder(folder) }
        let fd = open(location.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if fd < 0 {
            if errno == EEXIST { return }
            if errno == EACCES || errno == EROFS { throw StorageError.readOnly(path: location.path) }
            throw StorageError.cannotOpen(path: location.path, reason: reason(errno))
        }
        defer { close(fd) }
        guard fchmod(fd, 0o600) == 0 else { throw StorageError.cannotOpen(path: location.path, reason: reason(errno)) }
    }

    /// Creates `path` and its missing parents; only the last one, Clubhouse's own, gets 0700
    /// (parents such as `~/.local/share` get the usual mode, less the umask).
    private static func createFolder(_ path: String, mode: mode_t = 0o700) throws {
        var info = stat()
        if stat(path, &info) == 0 { return }
        let parent = folder(of: path)
        if parent != path, parent != "/" { try createFolder(parent, mode: 0o755) }
        if mkdir(path, mode) != 0, errno != EEXIST {
            throw StorageError.cannotOpen(path: path, reason: "cannot create the folder (\(reason(errno)))")
        }
        if mode == 0o700 { chmod(path, mode) }
    }

    /// A name SQLite gives the files beside a database (`x.sqlite-journal`, `-wal`, `-shm`, a
    /// super-journal `-mjXXXXXXXX`) is never a database to open or a copy to write: SQLite would
    /// read a journal as data, or roll a stale one into the file it belongs to.
    static func refuseSQLitesOwnName(_ path: String) throws {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let isSuperJournal =
            name.count > 11 && name.dropLast(8).hasSuffix("-mj")
            && name.suffix(8).allSatisfy { $0.isHexDigit }
        guard ["-journal", "-wal", "-shm"].contains(where: { name.hasSuffix($0) }) || isSuperJournal else { return }
        throw StorageError.cannotOpen(
            path: path, reason: "SQLite uses that name for a database's own journal files; choose another name")
    }

    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
