#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory `flock` on the database file, used only while migrating. It cannot interfere with
/// SQLite's own locks, which are POSIX `fcntl` locks (a separate mechanism on Linux).
enum FileLock {
    static func exclusive<T>(path: String, _ work: () throws -> T) throws -> T {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return try work() }  // SQLite will report the real problem
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(fd, LOCK_UN) }
        return try work()
    }
}
