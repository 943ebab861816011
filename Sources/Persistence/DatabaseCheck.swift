import ClubhouseDomain
import GRDB
import GRDBSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `clubhouse check`: SQLite's own checks, then the app's, on a file opened read-only and never
/// migrated. Each problem is one line naming the table and row; values themselves are never
/// echoed (they may be what was tampered with).
package enum DatabaseCheck {
    package struct Report: Sendable {
        /// The schema version the file records.
        package var version: Int
        package var problems: [String]
        /// Something worth knowing that is not a problem (an older schema the next command upgrades).
        package var notes: [String]
        /// Whether the file has this build's schema, so its values were checked (and the app
        /// can look at it further).
        package var isCurrent = false
    }

    /// - Parameters:
    ///   - isWellFormedHash: the password hasher's format and cost check.
    ///   - furtherChecks: what else to check on a file of this build's schema (the app's look at
    ///     saved navigation), run while check still holds its turn as a reader.
    package static func run(
        _ location: DatabaseLocation, isWellFormedHash: (String) -> Bool,
        furtherChecks: (AppDatabase) throws -> [String] = { _ in [] }
    ) throws -> Report {
        // Check reads as any reader does: it waits while another command commits, and the journal
        // of a write in progress is that writer's business. Its read lock, held to the end, keeps
        // any journal from being rolled back under it. Only the journal of an interrupted write,
        // which SQLite would roll back, stops it: rolling back is a change, which check never
        // makes; the next command does it.
        // A journal another user planted: every other command refuses the file, and so does check.
        do {
            try SharedFolderGuard.refuseForeignJournal(beside: location.path)
        } catch let error as StorageError {
            return Report(version: 0, problems: [error.message], notes: [])
        }
        let turn: ReadersTurn
        do {
            turn = try ReadersTurn(location)
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_READONLY_ROLLBACK {
            let journal = HotJournal.path(of: location.path)
            let problem =
                HotJournal.unrecoverable(beside: location.path)?.message
                ?? "a write was interrupted and left \(journal): the next command rolls it back, then check again (check changes nothing, so it looked no further)"
            return Report(version: 0, problems: [problem], notes: [])
        } catch {
            throw AppDatabase.storageError(error, path: location.path)
        }
        defer { turn.release() }
        let queue = try ReadOnlyDatabase.open(location)
        do {
            var (report, isCurrent) = try queue.read { db in
                try run(db, path: location.path, isWellFormedHash: isWellFormedHash)
            }
            if isCurrent {
                try fullTextIndex(queue, turn: turn, into: &report)
                report.problems += try furtherChecks(try AppDatabase.lookingOnly(location))
            }
            report.isCurrent = isCurrent
            return report
        } catch {
            throw AppDatabase.storageError(error, path: location.path)
        }
    }

    /// The report, and whether the file has this build's schema (so its values were checked).
    /// What it says of the schema is what the next command does (`SchemaStatus` decides both).
    private static func run(_ db: Database, path: String, isWellFormedHash: (String) -> Bool) throws -> (Report, Bool) {
        let (applicationID, version) = try AppDatabase.marks(db)
        var report = Report(version: version, problems: [], notes: [])
        let status = try SchemaStatus.of(db, path: path)
        switch status {
        case .new:
            report.notes.append("the file is empty; the next command sets it up")
            return (report, false)
        case .refused(.notClubhouseDatabase):
            report.problems.append("the file is not a Clubhouse database (application id \(applicationID))")
            return (report, false)
        default:
            break
        }
        report.problems += try integrity(db)
        switch status {
        case .current:
            break
        case .older(let version):
            report.notes.append(
                "schema \(version) is older than \(AppDatabase.schemaVersion); the next command upgrades it")
            return (report, false)
        case .refused(let error):
            switch error {
            case .newerSchema(_, let found, let known):
                report.problems.append("schema \(found) is newer than this clubhouse knows (\(known))")
            case .versionMarkWrong(_, let recorded, let tables):
                report.problems.append(
                    "the file records schema \(recorded) (user_version), but its tables are those of schema \(tables)")
            case .schemaMismatch(_, let version, let differences):
                report.problems += differences.map { "schema \(version): \($0)" }
            default:
                report.problems.append(error.message)
            }
            report.notes.append("every command but backup refuses the file: \(error.message)")
            return (report, false)
        case .new:
            return (report, false)
        }
        let findings = try StoredValueCheck.run(db, isWellFormedHash: isWellFormedHash)
        // SQLite's lines for a broken CHECK or a forced NULL name no row; the app's name each row.
        report.problems.removeAll { problem in
            func after(_ prefix: String) -> String? {
                problem.hasPrefix(prefix) ? String(problem.dropFirst(prefix.count)) : nil
            }
            if let table = after("integrity: CHECK constraint failed in ") {
                return findings.brokenChecks.contains(table)
            }
            if let column = after("integrity: NULL value in ") { return findings.nulls.contains(column) }
            return false
        }
        report.problems += findings.problems
        return (report, true)
    }

    /// FTS5's own check of books_fts against the books table (rank 1: compare with the content
    /// table, which an external-content index otherwise skips; SQLite 3.40's integrity_check does
    /// not look at FTS5 at all). It is spelled as an INSERT, which `query_only` refuses, so it runs
    /// in its own transaction that is always rolled back: it reads, and the file is left as it was.
    ///
    /// Its write lock is never waited for while check holds its turn as a reader: a writer
    /// waiting for that turn to end would wait for check, and check for it. When the lock is
    /// taken, check steps aside for a moment (the writer commits) and tries again.
    private static func fullTextIndex(_ queue: DatabaseQueue, turn: ReadersTurn, into report: inout Report) throws {
        try queue.inDatabase { db in
            try db.execute(sql: "PRAGMA query_only = 0")
            sqlite3_busy_timeout(db.sqliteConnection, 0)
            defer {
                sqlite3_busy_timeout(db.sqliteConnection, 10_000)
                try? db.execute(sql: "PRAGMA query_only = 1")
            }
            for _ in 0..<1000 {
                do {
                    try db.inTransaction(.immediate) {
                        try db.execute(sql: "INSERT INTO books_fts (books_fts, rank) VALUES ('integrity-check', 1)")
                        return .rollback
                    }
                    return
                } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                    turn.release()
                    usleep(10_000)
                    do {
                        try turn.take()
                    } catch {
                        report.notes.append("the full-text index was not checked: a write was interrupted meanwhile")
                        return
                    }
                } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
                    report.problems.append(
                        "books_fts: the full-text index does not match the books table (rebuild it with: INSERT INTO books_fts (books_fts) VALUES ('rebuild'))"
                    )
                    return
                } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
                    report.notes.append("the full-text index was not checked: the file cannot be locked for it here")
                    return
                } catch let error as DatabaseError {
                    report.problems.append(
                        "books_fts: the full-text index cannot be checked (\(error.message ?? "\(error.resultCode)"))")
                    return
                }
            }
            report.notes.append("the full-text index was not checked: other commands kept writing")
        }
    }

    /// `integrity_check` (pages, indexes, NOT NULL and CHECK constraints; the app then names the row
    /// of each broken constraint) and `foreign_key_check`, naming the key's columns.
    private static func integrity(_ db: Database) throws -> [String] {
        var problems = try String.fetchAll(db, sql: "PRAGMA integrity_check(100)")
            .filter { $0 != "ok" }
            .map { "integrity: \($0)" }
        for row in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") {
            let table = RowDecoding.text(row[0] as DatabaseValue) ?? "?"
            let rowid = RowDecoding.text(row[1] as DatabaseValue) ?? "?"
            let parent = RowDecoding.text(row[2] as DatabaseValue) ?? "?"
            // The key's columns: foreign_key_list's rows with the key's id.
            let columns = try Row.fetchAll(
                db, sql: "SELECT \"from\" FROM pragma_foreign_key_list(?) WHERE id = ? ORDER BY seq",
                arguments: [table, row.stored(3)]
            ).compactMap { RowDecoding.text($0.stored(0)) }
            let named = columns.isEmpty ? "" : "\(columns.joined(separator: ", ")) "
            problems.append("\(table) row \(rowid): \(named)refers to a \(parent) row that does not exist")
        }
        return problems
    }
}
