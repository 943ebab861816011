import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import GRDB

/// Applies one pulled page in the caller's transaction, with the outbox triggers quiet: another
/// device's changes are not sent back. Each change is applied as what the server says it is: a
/// `create` inserts the record (or, when it is here, writes its fields), an `update` writes the
/// fields it carries to a record that is here and is never a create, a `delete` deletes. A field
/// this device changed and has not sent yet is left alone (rule 8: its change reaches the server
/// later and wins there), and a record whose delete waits here is left deleted (rule 2). An entry
/// SQLite refuses (a value out of range) is skipped with a notice, so one bad change cannot stop
/// every later sync.
struct SyncPageApply {
    let store: SyncStore
    let user: User.ID
    var db: Database { store.db }
    /// Whether this user has changes waiting (read once a page: applying queues nothing). With
    /// none, as on a new device pulling everything, no entry looks for pending fields.
    private let hasPending: Bool

    init(store: SyncStore, user: User.ID) throws {
        self.store = store
        self.user = user
        hasPending =
            try Bool.fetchOne(
                store.db, sql: "SELECT EXISTS (SELECT 1 FROM sync_outbox WHERE user_id = ?)", arguments: [user])
            ?? true
    }

    // Every statement of an entry is a cached one: a page of 1 000 entries runs each a thousand times.
    func apply(_ entries: [SyncPulledEntry]) throws {
        try store.withoutRecording {
            for entry in entries {
                switch entry {
                case .notice(let notice): try store.addNotice(user: user, notice)
                case .change(let change):
                    do {
                        try db.inSavepoint {
                            try apply(change)
                            return .commit
                        }
                    } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                        try store.addNotice(
                            user: user,
                            SyncNotice(
                                code: .notApplied,
                                message: "a change to a \(change.entity.rawValue) from another device could not be "
                                    + "applied here: " + (error.message ?? "a constraint failed"),
                                entity: change.entity, key: change.key))
                    }
                }
            }
        }
    }

    private func apply(_ change: SyncLoggedChange) throws {
        let entity = change.entity
        guard change.kind != .delete else {
            // A book is never deleted (taken off the shelf, it is an update). The seats of a
            // gather in progress are not refreshed from this device's copy of a deleted player
            // (which may differ from the server's): the server logs the seats it kept, as last
            // seen there, before the delete, and they came with the page.
            guard entity != .book else { return }
            try db.cachedStatement(sql: "DELETE FROM \(entity.table) WHERE owner_id = ? AND key = ?")
                .execute(arguments: [user, change.key])
            return
        }
        let pending = try pending(entity, key: change.key)
        // Deleted here, the delete not sent yet: it reaches the server later and wins (rule 2).
        if pending.contains("*") { return }
        let id = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM \(entity.table) WHERE owner_id = ? AND \(entity.keyColumn) = ?"),
            arguments: [user, change.key])
        // An update of a record that is not here (deleted here, its delete already sent; or its
        // create never applied here) does nothing, and touches nothing else.
        guard id != nil || change.kind == .create else { return }
        switch entity {
        case .question:
            // Questions are never edited: only the create of one not here does anything.
            if id == nil { try insertQuestion(change) }
        case .gather:
            if putsInProgress(change, isHere: id != nil, pending: pending) { try makeRoom(forInProgress: change.key) }
            let gather = try write(change, id: id, pending: pending)
            let teamsName = SyncGatherFields.teamsName
            if let teams = change.fields[teamsName], !pending.contains(teamsName) { try seat(teams, in: gather) }
        case .player:
            try makeRoom(forShirtNumberOf: change, pending: pending)
            try write(change, id: id, pending: pending)
        case .book:
            let now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
            let order = "(SELECT coalesce(max(save_order), 0) + 1 FROM books WHERE owner_id = \(user))"
            try write(
                change, id: id, pending: pending,
                extra: id == nil
                    ? [("created_at", now), ("updated_at", now), ("save_order", order)]
                    : [("updated_at", now), ("save_order", order)])
        }
    }

    /// Whether applying `change` sets its gather in progress here: a create with no end, or an
    /// update clearing the end of a gather that is here (an end this device changed and has not
    /// sent stays: rule 8). Only such a change may set another gather aside (rule 4).
    private func putsInProgress(_ change: SyncLoggedChange, isHere: Bool, pending: Set<String>) -> Bool {
        guard !pending.contains("endedAt") else { return false }
        switch change.kind {
        case .create: return (change.fields["endedAt"] ?? .null) == .null
        case .update: return isHere && change.fields["endedAt"] == .null
        case .delete: return false
        }
    }

    /// The fields of a record with a change of this device not sent yet; "*" when it is a delete.
    private func pending(_ entity: SyncEntity, key: String) throws -> Set<String> {
        guard hasPending else { return [] }
        var names = Set(
            try String.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT DISTINCT j.key FROM sync_outbox o, json_each(o.fields) j
                        WHERE o.user_id = ? AND o.entity = ? AND o.key = ?
                        """), arguments: [user, entity.rawValue, key]))
        if try Bool.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT EXISTS (SELECT 1 FROM sync_outbox
                    WHERE user_id = ? AND entity = ? AND key = ? AND op = 'delete')
                    """), arguments: [user, entity.rawValue, key]) ?? false
        {
            names.insert("*")
        }
        return names
    }

    /// Writes the fields `change` carries (those not pending here) to record `id`, or inserts the
    /// record a create makes when `id` is nil. Returns the record's local id.
    @discardableResult
    private func write(
        _ change: SyncLoggedChange, id: Int64?, pending: Set<String>, extra: [(column: String, sql: String)] = []
    ) throws -> Int64 {
        let entity = change.entity
        let columns = entity.columns.filter { $0.storage != .rows && change.fields.keys.contains($0.wire) }
        if let id {
            let written = columns.filter { !pending.contains($0.wire) }
            guard !written.isEmpty else { return id }
            var assignments = written.map { "\($0.column) = ?" }
            var arguments = StatementArguments(written.map { $0.databaseValue(change.fields[$0.wire]) })
            assignments += extra.map { "\($0.column) = \($0.sql)" }
            arguments += [id]
            // Cached as the insert is: compiling it compiles the table's outbox triggers too.
            try db.cachedStatement(
                sql: "UPDATE \(entity.table) SET \(assignments.joined(separator: ", ")) WHERE id = ?"
            ).execute(arguments: arguments)
            return id
        }
        let names = ["owner_id", entity.keyColumn] + columns.map(\.column) + extra.map(\.column)
        let values = Array(repeating: "?", count: 2 + columns.count) + extra.map(\.sql)
        var arguments: StatementArguments = [user, change.key]
        arguments += StatementArguments(columns.map { $0.databaseValue(change.fields[$0.wire]) })
        // The same columns from one create to the next: the cache finds the statement again.
        try db.cachedStatement(
            sql: """
                INSERT INTO \(entity.table) (\(names.joined(separator: ", "))) \
                VALUES (\(values.joined(separator: ", ")))
                """
        ).execute(arguments: arguments)
        return db.lastInsertedRowID
    }

    private func insertQuestion(_ change: SyncLoggedChange) throws {
        var fields = change.fields
        // An older question may say no date: it was asked by the time it arrives.
        let asked = QuestionField.askedAt.wire
        if fields[asked]?.intValue == nil { fields[asked] = .int(Int64(Date().timeIntervalSince1970 * 1000)) }
        var create = change
        create.fields = fields
        let question = try write(create, id: nil, pending: [])
        // Its books, best first, as far as this device has them.
        var seat = 0
        for isbn in fields[SyncQuestionFields.booksName]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            guard
                let book = try Int64.fetchOne(
                    db.cachedStatement(sql: "SELECT id FROM books WHERE owner_id = ? AND isbn = ?"),
                    arguments: [user, isbn])
            else { continue }
            try db.cachedStatement(sql: "INSERT INTO question_books (question_id, seat, book_id) VALUES (?, ?, ?)")
                .execute(arguments: [question, seat, book])
            seat += 1
        }
    }

    /// The gather's seats as the change carries them (a seat's player by key, as far as this
    /// device has them; the rest of the seat as it was).
    private func seat(_ teams: SyncValue, in gather: Int64) throws {
        guard let teams = teams.objectValue else { return }
        try db.cachedStatement(sql: "DELETE FROM gather_players WHERE gather_id = ?").execute(arguments: [gather])
        for team in ["a", "b"] {
            for (index, seat) in (teams[team]?.arrayValue ?? []).enumerated() {
                guard let seat = seat.objectValue else { continue }
                let player = try seat["player"]?.stringValue.flatMap { key in
                    try Int64.fetchOne(
                        db.cachedStatement(sql: "SELECT id FROM players WHERE owner_id = ? AND key = ?"),
                        arguments: [user, key])
                }
                var arguments: StatementArguments = [gather, team, index, player]
                for column in SyncColumn.player {
                    // A name is always text: a seat without one keeps an empty name.
                    arguments += [
                        column.wire == PlayerField.name.wire
                            ? (seat[column.wire]?.stringValue ?? "").databaseValue
                            : column.databaseValue(seat[column.wire])
                    ]
                }
                try db.cachedStatement(sql: Self.insertSeat).execute(arguments: arguments)
            }
        }
    }

    private static let insertSeat = PlayerColumns.insertSeat(SyncColumn.player.map(\.column))

    /// At this point of the server's log the shirt number a pulled change gives its player is
    /// theirs (the server never lets two players wear one): another player here who wears it
    /// (set here and not sent yet, which the server will not keep; its reply arrives further on)
    /// gives it up, so the change applies and the device ends as the server.
    private func makeRoom(forShirtNumberOf change: SyncLoggedChange, pending: Set<String>) throws {
        let field = PlayerField.shirtNumber
        guard let number = change.fields[field.wire]?.intValue, !pending.contains(field.wire) else { return }
        try db.cachedStatement(
            sql: "UPDATE players SET \(field.column) = NULL WHERE owner_id = ? AND \(field.column) = ? AND key IS NOT ?"
        ).execute(arguments: [user, number, change.key])
    }

    /// One gather in progress per account, here too: a pulled change that sets gather `key` in
    /// progress meets another gather in progress on this device.
    private func makeRoom(forInProgress key: String) throws {
        guard
            let local = try String.fetchOne(
                db, sql: "SELECT key FROM gathers WHERE owner_id = ? AND ended_at IS NULL AND key IS NOT ?",
                arguments: [user, key])
        else { return }
        let unsent = try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (SELECT 1 FROM sync_outbox WHERE user_id = ? AND entity = 'gather' AND key = ?
                    AND op = 'put' AND json_type(fields, '$.\(GatherField.startedAt.wire)') IS NOT NULL)
                """, arguments: [user, local])
        if unsent ?? false {
            // The server has not heard of it yet: the first start it kept wins, as it would there.
            try store.discardGather(user: user, key: local)
            try store.addNotice(
                user: user,
                SyncNotice(
                    code: .gatherInProgress, message: "your gather was discarded: another device started one first",
                    entity: .gather, key: local))
            return
        }
        // The server holds it, and kept `key` in progress at this point of its log: so `local`
        // starts later in the log (pulled a little further on, by this same sync, whose create
        // sets it in progress again). Until then it is set aside as ended, never removed: its
        // local id, and what links to it, stay.
        try db.execute(
            sql: "UPDATE gathers SET ended_at = started_at, winner = 'None' WHERE owner_id = ? AND key = ?",
            arguments: [user, local])
    }
}
