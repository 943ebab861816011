import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import PostgresNIO

/// Applies a page of a device's changes in one transaction that already holds the account's
/// lock: each change by the conflict rules (docs/server.md, "Sync"), its first result kept under
/// its id. Round trips are what a push costs, so the page's earlier results, tombstones, other
/// devices' concurrent puts, players and books are read in one query each; players and books
/// are written by `SyncPageRecords` in a few statements, and the log entries, results and new
/// tombstones in one statement each at the end (in order: the log's seqs follow the changes).
/// A 500-player page is about ten round trips instead of a thousand.
final class SyncApplier {
    let connection: PostgresConnection
    let logger: Logger
    let owner: User.ID
    let device: UUID
    let log: SyncLog
    /// Results by change id: those of earlier pushes, then this page's as they are decided.
    private var results: [UUID: SyncResult] = [:]
    /// This page's new results, to record.
    private var decided: [SyncResult] = []
    /// The page's keys that are buried, by `SyncLog.Burial.id`.
    private var burials: [String: (SyncLog.Burial, String)] = [:]
    /// This page's new tombstones, to write.
    private var buried: [SyncLog.Tombstone] = []
    /// This page's log entries, in order.
    private var entries: [SyncLog.Entry] = []
    /// Other devices' puts of each change's record after its base, by change id (read up front:
    /// the page's own entries are this device's, and nobody else writes under the lock).
    private var concurrent: [UUID: [(device: UUID, fields: SyncFields)]] = [:]
    /// Players and books held for a few statements; nil under savepoints (each change's writes
    /// must then be its own, to be rolled back alone).
    private var players: SyncPageRecords<SyncPlayerStore>?
    private var books: SyncPageRecords<SyncBookStore>?
    /// The fields, as the server holds them, of a record whose edit is being refused: logged
    /// once the refusal is decided (see `restore`).
    private var refusedEdit: (entity: SyncEntity, key: String, fields: SyncFields)?

    init(_ connection: PostgresConnection, logger: Logger, owner: User.ID, device: UUID) {
        self.connection = connection
        self.logger = logger
        self.owner = owner
        self.device = device
        log = SyncLog(connection, logger: logger)
    }

    /// The page's results, in order. `guarded` runs each change under a savepoint, so that a
    /// write PostgreSQL refuses (a value the rules let through but a column's CHECK does not)
    /// refuses that change alone; unguarded, such a write fails the page, which the route then
    /// applies again guarded. Savepoints are kept for that rare case: hundreds of subtransactions
    /// in one transaction slow PostgreSQL down for every session.
    func apply(_ page: [SyncChange], guarded: Bool) async throws -> [SyncResult] {
        results = try await log.results(of: page.map(\.id), owner: owner)
        // Only keys of a key's shape reach SQL (a NUL in one would fail the query, not the change).
        let shaped = page.filter { SyncKey.isUUIDKey($0.key) || SyncKey.isISBNKey($0.key) }
        burials = try await log.tombstones(owner: owner, keys: Set(shaped.map(\.key)))
        concurrent = try await log.concurrentPuts(of: shaped, owner: owner, except: device)
        if !guarded {
            let players = SyncPageRecords(SyncPlayerStore(connection, logger: logger))
            try await players.load(
                keys: shaped.filter { $0.entity == .player && SyncKey.isUUIDKey($0.key) }.map(\.key), owner: owner)
            let books = SyncPageRecords(SyncBookStore(connection, logger: logger))
            try await books.load(
                keys: shaped.filter { $0.entity == .book && SyncKey.isISBNKey($0.key) }.map(\.key), owner: owner)
            (self.players, self.books) = (players, books)
        }
        var answers: [SyncResult] = []
        for change in page { answers.append(try await apply(change, guarded: guarded)) }
        try await flush()
        try await log.bury(buried, owner: owner)
        try await log.append(entries, owner: owner, device: device)
        try await log.record(decided, owner: owner)
        return answers
    }

    /// Writes the players and books held so far.
    private func flush() async throws {
        try await players?.flush(owner: owner)
        try await books?.flush(owner: owner)
    }

