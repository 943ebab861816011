import GRDB
import Synchronization

/// Failures SQLite met where no caller was told. A book's full-text index is written when its
/// statement is reset (FTS5 flushes at the statement's savepoint), and GRDB does not look at what
/// a reset answers: a disk that fills there rolls the transaction back, and the next statement
/// fails with GRDB's "Transaction was aborted", which reached people as the database's own text.
/// SQLite's error log sees every failure, so each SQLITE_FULL is counted here, and a transaction
/// found aborted after one is reported as the full disk it was (`AppDatabase.storageError`).
enum UnreportedFailures {
    private static let fullDisks = Atomic<Int>(0)

    /// Installs the log once, before the first connection (SQLite takes it only then), keeping
    /// any log an embedding app set before.
    static let installed: Void = {
        let previous = Database.logError
        Database.logError = { code, message in
            if code.primaryResultCode == .SQLITE_FULL { fullDisks.add(1, ordering: .relaxed) }
            previous?(code, message)
        }
    }()

    /// A mark to compare with after some work.
    static func mark() -> Int { fullDisks.load(ordering: .relaxed) }

    /// Whether `error` is a transaction SQLite rolled back after the disk filled since `mark`.
    static func isFullDisk(_ error: DatabaseError, since mark: Int) -> Bool {
        error.resultCode == .SQLITE_ABORT && fullDisks.load(ordering: .relaxed) != mark
    }
}
