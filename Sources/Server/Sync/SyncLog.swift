import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import PostgresNIO

/// The account's change log and what sync keeps beside it (applied change ids, tombstones,
/// devices), in SQL, always by owner. Every writer of an account takes `lock` first, so the
/// account's seqs become visible in the order they were taken: a device that pulled up to seq N
/// never later finds a smaller one committed behind it.
struct SyncLog {
    /// The advisory locks' class (their first key): "SYNC". Two-key locks never meet the
    /// migrator's one-key lock.
    static let lockClass: Int32 = 0x5359_4E43

    let connection: PostgresConnection
    let logger: Logger

    init(_ connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    /// Serialises the account's writers until the transaction ends. Taken before any row lock,
    /// so two writers never wait for each other's rows.
    func lock(owner: User.ID) async throws {
        let key = Int32(truncatingIfNeeded: owner)
        try await connection.query("SELECT pg_advisory_xact_lock(\(Self.lockClass), \(key))", logger: logger)
    }

    /// Appends a change; returns its seq.
    @discardableResult
    func append(
        owner: User.ID, entity: SyncEntity, key: String, op: SyncOp, fields: SyncFields, device: UUID?, change: UUID
    ) async throws -> Int64 {
        let json = String(decoding: try JSONEncoder().encode(fields), as: UTF8.self)
        let rows = try await connection.query(
            """
            INSERT INTO sync_log (owner_id, entity, key, op, fields, device_id, change_id)
            VALUES (\(owner), \(entity.rawValue), \(key), \(op.rawValue), \(json)::jsonb, \(device), \(change))
            RETURNING seq
            """, logger: logger)
        for try await seq in rows.decode(Int64.self) { return seq }
        throw APIError.unexpected
    }

    /// A notice addressed to `device` alone.
    func notify(owner: User.ID, device: UUID, _ notice: SyncNotice) async throws {
        try await connection.query(
            """
            INSERT INTO sync_log (owner_id, entity, key, op, target_device, notice_code, notice_message)
            VALUES (\(owner), \(notice.entity.rawValue), \(notice.key), 'notice', \(device), \(notice.code.rawValue),
                    \(notice.message))
            """, logger: logger)
    }

    /// The puts of one record after `base` made by devices other than `device`: who changed
    /// which fields concurrently with a change based on `base`.
    func concurrentPuts(owner: User.ID, entity: SyncEntity, key: String, after base: Int64, except device: UUID)
        async throws -> [(device: UUID, fields: Set<String>)]
    {
        let rows = try await connection.query(
            """
            SELECT device_id, ARRAY(SELECT jsonb_object_keys(fields)) FROM sync_log
            WHERE owner_id = \(owner) AND entity = \(entity.rawValue) AND key = \(key) AND seq > \(base)
              AND op = 'put' AND device_id IS NOT NULL AND device_id <> \(device)
            ORDER BY seq
            """, logger: logger)
        var puts: [(device: UUID, fields: Set<String>)] = []
        for try await (writer, names) in rows.decode((UUID, [String]).self) { puts.append((writer, Set(names))) }
        return puts
    }

    // MARK: Idempotency

    /// The first result of change `id`, if the account pushed it before.
    func result(of id: UUID, owner: User.ID) async throws -> SyncResult? {
        let rows = try await connection.query(
            "SELECT status, code, message FROM sync_applied WHERE owner_id = \(owner) AND change_id = \(id)",
            logger: logger)
        for try await (status, code, message) in rows.decode((String, String?, String?).self) {
            return SyncResult(
                id: id, status: SyncResult.Status(rawValue: status) ?? .refused,
                code: code.map(SyncRefusal.init(rawValue:)), message: message)
        }
        return nil
    }

    func record(_ result: SyncResult, owner: User.ID) async throws {
        try await connection.query(
            """
            INSERT INTO sync_applied (owner_id, change_id, status, code, message)
            VALUES (\(owner), \(result.id), \(result.status.rawValue), \(result.code?.rawValue), \(result.message))
            """, logger: logger)
    }

    // MARK: Tombstones

    enum Burial: String {
        case deleted, refused
    }

    /// Why `key` may not come back, and the record's label, if it is buried.
    func tombstone(owner: User.ID, entity: SyncEntity, key: String) async throws -> (Burial, String)? {
        let rows = try await connection.query(
            """
            SELECT reason, label FROM sync_tombstones
            WHERE owner_id = \(owner) AND entity = \(entity.rawValue) AND key = \(key)
            """, logger: logger)
        for try await (reason, label) in rows.decode((String, String).self) {
            return (Burial(rawValue: reason) ?? .deleted, label)
        }
        return nil
    }

    func bury(owner: User.ID, entity: SyncEntity, key: String, _ reason: Burial, label: String, seq: Int64?)
        async throws
    {
        try await connection.query(
            """
            INSERT INTO sync_tombstones (owner_id, entity, key, reason, label, seq)
            VALUES (\(owner), \(entity.rawValue), \(key), \(reason.rawValue), \(label), \(seq))
            ON CONFLICT (owner_id, entity, key) DO NOTHING
            """, logger: logger)
    }

    // MARK: Devices

    /// Records that `device` used sync now.
    func touch(device: UUID, owner: User.ID, name: String? = nil) async throws {
        try await connection.query(
            """
            INSERT INTO sync_devices (owner_id, id, name) VALUES (\(owner), \(device), \(name))
            ON CONFLICT (owner_id, id) DO UPDATE
                SET last_seen = now(), name = coalesce(excluded.name, sync_devices.name)
            """, logger: logger)
    }

    // MARK: Pulls

    /// The account's entries after `after` that `device` may see (changes, and notices addressed
    /// to it), at most `limit`, and whether more follow.
    func page(owner: User.ID, device: UUID, after: Int64, limit: Int) async throws -> (
        entries: [SyncLogEntry], more: Bool
    ) {
        let rows = try await connection.query(
            """
            SELECT seq, entity, key, op, fields::text, device_id, change_id, notice_code, notice_message
            FROM sync_log
            WHERE owner_id = \(owner) AND seq > \(after) AND (target_device IS NULL OR target_device = \(device))
            ORDER BY seq LIMIT \(limit + 1)
            """, logger: logger)
        var entries: [SyncLogEntry] = []
        let decoder = JSONDecoder()
        for try await (seq, entityText, key, opText, fieldsText, writer, change, code, message) in rows.decode(
            (Int64, String, String, String, String, UUID?, UUID?, String?, String?).self)
        {
            // The table's CHECKs allow nothing else.
            guard let entity = SyncEntity(rawValue: entityText) else { throw APIError.unexpected }
            if opText == "notice" {
                let notice = SyncNotice(
                    code: SyncNoticeCode(rawValue: code ?? ""), message: message ?? "", entity: entity, key: key)
                entries.append(SyncLogEntry(seq: seq, body: .notice(notice)))
            } else {
                guard let op = SyncOp(rawValue: opText), let change else { throw APIError.unexpected }
                let fields = try decoder.decode(SyncFields.self, from: Data(fieldsText.utf8))
                entries.append(
                    SyncLogEntry(
                        seq: seq,
                        body: .change(
                            SyncLoggedChange(
                                entity: entity, key: key, op: op, fields: fields, device: writer, change: change))))
            }
        }
        let more = entries.count > limit
        return (Array(entries.prefix(limit)), more)
    }
}