    private func apply(_ change: SyncChange, guarded: Bool) async throws -> SyncResult {
        if let first = results[change.id] { return first }
        let (entryCount, buriedCount, burialsBefore) = (entries.count, buried.count, burials)
        if guarded { try await connection.query("SAVEPOINT sync_change", logger: logger) }
        var result: SyncResult
        do {
            // Every refusal by the rules is decided before anything is written.
            try await dispatch(change)
            result = .applied(change.id)
            if guarded { try await connection.query("RELEASE SAVEPOINT sync_change", logger: logger) }
        } catch let reason as SyncRefusalReason {
            if guarded { try await connection.query("ROLLBACK TO SAVEPOINT sync_change", logger: logger) }
            result = .refused(change.id, reason.code, reason.message)
            if let label = reason.buries { bury(change, .refused, label: label) }
            try await restoreRefusedEdit()
        } catch  where guarded && DatabaseFailure.isRefusal(error) {
            try await connection.query("ROLLBACK TO SAVEPOINT sync_change", logger: logger)
            entries.removeSubrange(entryCount...)
            buried.removeSubrange(buriedCount...)
            burials = burialsBefore
            logger.warning("sync change refused by the database", metadata: ["error": "\(String(reflecting: error))"])
            result = .refused(change.id, .invalid, "the server could not store this change: a value is out of range")
        }
        results[change.id] = result
        decided.append(result)
        return result
    }

    private func bury(_ change: SyncChange, _ burial: SyncLog.Burial, label: String) {
        let id = SyncLog.Burial.id(change.entity, change.key)
        // The first burial of a key stands (the statement's ON CONFLICT DO NOTHING, in memory).
        if burials[id] == nil {
            buried.append(SyncLog.Tombstone(entity: change.entity, key: change.key, reason: burial, label: label))
        }
        burials[id] = (burial, label)
    }

    private func dispatch(_ change: SyncChange) async throws {
        switch change.entity {
        case .player:
            if let players {
                try await apply(change, players)
            } else {
                try await apply(change, direct(SyncPlayerStore.self))
            }
        case .book:
            guard change.op == .put else {
                throw SyncRefusalReason(.invalid, "a book is never deleted; remove it with a put of owned false")
            }
            if let books { try await apply(change, books) } else { try await apply(change, direct(SyncBookStore.self)) }
        case .question:
            // A question's rules read the books, a gather's the players: the page's so far first.
            try await flush()
            try await apply(change, direct(SyncQuestionStore.self))
        case .gather:
            try await flush()
            try await apply(change, direct(SyncGatherStore.self))
        }
    }

    private func direct<Store: SyncRecordStore>(_: Store.Type) -> SyncDirectRecords<Store> {
        SyncDirectRecords(Store(connection, logger: logger))
    }

    private func apply<Records: SyncRecordAccess>(_ change: SyncChange, _ records: Records) async throws {
        try checkKey(change)
        if let (burial, label) = burials[SyncLog.Burial.id(change.entity, change.key)] {
            switch burial {
            case .deleted:
                // Deleting what is already deleted changes nothing; anything else loses to the delete.
                guard change.op == .put else { return }
                throw SyncRefusalReason(.deleted, "\(label) was deleted on another device; this change was not kept")
            case .refused:
                throw SyncRefusalReason(.unknown, "\(label) was never kept by the server: its creation was refused")
            }
        }
        let existing = try await records.existing(key: change.key, owner: owner)
        switch change.op {
        case .put: try await put(change, records, existing: existing)
        case .delete: try await delete(change, records, existing: existing)
        }
    }

    /// A record named by its key.
    private func unnamed(_ change: SyncChange) -> String { "\(change.entity.rawValue) \(change.key)" }

    private func checkKey(_ change: SyncChange) throws(SyncRefusalReason) {
        if change.entity.isKeyedByISBN {
            guard SyncKey.isISBNKey(change.key), let isbn = try? ISBN(change.key), isbn.digits == change.key else {
                throw SyncRefusalReason(
                    .invalid, "a book's key is its ISBN-13 (13 digits): \(shown(change.key)) is not one")
            }
        } else if !SyncKey.isUUIDKey(change.key) {
            throw SyncRefusalReason(
                .invalid, "a \(change.entity.rawValue)'s key is a lowercase UUID: \(shown(change.key)) is not one")
        }
    }

    private func put<Records: SyncRecordAccess>(
        _ change: SyncChange, _ records: Records, existing: Records.Store.Fields?
    ) async throws {
        typealias Store = Records.Store
        let store = records.store
        let merged: Store.Fields
        do {
            merged = try Store.Fields(change.fields, over: existing)
        } catch {
            if case .missing = error {
                throw SyncRefusalReason(
                    .unknown,
                    "\(change.entity.rawValue) \(change.key) is not known to the server and this change does not "
                        + "create it (\(error.message))")
            }
            let message =
                if case .unknownField(let name) = error {
                    SyncFieldError.unknownField(shown(name)).message
                } else { error.message }
            throw SyncRefusalReason(.invalid, message, buries: existing == nil ? unnamed(change) : nil)
        }
        // A create refused: the record's later changes are refused as unknown. Its label is
        // the key until its fields are known to be valid.
        let valid: Store.Fields
        do {
            valid = try await store.validated(merged, key: change.key, owner: owner)
        } catch let reason as SyncRefusalReason {
            if let existing { refusing(change, existing.fields) }
            throw existing == nil ? reason.burying(unnamed(change)) : reason
        }
        if let conflict = try await store.conflict(valid, existing: existing, key: change.key, owner: owner) {
            if let existing { refusing(change, existing.fields) }
            throw existing == nil ? conflict.burying(Store.label(valid)) : conflict
        }
        if let existing {
            try await records.update(key: change.key, valid, owner: owner)
            tellOverwritten(change, stored: valid.fields, label: Store.label(existing))
        } else {
            try await records.insert(key: change.key, valid, owner: owner)
        }
        // A create logs every field, an edit those it set, as stored (trimmed, resolved).
        let names = change.entity == .gather ? SyncGatherStore.logged(change.fields.keys) : Set(change.fields.keys)
        let logged = existing == nil ? valid.fields : valid.fields.only(names)
        entries.append(try .change(change.entity, change.key, .put, logged, id: change.id))
    }

