import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import PostgresNIO

/// One entity's records of a page: read up front in one query, then kept here as the page's
/// changes leave them, and written by `flush` in a few statements (a 500-change page was 1 000
/// round trips to PostgreSQL, one read and one write each; a page of gathers about 25 per
/// gather). The applier flushes before any change whose rules read the tables (a player's delete
/// copies seats, a gather's start reads the gathers in progress) and at the end, so every
/// statement sees what the page wrote before it, as one change at a time would. Under
/// savepoints it flushes after every change, and forgets what it holds when one is rolled back.
final class SyncPageRecords<Store: SyncRecordStore> {
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

    /// The record with `key` as the page left it so far, its row locked to the end.
    func existing(key: String, owner: User.ID) async throws -> Store.Fields? {
        if slots[key] == nil { try await load(keys: [key], owner: owner) }
        return slots[key]?.current
    }

    /// Those of `keys` the account holds as the page left them.
    func present(_ keys: [String], owner: User.ID) async throws -> Set<String> {
        try await load(keys: keys, owner: owner)
        return Set(keys.filter { slots[$0]?.current != nil })
    }

    /// The record with `key` as its caller read it under the lock (its row locked), or none:
    /// `load` reads it no more.
    func know(key: String, _ fields: SyncFields?) throws {
        let typed = try fields.map(Store.typed)
        slots[key] = Slot(stored: typed, current: typed)
    }

    /// The record with `key` as the page left it so far, if it was read or written.
    func current(key: String) -> Store.Fields? { slots[key]?.current }

    func insert(key: String, _ fields: Store.Fields) { set(key, fields) }
    func update(key: String, _ fields: Store.Fields) { set(key, fields) }
    func delete(key: String) { set(key, nil) }

    /// The table's record as a statement outside these records just wrote it (flushed before).
    func refresh(key: String, _ fields: Store.Fields) {
        slots[key] = Slot(stored: fields, current: fields)
    }

    /// Forgets every record: the table was rolled back to a savepoint.
    func forget() {
        slots = [:]
        written = []
        isWritten = []
    }

    private func set(_ key: String, _ fields: Store.Fields?) {
        slots[key, default: Slot(stored: nil, current: nil)].current = fields
        if isWritten.insert(key).inserted { written.append(key) }
    }

    /// Whether everything the page wrote so far is in the table.
    var isFlushed: Bool { written.isEmpty }

    /// What changed since the last flush, by kind of write (deletes, updates, then creates in
    /// their order), taken as written.
    private func take() -> (
        inserts: [(key: String, fields: Store.Fields)], updates: [(key: String, fields: Store.Fields)],
        deletes: [String]
    ) {
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
        return (inserts, updates, deletes)
    }

    /// Writes what changed since the last flush: deletes, updates, then creates in their order.
    func flush(owner: User.ID) async throws {
        guard !written.isEmpty else { return }
        let (inserts, updates, deletes) = take()
        if !deletes.isEmpty { try await store.delete(keys: deletes, owner: owner) }
        if !updates.isEmpty { try await store.update(updates, owner: owner) }
        if !inserts.isEmpty { try await store.insert(inserts, owner: owner) }
    }

    /// `flush`'s statements built into `sql`, to be run as part of one statement by the caller
    /// (a store whose writes read no table the page writes: `SyncRecordStore.writes`).
    func flush(owner: User.ID, into sql: inout SQLBuilder) throws -> [String] {
        guard !written.isEmpty else { return [] }
        let (inserts, updates, deletes) = take()
        return try store.writes(inserts: inserts, updates: updates, deletes: deletes, owner: owner, into: &sql)
    }
}
