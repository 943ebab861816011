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
    /// so two writers never wait for each other's rows. A request's write takes it with its token
    /// check, in its transaction's first statement (`Database.write`, `TokenLockStatement`, the
    /// same lock); this is the lock alone, for work that starts from an account (tests).
    func lock(owner: User.ID) async throws {
        try await connection.run(
            "SELECT pg_advisory_xact_lock(\(Self.lockClass), \(Self.lockKey(owner)))", logger: logger)
    }

    /// The lock's second key: the owner's id cut to its low 32 bits. `lockKeySQL` is the same
    /// rule in SQL, for a statement that takes the lock itself (`TokenLockStatement`); were the
    /// two to differ, a REST write and a push could run at once. `SyncLockKeyTests` holds them
    /// together.
    static func lockKey(_ owner: User.ID) -> Int32 { Int32(truncatingIfNeeded: owner) }

    /// `lockKey` of the bigint `column`, in SQL (a cast to `bit(32)` keeps the rightmost bits).
    static func lockKeySQL(_ column: String) -> String { "\(column)::bit(32)::int4" }

    /// Appends a change at once.
    func append(
        owner: User.ID, entity: SyncEntity, key: String, kind: SyncChangeKind, fields: SyncFields, device: UUID?,
        change: UUID
    ) async throws {
        let json = String(decoding: try JSONEncoder().encode(fields), as: UTF8.self)
        try await connection.run(
            """
            INSERT INTO sync_log (owner_id, entity, key, op, kind, fields, device_id, change_id)
            VALUES (\(owner), \(entity.rawValue), \(key), \(kind.op.rawValue), \(kind.rawValue), \(json)::jsonb,
                    \(device), \(change))
            """, logger: logger)
    }

    /// A log entry of a push, written with the page's others in one statement.
    struct Entry {
        let entity: SyncEntity
        let key: String
        /// put, delete or notice.
        let op: String
        /// What a change is (create, update, delete); nil for a notice.
        let kind: SyncChangeKind?
        let fields: String
        let change: UUID?
        let target: UUID?
        let code: String?
        let message: String?

        static func change(
            _ entity: SyncEntity, _ key: String, _ kind: SyncChangeKind, _ fields: SyncFields, id: UUID
        ) throws -> Entry {
            let json = String(decoding: try JSONEncoder().encode(fields), as: UTF8.self)
            return Entry(
                entity: entity, key: key, op: kind.op.rawValue, kind: kind, fields: json, change: id, target: nil,
                code: nil, message: nil)
        }

        /// A notice addressed to `device` alone.
        static func notice(_ notice: SyncNotice, to device: UUID) -> Entry {
            Entry(
                entity: notice.entity, key: notice.key, op: "notice", kind: nil, fields: "{}", change: nil,
                target: device, code: notice.code.rawValue, message: notice.message)
        }
    }

    /// Appends `entries` in their order (the identity's seqs are drawn as the sorted rows are
    /// inserted); changes are `device`'s (none for a REST write), notices nobody's.
    func append(_ entries: [Entry], owner: User.ID, device: UUID?) async throws {
        var sql = SQLBuilder()
        try await connection.run(append(entries, owner: owner, device: device, into: &sql), sql, logger: logger)
    }

    /// `append`'s statement built into `sql` (none when there are no entries).
    func append(_ entries: [Entry], owner: User.ID, device: UUID?, into sql: inout SQLBuilder) -> [String] {
        guard !entries.isEmpty else { return [] }
        // Text arrays ("" for none): one statement whatever the page holds.
        let entities = entries.map(\.entity.rawValue)
        let keys = entries.map(\.key)
        let ops = entries.map(\.op)
        let kinds = entries.map { $0.kind?.rawValue ?? "" }
        let fields = entries.map(\.fields)
        let changes = entries.map { $0.change.map(SyncKey.text) ?? "" }
        let targets = entries.map { $0.target.map(SyncKey.text) ?? "" }
        let codes = entries.map { $0.code ?? "" }
        let messages = entries.map { $0.message ?? "" }
        return [
            """
            INSERT INTO sync_log
                (owner_id, entity, key, op, kind, fields, device_id, change_id, target_device, notice_code,
                 notice_message)
            SELECT \(sql.bind(owner)), u.entity, u.key, u.op, NULLIF(u.kind, ''), u.fields::jsonb,
                   CASE WHEN u.op = 'notice' THEN NULL ELSE \(sql.bind(device))::uuid END,
                   NULLIF(u.change, '')::uuid, NULLIF(u.target, '')::uuid, NULLIF(u.code, ''), NULLIF(u.message, '')
            FROM unnest(\(sql.bind(entities))::text[], \(sql.bind(keys))::text[], \(sql.bind(ops))::text[],
                        \(sql.bind(kinds))::text[], \(sql.bind(fields))::text[], \(sql.bind(changes))::text[],
                        \(sql.bind(targets))::text[], \(sql.bind(codes))::text[], \(sql.bind(messages))::text[])
                 WITH ORDINALITY AS u(entity, key, op, kind, fields, change, target, code, message, ord)
            ORDER BY u.ord
            """
        ]
    }

    /// For each of `changes`, the puts of its record after its base made by devices other than
    /// `device`, oldest first: who set which fields to what concurrently with it. One query for
    /// the page (keys of a key's shape only), by change id.
    func concurrentPuts(of changes: [SyncChange], owner: User.ID, except device: UUID) async throws
        -> [UUID: [(device: UUID, fields: SyncFields)]]
    {
        guard !changes.isEmpty else { return [:] }
        let rows = try await connection.run(
            """
            SELECT u.ord, l.device_id, l.fields::text
            FROM unnest(\(changes.map(\.entity.rawValue))::text[], \(changes.map(\.key))::text[],
                        \(changes.map(\.base))::bigint[]) WITH ORDINALITY AS u(entity, key, base, ord)
            JOIN sync_log l ON l.owner_id = \(owner) AND l.entity = u.entity AND l.key = u.key AND l.seq > u.base
            WHERE l.op = 'put' AND l.device_id IS NOT NULL AND l.device_id <> \(device)
            ORDER BY u.ord, l.seq
            """, logger: logger)
        var puts: [UUID: [(device: UUID, fields: SyncFields)]] = [:]
        let decoder = JSONDecoder()
        for try await (ordinal, writer, fields) in rows.decode((Int64, UUID, String).self) {
            let change = changes[Int(ordinal) - 1].id
            puts[change, default: []].append((writer, try decoder.decode(SyncFields.self, from: Data(fields.utf8))))
        }
        return puts
    }

    // MARK: Idempotency

    /// The first results of those of `ids` the account pushed before.
    func results(of ids: [UUID], owner: User.ID) async throws -> [UUID: SyncResult] {
        guard !ids.isEmpty else { return [:] }
        let rows = try await connection.run(
            """
            SELECT change_id, status, code, message FROM sync_applied
            WHERE owner_id = \(owner) AND change_id = ANY(\(ids.map(SyncKey.text))::uuid[])
            """, logger: logger)
        var results: [UUID: SyncResult] = [:]
        for try await (id, status, code, message) in rows.decode((UUID, String, String?, String?).self) {
            results[id] = SyncResult(
                id: id, status: SyncResult.Status(rawValue: status) ?? .refused,
                code: code.map(SyncRefusal.init(rawValue:)), message: message)
        }
        return results
    }

    /// Records each result as its change's first, in one statement.
    func record(_ results: [SyncResult], owner: User.ID) async throws {
        var sql = SQLBuilder()
        try await connection.run(record(results, owner: owner, into: &sql), sql, logger: logger)
    }

    /// `record`'s statement built into `sql` (none when there are no results).
    func record(_ results: [SyncResult], owner: User.ID, into sql: inout SQLBuilder) -> [String] {
        guard !results.isEmpty else { return [] }
        return [
            """
            INSERT INTO sync_applied (owner_id, change_id, status, code, message)
            SELECT \(sql.bind(owner)), u.id::uuid, u.status, NULLIF(u.code, ''), NULLIF(u.message, '')
            FROM unnest(\(sql.bind(results.map { SyncKey.text($0.id) }))::text[],
                        \(sql.bind(results.map(\.status.rawValue)))::text[],
                        \(sql.bind(results.map { $0.code?.rawValue ?? "" }))::text[],
                        \(sql.bind(results.map { $0.message ?? "" }))::text[])
                 AS u(id, status, code, message)
            """
        ]
    }

    // MARK: Tombstones

    enum Burial: String {
        case deleted, refused

        /// A buried record's identity in a page.
        static func id(_ entity: SyncEntity, _ key: String) -> String { "\(entity.rawValue) \(key)" }
    }

    /// The buried ones of `keys` (of any entity), by `Burial.id`: why each may not come back,
    /// and the record's label.
    func tombstones(owner: User.ID, keys: Set<String>) async throws -> [String: (Burial, String)] {
        guard !keys.isEmpty else { return [:] }
        let rows = try await connection.run(
            """
            SELECT entity, key, reason, label FROM sync_tombstones
            WHERE owner_id = \(owner) AND key = ANY(\(Array(keys))::text[])
            """, logger: logger)
        var found: [String: (Burial, String)] = [:]
        for try await (entity, key, reason, label) in rows.decode((String, String, String, String).self) {
            guard let entity = SyncEntity(rawValue: entity) else { continue }
            found[Burial.id(entity, key)] = (Burial(rawValue: reason) ?? .deleted, label)
        }
        return found
    }

    /// A tombstone a push page writes (with no seq).
    struct Tombstone {
        let entity: SyncEntity
        let key: String
        let reason: Burial
        let label: String
    }

    /// Writes a page's tombstones in one statement; a key already buried stays as it was.
    func bury(_ tombstones: [Tombstone], owner: User.ID) async throws {
        var sql = SQLBuilder()
        try await connection.run(bury(tombstones, owner: owner, into: &sql), sql, logger: logger)
    }

    /// `bury`'s statement built into `sql` (none when there are no tombstones).
    func bury(_ tombstones: [Tombstone], owner: User.ID, into sql: inout SQLBuilder) -> [String] {
        guard !tombstones.isEmpty else { return [] }
        return [
            """
            INSERT INTO sync_tombstones (owner_id, entity, key, reason, label)
            SELECT \(sql.bind(owner)), u.entity, u.key, u.reason, u.label
            FROM unnest(\(sql.bind(tombstones.map(\.entity.rawValue)))::text[], \(sql.bind(tombstones.map(\.key)))::text[],
                        \(sql.bind(tombstones.map(\.reason.rawValue)))::text[], \(sql.bind(tombstones.map(\.label)))::text[])
                 AS u(entity, key, reason, label)
            ON CONFLICT (owner_id, entity, key) DO NOTHING
            """
        ]
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

    /// The seq of the account's last log entry (0 when it has none).
    func head(owner: User.ID) async throws -> Int64 {
        let rows = try await connection.query(
            "SELECT coalesce(max(seq), 0) FROM sync_log WHERE owner_id = \(owner)", logger: logger)
        for try await (seq, ) in rows.decode((Int64,).self) { return seq }
        return 0
    }

    /// The account's entries after `after` that `device` may see (changes, and notices addressed
    /// to it), at most `limit`, and whether more follow.
    func page(owner: User.ID, device: UUID, after: Int64, limit: Int) async throws -> (
        entries: [SyncLogEntry], more: Bool
    ) {
        let rows = try await connection.query(
            """
            SELECT seq, entity, key, op, kind, fields::text, device_id, change_id, notice_code, notice_message
            FROM sync_log
            WHERE owner_id = \(owner) AND seq > \(after) AND (target_device IS NULL OR target_device = \(device))
            ORDER BY seq LIMIT \(limit + 1)
            """, logger: logger)
        var entries: [SyncLogEntry] = []
        let decoder = JSONDecoder()
        for try await (seq, entityText, key, opText, kindText, fieldsText, writer, change, code, message)
            in rows.decode(
                (Int64, String, String, String, String?, String, UUID?, UUID?, String?, String?).self)
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
                                // Entries logged before the kind was (0.8.0) say none.
                                entity: entity, key: key,
                                kind: kindText.flatMap(SyncChangeKind.init(rawValue:)) ?? .inferred(entity, op, fields),
                                fields: fields,
                                device: writer, change: change))))
            }
        }
        let more = entries.count > limit
        return (Array(entries.prefix(limit)), more)
    }
}