    private func refusing(_ change: SyncChange, _ stored: SyncFields) {
        let names = change.entity == .gather ? SyncGatherStore.logged(change.fields.keys) : Set(change.fields.keys)
        refusedEdit = (change.entity, change.key, stored.only(names))
    }

    /// An edit refused by the rules (a value the merge with other devices' fields makes invalid,
    /// such as a countdown's time left over a duration another device shortened) is still the
    /// sender's value on the sender: the fields it set are logged again as the server holds
    /// them, with no device (rule 3 tells nobody), so the sender puts them back at its pull.
    /// Appended at once, before the page's own entries: those come later in the log and, where
    /// they set the same fields, win as they do here.
    private func restoreRefusedEdit() async throws {
        guard let (entity, key, fields) = refusedEdit else { return }
        refusedEdit = nil
        guard !fields.isEmpty else { return }
        try await log.append(
            owner: owner, entity: entity, key: key, op: .put, fields: fields, device: nil, change: UUID())
    }

    /// Rule 3: a device whose values, set after this change's base, this change replaced with
    /// other values is told so, once, naming the fields.
    private func tellOverwritten(_ change: SyncChange, stored: SyncFields, label: String) {
        let puts = concurrent[change.id] ?? []
        // Each device's last value of each field this change set.
        var written: [UUID: SyncFields] = [:]
        var order: [UUID] = []
        for put in puts {
            if written[put.device] == nil { order.append(put.device) }
            for (field, value) in put.fields where change.fields[field] != nil {
                written[put.device, default: [:]][field] = value
            }
        }
        for writer in order {
            let lost = change.entity.fieldNames.filter { field in
                guard let theirs = written[writer]?[field] else { return false }
                return theirs != stored[field]
            }
            guard !lost.isEmpty else { continue }
            // Named as people call them, each once (the countdown's five fields are one thing).
            var named: [String] = []
            for field in lost where !named.contains(change.entity.shownName(of: field)) {
                named.append(change.entity.shownName(of: field))
            }
            let message =
                named.count == 1
                ? "your change to \(label)'s \(named[0]) was replaced by another device's"
                : "your changes to \(label)'s \(Self.list(named)) were replaced by another device's"
            entries.append(
                .notice(
                    SyncNotice(code: .fieldReplaced, message: message, entity: change.entity, key: change.key),
                    to: writer))
        }
    }

    /// "a, b and c"
    static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    private func delete<Records: SyncRecordAccess>(
        _ change: SyncChange, _ records: Records, existing: Records.Store.Fields?
    ) async throws {
        guard let existing else {
            throw SyncRefusalReason(.unknown, "\(change.entity.rawValue) \(change.key) is not known to the server")
        }
        let label = Records.Store.label(existing)
        if Records.Store.entity == .player {
            // A gather in progress keeps the player as last seen, logged before the delete; the
            // seats are copied from the table, so the page's writes so far go first.
            try await flush()
            for (gather, teams) in try await SyncGatherStore(connection, logger: logger).keepSeats(
                ofPlayer: change.key, owner: owner)
            {
                entries.append(try .change(.gather, gather, .put, teams, id: UUID()))
            }
        }
        try await records.delete(key: change.key, owner: owner)
        entries.append(try .change(change.entity, change.key, .delete, [:], id: change.id))
        bury(change, .deleted, label: label)
        // Rule 2: a device that edited the record after the deleter's base lost that edit.
        let puts = concurrent[change.id] ?? []
        var told: Set<UUID> = []
        for put in puts where told.insert(put.device).inserted {
            entries.append(
                .notice(
                    SyncNotice(
                        code: .editLost, message: "your edit of \(label) was lost: it was deleted on another device",
                        entity: change.entity, key: change.key), to: put.device))
        }
    }
}
