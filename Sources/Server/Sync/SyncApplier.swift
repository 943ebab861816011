import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import PostgresNIO

/// Applies a device's changes in one transaction that already holds the account's lock: each
/// change by the conflict rules (docs/server.md, "Sync"), its first result kept under its id.
/// Each change runs under a savepoint, so a write PostgreSQL refuses refuses that change alone.
struct SyncApplier {
    let connection: PostgresConnection
    let logger: Logger
    let owner: User.ID
    let device: UUID
    let log: SyncLog

    init(_ connection: PostgresConnection, logger: Logger, owner: User.ID, device: UUID) {
        self.connection = connection
        self.logger = logger
        self.owner = owner
        self.device = device
        log = SyncLog(connection, logger: logger)
    }

    func apply(_ change: SyncChange) async throws -> SyncResult {
        if let first = try await log.result(of: change.id, owner: owner) { return first }
        try await connection.query("SAVEPOINT sync_change", logger: logger)
        var result: SyncResult
        do {
            try await dispatch(change)
            result = .applied(change.id)
            try await connection.query("RELEASE SAVEPOINT sync_change", logger: logger)
        } catch let reason as SyncRefusalReason {
            try await connection.query("ROLLBACK TO SAVEPOINT sync_change", logger: logger)
            result = .refused(change.id, reason.code, reason.message)
            if let label = reason.buries {
                try await log.bury(
                    owner: owner, entity: change.entity, key: change.key, .refused, label: label, seq: nil)
            }
        } catch  where DatabaseFailure.isRefusal(error) {
            // A value the rules above let through but a column's CHECK does not: this change
            // alone is refused, the page goes on.
            try await connection.query("ROLLBACK TO SAVEPOINT sync_change", logger: logger)
            logger.warning("sync change refused by the database", metadata: ["error": "\(String(reflecting: error))"])
            result = .refused(change.id, .invalid, "the server could not store this change: a value is out of range")
        }
        try await log.record(result, owner: owner)
        return result
    }

    private func dispatch(_ change: SyncChange) async throws {
        switch change.entity {
        case .player: try await apply(change, SyncPlayerStore(connection, logger: logger))
        case .book:
            guard change.op == .put else {
                throw SyncRefusalReason(.invalid, "a book is never deleted; remove it with a put of owned false")
            }
            try await apply(change, SyncBookStore(connection, logger: logger))
        case .question: try await apply(change, SyncQuestionStore(connection, logger: logger))
        case .gather: try await apply(change, SyncGatherStore(connection, logger: logger))
        }
    }

    private func apply<Store: SyncRecordStore>(_ change: SyncChange, _ store: Store) async throws {
        try checkKey(change)
        if let (burial, label) = try await log.tombstone(owner: owner, entity: change.entity, key: change.key) {
            switch burial {
            case .deleted:
                // Deleting what is already deleted changes nothing; anything else loses to the delete.
                guard change.op == .put else { return }
                throw SyncRefusalReason(.deleted, "\(label) was deleted on another device; this change was not kept")
            case .refused:
                throw SyncRefusalReason(.unknown, "\(label) was never kept by the server: its creation was refused")
            }
        }
        let existing = try await store.find(key: change.key, owner: owner, locking: true)
        switch change.op {
        case .put: try await put(change, store, existing: existing)
        case .delete: try await delete(change, store, existing: existing)
        }
    }

    private func checkKey(_ change: SyncChange) throws(SyncRefusalReason) {
        if change.entity.isKeyedByISBN {
            guard SyncKey.isISBNKey(change.key), let isbn = try? ISBN(change.key), isbn.digits == change.key else {
                throw SyncRefusalReason(.invalid, "a book's key is its ISBN-13 (13 digits): \(change.key) is not one")
            }
        } else if !SyncKey.isUUIDKey(change.key) {
            throw SyncRefusalReason(
                .invalid, "a \(change.entity.rawValue)'s key is a lowercase UUID: \(change.key) is not one")
        }
    }

    private func put<Store: SyncRecordStore>(_ change: SyncChange, _ store: Store, existing: Store.Fields?)
        async throws
    {
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
            throw SyncRefusalReason(.invalid, error.message, buries: existing == nil ? change.key : nil)
        }
        let valid: Store.Fields
        do {
            valid = try await store.validated(merged, key: change.key, owner: owner)
            if let conflict = try await store.conflict(valid, existing: existing, key: change.key, owner: owner) {
                throw conflict
            }
        } catch let reason as SyncRefusalReason {
            // A create refused: the record's later changes are refused as unknown.
            throw existing == nil ? reason.burying(Store.label(merged)) : reason
        }
        if let existing {
            try await store.update(key: change.key, valid, owner: owner)
            try await tellOverwritten(change, label: Store.label(existing))
        } else {
            try await store.insert(key: change.key, valid, owner: owner)
        }
        // A create logs every field, an edit those it set, as stored (trimmed, resolved).
        let logged = existing == nil ? valid.fields : valid.fields.only(change.fields.keys)
        try await log.append(
            owner: owner, entity: change.entity, key: change.key, op: .put, fields: logged, device: device,
            change: change.id)
    }

    /// Rule 3: the devices whose changes to these fields, made after this change's base, this
    /// change replaces are told so, once per field.
    private func tellOverwritten(_ change: SyncChange, label: String) async throws {
        let puts = try await log.concurrentPuts(
            owner: owner, entity: change.entity, key: change.key, after: change.base, except: device)
        var told: Set<String> = []
        for put in puts {
            for field in change.entity.fieldNames where change.fields[field] != nil && put.fields.contains(field) {
                guard told.insert("\(put.device) \(field)").inserted else { continue }
                try await log.notify(
                    owner: owner, device: put.device,
                    SyncNotice(
                        code: .fieldReplaced,
                        message: "your change to \(label)'s \(field) was replaced by another device's",
                        entity: change.entity, key: change.key))
            }
        }
    }

    private func delete<Store: SyncRecordStore>(_ change: SyncChange, _ store: Store, existing: Store.Fields?)
        async throws
    {
        guard let existing else {
            throw SyncRefusalReason(.unknown, "\(change.entity.rawValue) \(change.key) is not known to the server")
        }
        let label = Store.label(existing)
        try await store.delete(key: change.key, owner: owner)
        let seq = try await log.append(
            owner: owner, entity: change.entity, key: change.key, op: .delete, fields: [:], device: device,
            change: change.id)
        try await log.bury(owner: owner, entity: change.entity, key: change.key, .deleted, label: label, seq: seq)
        // Rule 2: a device that edited the record after the deleter's base lost that edit.
        let puts = try await log.concurrentPuts(
            owner: owner, entity: change.entity, key: change.key, after: change.base, except: device)
        var told: Set<UUID> = []
        for put in puts where told.insert(put.device).inserted {
            try await log.notify(
                owner: owner, device: put.device,
                SyncNotice(
                    code: .editLost, message: "your edit of \(label) was lost: it was deleted on another device",
                    entity: change.entity, key: change.key))
        }
    }
}
