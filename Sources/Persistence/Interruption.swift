import ClubhouseDomain
import GRDB
import GRDBSQLite
import Synchronization

/// Stops long work (an import, a check, a backup) at its next step when asked from another
/// thread, as a command line does on Ctrl-C: SQLite checks the flag every few thousand
/// instructions of any statement (its progress handler), and loops that are not SQL check it
/// between steps. What stops throws `StorageError.interrupted`, so the transaction around it rolls
/// back. The flag stays set until `clear()`.
package enum Interruption {
    private static let requested = Atomic<Bool>(false)

    package static func request() { requested.store(true, ordering: .sequentiallyConsistent) }

    package static func clear() { requested.store(false, ordering: .sequentiallyConsistent) }

    package static var isRequested: Bool { requested.load(ordering: .sequentiallyConsistent) }

    /// Throws when asked to stop.
    package static func check() throws {
        if isRequested { throw StorageError.interrupted }
    }

    /// Lets a connection's statements stop when asked (SQLITE_INTERRUPT).
    static func watch(_ db: Database) {
        sqlite3_progress_handler(
            db.sqliteConnection, instructionsPerCheck, { _ in Interruption.isRequested ? 1 : 0 }, nil)
    }

    /// Virtual machine instructions between two looks at the flag: a few microseconds.
    private static let instructionsPerCheck: Int32 = 10_000
}
