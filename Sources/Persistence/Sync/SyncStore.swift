import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import GRDB

/// The device's side of sync in SQL: the remote row, the outbox the triggers of migration 0008
/// fill, the answers to a push and the notices. Bound to one transaction's connection
/// (`AppDatabase.sync`); pulled pages are applied by `SyncPageApply`.
package struct SyncStore {
    let db: Database

    /// Now, as every table stores a time.
    static let isoNow = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

    // MARK: The remote

    package func remote(user: User.ID) throws -> SyncRemoteRecord? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT url, device_id, device_name, server_username, token, device_cookie, cursor,
                        clock_offset_ms, last_sync_at
                    FROM sync_remote WHERE user_id = ?
                    """, arguments: [user])
        else { return nil }
        let what = "the sync settings of user \(user)"
        return SyncRemoteRecord(
            userID: user, url: try RowDecoding.required(row, "url", what: what),
            deviceID: try RowDecoding.required(row, "device_id", what: what),
            deviceName: RowDecoding.text(row["device_name"]) ?? "",
            serverUsername: try RowDecoding.required(row, "server_username", what: what),
            token: try RowDecoding.required(row, "token", what: what),
            deviceCookie: RowDecoding.text(row["device_cookie"]),
            cursor: RowDecoding.lenient(row, "cursor") ?? 0,
            clockOffsetMs: RowDecoding.lenient(row, "clock_offset_ms") ?? 0,
            lastSyncAt: RowDecoding.text(row["last_sync_at"]))
    }

    /// Stores `record` as the user's remote. Signing in again to the same account on the same
    /// server (a new token) keeps the cursor and the outbox; anything else starts over: the
    /// cursor at 0 and, in this same transaction, every record of the user queued as a create,
    /// so the first sync sends all of them.
    package func setRemote(_ record: SyncRemoteRecord) throws {
        if let old = try remote(user: record.userID), old.url == record.url,
            old.serverUsername == record.serverUsername
        {
            try db.execute(
                sql: "UPDATE sync_remote SET token = ?, device_cookie = ?, device_name = ? WHERE user_id = ?",
                arguments: [record.token, record.deviceCookie, record.deviceName, record.userID])
            return
        }
        try db.execute(sql: "DELETE FROM sync_outbox WHERE user_id = ?", arguments: [record.userID])
        try db.execute(sql: "DELETE FROM sync_remote WHERE user_id = ?", arguments: [record.userID])
        try db.execute(
            sql: """
                INSERT INTO sync_remote (user_id, url, device_id, device_name, server_username, token, device_cookie)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                record.userID, record.url, record.deviceID, record.deviceName, record.serverUsername, record.token,
                record.deviceCookie,
            ])
        // Books before questions (a question names its books), players before gathers (seats name
        // their players); oldest first within each.
        for (entity, view, order) in [
            ("player", "sync_player_fields", "id"), ("book", "sync_book_fields", "id"),
            ("question", "sync_question_fields", "id"), ("gather", "sync_gather_fields", "id"),
        ] {
            try db.execute(
                sql: """
                    INSERT INTO sync_outbox (user_id, change_id, entity, key, op, fields, base, made_at)
                    SELECT f.owner_id, \(Self.uuid), ?, f.key, 'put', f.fields, 0, r.now_ms
                    FROM \(view) f JOIN sync_recording r ON r.user_id = f.owner_id
                    WHERE f.owner_id = ? ORDER BY f.\(order)
                    """, arguments: [entity, record.userID])
        }
    }

    /// Forgets the user's remote, with its outbox and notices.
    package func unsetRemote(user: User.ID) throws -> Bool {
        try db.execute(sql: "DELETE FROM sync_outbox WHERE user_id = ?", arguments: [user])
        try db.execute(sql: "DELETE FROM sync_notices WHERE user_id = ?", arguments: [user])
        try db.execute(sql: "DELETE FROM sync_remote WHERE user_id = ?", arguments: [user])
        return db.changesCount > 0
    }

    /// Records the end of a sync: the clock offset it measured and when.
    package func finishSync(user: User.ID, clockOffsetMs: Int64?) throws {
        try db.execute(
            sql: """
                UPDATE sync_remote SET last_sync_at = \(Self.isoNow),
                    clock_offset_ms = coalesce(?, clock_offset_ms) WHERE user_id = ?
                """, arguments: [clockOffsetMs, user])
    }

    package func setClockOffset(user: User.ID, _ offset: Int64) throws {
        try db.execute(
            sql: "UPDATE sync_remote SET clock_offset_ms = ? WHERE user_id = ?", arguments: [offset, user])
    }

    // MARK: The outbox

    /// The number of changes waiting to be sent.
    package func waiting(user: User.ID) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM sync_outbox WHERE user_id = ?", arguments: [user]) ?? 0
    }

    /// The oldest `limit` changes, marked as read by a push: a later change to the same gather or
    /// question is no longer folded into them (the server may already hold them). Instants (and
    /// `madeAt`) are in this device's milliseconds. Throws `SyncUnreadableChange` for a change this
    /// version cannot read (nothing is marked then).
    package func nextChanges(user: User.ID, limit: Int) throws -> [SyncChange] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT id, change_id, entity, key, op, fields, base, made_at FROM sync_outbox
                WHERE user_id = ? ORDER BY id LIMIT ?
                """, arguments: [user, limit])
        guard let last = rows.last.flatMap({ RowDecoding.lenient($0, "id") as Int64? }) else { return [] }
        let decoder = JSONDecoder()
        let entries = try rows.map { row in
            let changeID = RowDecoding.text(row["change_id"]) ?? ""
            let entityName = RowDecoding.text(row["entity"]) ?? ""
            guard let id = UUID(uuidString: changeID), let entity = SyncEntity(rawValue: entityName),
                let op = RowDecoding.text(row["op"]).flatMap(SyncOp.init(rawValue:)),
                let key = RowDecoding.text(row["key"]),
                let fields = try? decoder.decode(
                    SyncFields.self, from: Data((RowDecoding.text(row["fields"]) ?? "{}").utf8))
            else { throw SyncUnreadableChange(what: "change \(changeID.prefix(40)) of \(entityName.prefix(20))") }
            return SyncChange(
                id: id, entity: entity, key: key, op: op, fields: fields,
                base: RowDecoding.lenient(row, "base") ?? 0, madeAt: RowDecoding.lenient(row, "made_at") ?? 0)
        }
        try db.execute(
            sql: "UPDATE sync_outbox SET sent = 1 WHERE user_id = ? AND id <= ? AND sent = 0", arguments: [user, last])
        return entries
    }

    /// Takes the answered changes out of the outbox; each refusal becomes a notice. A refused
    /// gather create removes that gather here (the one the server kept arrives by pull).
    package func acknowledge(user: User.ID, _ results: [SyncResult]) throws {
        // The applied ones (nearly all) in one statement; a refusal may remove more (a gather).
        // `+user_id` keeps SQLite on the change_id index: by the user's index it read the user's
        // whole outbox for every page (a push of 100 000 spent most of its time there).
        let applied = results.filter { $0.status == .applied }.map { SyncKey.text($0.id) }
        if !applied.isEmpty {
            try db.execute(
                sql: """
                    DELETE FROM sync_outbox WHERE +user_id = ? AND change_id IN (SELECT value FROM json_each(?))
                    """, arguments: [user, String(decoding: try JSONEncoder().encode(applied), as: UTF8.self)])
        }
        for result in results where result.status != .applied {
            let changeID = SyncKey.text(result.id)
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT entity, key FROM sync_outbox WHERE user_id = ? AND change_id = ?",
                    arguments: [user, changeID]),
                let entity = RowDecoding.text(row["entity"]).flatMap(SyncEntity.init(rawValue:))
            else { continue }
            try db.execute(
                sql: "DELETE FROM sync_outbox WHERE user_id = ? AND change_id = ?", arguments: [user, changeID])
            let key = RowDecoding.text(row["key"]) ?? ""
            let code = SyncNoticeCode(rawValue: (result.code ?? SyncRefusal(rawValue: "refused")).rawValue)
            var message = result.message ?? "the server refused a change"
            if entity == .gather, result.code == .gatherInProgress {
                try discardGather(user: user, key: key)
                message = "your gather was discarded: another device started one first (\(message))"
            }
            try addNotice(user: user, SyncNotice(code: code, message: message, entity: entity, key: key))
        }
    }

    /// Removes a gather the server refused, and the changes of it still waiting, without queuing
    /// a delete (the server never had it).
    func discardGather(user: User.ID, key: String) throws {
        try withoutRecording {
            try db.execute(
                sql: "DELETE FROM gathers WHERE owner_id = ? AND key = ?", arguments: [user, key])
        }
        try db.execute(
            sql: "DELETE FROM sync_outbox WHERE user_id = ? AND entity = 'gather' AND key = ?",
            arguments: [user, key])
    }

    /// Runs `work` with the outbox triggers quiet (the `sync_applying` row), in the caller's
    /// transaction. Nested (a pulled page that discards a gather), only the outermost call lets
    /// the triggers record again: the rest of the page must not be queued to be sent back.
    func withoutRecording<T>(_ work: () throws -> T) throws -> T {
        if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sync_applying)") ?? false {
            return try work()
        }
        try db.execute(sql: "INSERT INTO sync_applying (id) VALUES (1)")
        defer { try? db.execute(sql: "DELETE FROM sync_applying") }
        return try work()
    }

    // MARK: Notices

    package func addNotice(user: User.ID, _ notice: SyncNotice) throws {
        try db.execute(
            sql: "INSERT INTO sync_notices (user_id, code, message, entity, key) VALUES (?, ?, ?, ?, ?)",
            arguments: [user, notice.code.rawValue, notice.message, notice.entity.rawValue, notice.key])
    }

    /// The notices not told yet, oldest first, marked told in this same transaction. (A row of an
    /// entity this version does not know, written by none of its code, is marked told, unread.)
    package func takeUntoldNotices(user: User.ID) throws -> [SyncNotice] {
        let rows = try Row.fetchAll(
            db, sql: "SELECT code, message, entity, key FROM sync_notices WHERE user_id = ? AND told = 0 ORDER BY id",
            arguments: [user])
        try db.execute(sql: "UPDATE sync_notices SET told = 1 WHERE user_id = ? AND told = 0", arguments: [user])
        return rows.compactMap { row in
            guard let entity = RowDecoding.text(row["entity"]).flatMap(SyncEntity.init(rawValue:)) else { return nil }
            return SyncNotice(
                code: SyncNoticeCode(rawValue: RowDecoding.text(row["code"]) ?? ""),
                message: RowDecoding.text(row["message"]) ?? "", entity: entity,
                key: RowDecoding.text(row["key"]) ?? "")
        }
    }

    // MARK: Keys

    /// The key of a local record (player, gather, question by id; a book's key is its ISBN).
    package func key(entity: String, id: Int64, owner: User.ID) throws -> String? {
        guard let table = Self.keyedTables[entity] else { return nil }
        return try String.fetchOne(
            db, sql: "SELECT key FROM \(table) WHERE id = ? AND owner_id = ?", arguments: [id, owner])
    }

    /// The local id of a record by its key.
    package func id(entity: String, key: String, owner: User.ID) throws -> Int64? {
        guard let table = Self.keyedTables[entity] else { return nil }
        return try Int64.fetchOne(
            db, sql: "SELECT id FROM \(table) WHERE key = ? AND owner_id = ?", arguments: [key, owner])
    }

    static let keyedTables = ["player": "players", "gather": "gathers", "question": "questions"]

    /// A new version 4 UUID (the same expression as the view `sync_new_uuid`, per row).
    static let uuid = """
        (lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4'
            || substr(lower(hex(randomblob(2))), 2) || '-'
            || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-'
            || lower(hex(randomblob(6))))
        """
}
