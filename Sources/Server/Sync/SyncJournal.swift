import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import PostgresNIO

/// Writes through the REST API (/v1/players and the rest), logged in their own transaction as
/// changes with no device, so devices pull them like any other (rule 6). Opened first in the
/// transaction: it takes the account's log lock before any row lock.
struct SyncJournal {
    /// A record as the REST routes name it.
    enum Record {
        case player(Player.ID)
        case gather(Gather.ID)
        case question(Question.ID)
        case book(ISBN)
    }

    /// A record's synced fields at one moment.
    struct Snapshot {
        let entity: SyncEntity
        let key: String
        let fields: SyncFields
        let label: String
    }

    let connection: PostgresConnection
    let logger: Logger
    let owner: User.ID
    let log: SyncLog

    private init(_ connection: PostgresConnection, logger: Logger, owner: User.ID) {
        self.connection = connection
        self.logger = logger
        self.owner = owner
        log = SyncLog(connection, logger: logger)
    }

    static func open(_ connection: PostgresConnection, logger: Logger, owner: User.ID) async throws -> SyncJournal {
        let journal = SyncJournal(connection, logger: logger, owner: owner)
        try await journal.log.lock(owner: owner)
        return journal
    }

    /// Runs `write` on `record` and logs what it changed.
    func change<Result>(_ record: Record, _ write: () async throws -> Result) async throws -> Result {
        let before = try await snapshot(record)
        let result = try await write()
        try await logged(record, before: before)
        return result
    }

    /// Before player `id` is deleted: the gathers in progress they sit in keep them as last seen,
    /// as a device's delete and a pushed delete do, and the log says so.
    func keepSeats(ofPlayer id: Player.ID) async throws {
        let rows = try await connection.query(
            "SELECT key::text FROM players WHERE id = \(id) AND owner_id = \(owner)", logger: logger)
        var player: String?
        for try await key in rows.decode(String.self) { player = key }
        guard let player else { return }
        for (gather, teams) in try await SyncGatherStore(connection, logger: logger).keepSeats(
            ofPlayer: player, owner: owner)
        {
            try await append(.gather, gather, .put, teams)
        }
    }

    /// Logs `record` as created.
    func created(_ record: Record) async throws {
        try await logged(record, before: nil)
    }

    private func logged(_ record: Record, before: Snapshot?) async throws {
        let after = try await snapshot(record)
        switch (before, after) {
        case (nil, let after?):
            try await append(after.entity, after.key, .put, after.fields)
        case (let before?, let after?):
            var changed = after.fields.filter { before.fields[$0.key] != $0.value }
            if after.entity == .gather { changed = after.fields.only(SyncGatherStore.logged(changed.keys)) }
            if !changed.isEmpty { try await append(after.entity, after.key, .put, changed) }
        case (let before?, nil):
            let seq = try await append(before.entity, before.key, .delete, [:])
            try await log.bury(
                owner: owner, entity: before.entity, key: before.key, .deleted, label: before.label, seq: seq)
        case (nil, nil):
            break
        }
    }

    @discardableResult
    private func append(_ entity: SyncEntity, _ key: String, _ op: SyncOp, _ fields: SyncFields) async throws
        -> Int64
    {
        try await log.append(
            owner: owner, entity: entity, key: key, op: op, fields: fields, device: nil, change: UUID())
    }

    private func snapshot(_ record: Record) async throws -> Snapshot? {
        switch record {
        case .player(let id): try await snapshot(SyncPlayerStore(connection, logger: logger), table: "players", id)
        case .gather(let id): try await snapshot(SyncGatherStore(connection, logger: logger), table: "gathers", id)
        case .question(let id):
            try await snapshot(SyncQuestionStore(connection, logger: logger), table: "questions", id)
        case .book(let isbn): try await snapshot(SyncBookStore(connection, logger: logger), key: isbn.digits)
        }
    }

    private func snapshot<Store: SyncRecordStore>(_ store: Store, table: String, _ id: Int64) async throws
        -> Snapshot?
    {
        let rows = try await connection.query(
            "SELECT key::text FROM \(unescaped: table) WHERE id = \(id) AND owner_id = \(owner)", logger: logger)
        for try await key in rows.decode(String.self) { return try await snapshot(store, key: key) }
        return nil
    }

    private func snapshot<Store: SyncRecordStore>(_ store: Store, key: String) async throws -> Snapshot? {
        guard let fields = try await store.find(key: key, owner: owner, locking: false) else { return nil }
        return Snapshot(entity: Store.entity, key: key, fields: fields.fields, label: Store.label(fields))
    }
}
