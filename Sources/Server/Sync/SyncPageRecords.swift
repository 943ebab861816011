import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import PostgresNIO

/// How the applier reads and writes one entity's records while it applies a page.
protocol SyncRecordAccess {
    associatedtype Store: SyncRecordStore
    var store: Store { get }
    /// The record with `key` as the page left it so far, its row locked to the end.
    func existing(key: String, owner: User.ID) async throws -> Store.Fields?
    func insert(key: String, _ fields: Store.Fields, owner: User.ID) async throws
    func update(key: String, _ fields: Store.Fields, owner: User.ID) async throws
    func delete(key: String, owner: User.ID) async throws
}

/// Each read and write its own statement, at once: gathers and questions (their rules read other
/// tables), and every entity of a page applied under savepoints.
struct SyncDirectRecords<Store: SyncRecordStore>: SyncRecordAccess {
    let store: Store

    init(_ store: Store) { self.store = store }

    func existing(key: String, owner: User.ID) async throws -> Store.Fields? {
        try await store.find(key: key, owner: owner, locking: true)
    }
    func insert(key: String, _ fields: Store.Fields, owner: User.ID) async throws {
        try await store.insert(key: key, fields, owner: owner)
    }
    func update(key: String, _ fields: Store.Fields, owner: User.ID) async throws {
        try await store.update(key: key, fields, owner: owner)
    }
    func delete(key: String, owner: User.ID) async throws { try await store.delete(key: key, owner: owner) }
}

/// A store whose records a page reads in one query and writes in one statement per kind of write:
/// players and books, which a page holds by the hundred and whose rules read no other table.
protocol SyncBatchedStore: SyncRecordStore {
    /// Those of `keys` (each of the entity's key shape) that exist, their rows locked to the end.
    func find(keys: [String], owner: User.ID) async throws -> [String: Fields]
    /// Creates, in this order (their ids follow it).
    func insert(_ records: [(key: String, fields: Fields)], owner: User.ID) async throws
    func update(_ records: [(key: String, fields: Fields)], owner: User.ID) async throws
    func delete(keys: [String], owner: User.ID) async throws
}

/// One entity's records of a page: read up front in one query, then kept here as the page's
/// changes leave them, and written by `flush` in a few statements (a 500-change page was 1 000
/// round trips to PostgreSQL, one read and one write each). The applier flushes before any
/// change whose rules read these tables (a gather's seats, a question's books) and at the end,
/// so every statement sees what the page wrote before it, as one change at a time would.
final class SyncPageRecords<Store: SyncBatchedStore>: SyncRecordAccess {
    let store: Store
    /// A record as the table holds it (after the last flush) and as the page left it.
    private struct Slot {
        var stored: Store.Fields?
        var current: Store.Fields?
    }
    private var slots: [String: Slot] = [:]
    /// Keys written since the last flush, in the order first written.
    private var written: [String] = []
    private var isWritten: Set<String> = []

    init(_ store: Store) { self.store = store }

    /// Reads those of `keys` not read yet in one query (keys of the entity's shape only).
    func load(keys: [String], owner: User.ID) async throws {
        let missing = Array(Set(keys.filter { slots[$0] == nil }))
        guard !missing.isEmpty else { return }
        let found = try await store.find(keys: missing, owner: owner)
        for key in missing { slots[key] = Slot(stored: found[key], current: found[key]) }
    }

    func existing(key: String, owner: User.ID) async throws -> Store.Fields? {
        if let slot = slots[key] { return slot.current }
        // Not loaded up front (never, for a key of the entity's shape): read it alone.
        let found = try await store.find(key: key, owner: owner, locking: true)
        slots[key] = Slot(stored: found, current: found)
        return found
    }

    func insert(key: String, _ fields: Store.Fields, owner: User.ID) async throws { set(key, fields) }
    func update(key: String, _ fields: Store.Fields, owner: User.ID) async throws { set(key, fields) }
    func delete(key: String, owner: User.ID) async throws { set(key, nil) }

    private func set(_ key: String, _ fields: Store.Fields?) {
        slots[key, default: Slot(stored: nil, current: nil)].current = fields
        if isWritten.insert(key).inserted { written.append(key) }
    }

    /// Writes what changed since the last flush: deletes, updates, then creates in their order.
    func flush(owner: User.ID) async throws {
        guard !written.isEmpty else { return }
        var inserts: [(key: String, fields: Store.Fields)] = []
        var updates: [(key: String, fields: Store.Fields)] = []
        var deletes: [String] = []
        for key in written {
            guard let slot = slots[key] else { continue }
            switch (slot.stored, slot.current) {
            case (nil, let now?): inserts.append((key, now))
            case (_?, let now?): updates.append((key, now))
            case (_?, nil): deletes.append(key)
            case (nil, nil): break
            }
            slots[key]?.stored = slot.current
        }
        written = []
        isWritten = []
        if !deletes.isEmpty { try await store.delete(keys: deletes, owner: owner) }
        if !updates.isEmpty { try await store.update(updates, owner: owner) }
        if !inserts.isEmpty { try await store.insert(inserts, owner: owner) }
    }
}

extension SyncBatchedStore {
    /// Records as one JSON array of objects (their fields and "key"): a statement's one parameter,
    /// read back by `jsonb_array_elements ... WITH ORDINALITY` (PostgresNIO binds no array of
    /// optionals, and a JSON null is SQL's NULL).
    static func json(_ records: [(key: String, fields: Fields)]) throws -> String {
        let rows = records.map { record in
            var object = record.fields.fields
            object["key"] = .string(record.key)
            return object
        }
        return String(decoding: try JSONEncoder().encode(rows), as: UTF8.self)
    }
}
