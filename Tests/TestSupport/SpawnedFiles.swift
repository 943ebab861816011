import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a process the tests spawn may inherit: its standard input, output and error, nothing else.
///
/// `posix_spawn` hands a child every descriptor not marked close-on-exec, and Foundation's `Pipe`
/// does not mark its ends. A server or a PostgreSQL watcher spawned while another test read a
/// `sqlite3` pipe kept that pipe's write end open for as long as it lived, so the reader never
/// saw its end: a CI run hung for most of an hour on one. glibc's
/// `posix_spawn_file_actions_addclosefrom_np` (2.34) closes the rest in the child; Swift's Glibc
/// module does not declare it, so it is looked up by name.
package enum SpawnedFiles {
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static let closeFrom: CloseFrom? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()

    /// Adds to `actions`: close every descriptor from 3 up in the child. Before glibc 2.34, a
    /// close for each descriptor open now (one opened meanwhile by another thread still leaks).
    package static func closeAllButStandard(_ actions: inout posix_spawn_file_actions_t) throws {
        guard let closeFrom else {
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            for fd in open.compactMap({ Int32($0) }) where fd > 2 {
                posix_spawn_file_actions_addclose(&actions, fd)
            }
            return
        }
        let result = closeFrom(&actions, 3)
        guard result == 0 else { throw SpawnError("closefrom: \(String(cString: strerror(result)))") }
    }
}

package struct SpawnError: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
