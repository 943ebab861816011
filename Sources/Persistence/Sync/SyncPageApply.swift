import ClubhouseDomain
import Foundation
import GRDB

/// Applies one pulled page in the caller's transaction, with the outbox triggers quiet: another
/// device's changes are not sent back. A field this device changed and has not sent yet is left
/// alone (its change reaches the server later and wins there). An entry SQLite refuses (a value
/// out of range) is skipped with a notice, so one bad change cannot stop every later sync.
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

    /// Wire names → columns, per entity; instants are converted by the caller.
    private static let playerColumns: [(String, String)] = [
        ("name", "name"), ("age", "age"), ("skill", "skill"), ("position", "position"),
        ("favouriteTeam", "favourite_team"),
    ]
    private static let bookColumns: [(String, String)] = [
        ("title", "title"), ("author", "author"), ("publisher", "publisher"), ("description", "description"),
        ("priceCents", "price_cents"), ("published", "published"), ("owned", "owned"),
    ]
    private static let gatherColumns: [(String, String)] = [
        ("startedAt", "started_at"), ("endedAt", "ended_at"), ("winner", "winner"), ("scoreA", "score_a"),
        ("scoreB", "score_b"), ("timerDurationMs", "timer_duration_ms"), ("timerState", "timer_state"),
        ("timerRemainingMs", "timer_remaining_ms"), ("timerStartedMs", "timer_started_ms"),
        ("timerPlayedMs", "timer_played_ms"),
    ]
    private static let instantColumns: Set<String> = ["started_at", "ended_at"]

    // Every statement of an entry is a cached one: a page of 1 000 entries runs each a thousand times.
    func apply(_ entries: [SyncPulledEntry]) throws {
        try store.withoutRecording {
            for entry in entries {
                switch entry {
                case .notice(let notice): try store.addNotice(user: user, notice)
                case .change(let entity, let key, let op, let fields):
                    do {
                        try db.inSavepoint {
                            try change(entity: entity, key: key, op: op, fields: object(fields), text: fields)
                            return .commit
                        }
                    } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                        try store.addNotice(
                            user: user,
                            SyncNoticeRecord(
                                code: "not_applied",
                                message: "a change to a \(entity) from another device could not be applied here: "
                                    + (error.message ?? "a constraint failed"),
                                entity: entity, key: key))
                    }
                }
            }
        }
    }

    /// A field as SQLite's JSON functions read it: its JSON type and its value.
    struct Field {
        var type: String
        var value: DatabaseValue
        var isNull: Bool { type == "null" }
    }

    /// The fields of a change, read by SQLite (a text that is not a JSON object has none).
    private func object(_ text: String) throws -> [String: Field] {
        guard
            try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT json_valid(?) AND json_type(?) = 'object'"), arguments: [text, text])
                ?? false
        else { return [:] }
        var fields: [String: Field] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(sql: "SELECT key, type, value FROM json_each(?)"), arguments: [text])
        {
            guard let name = RowDecoding.text(row["key"]), let type = RowDecoding.text(row["type"]) else { continue }
            fields[name] = Field(type: type, value: row["value"])
        }
        return fields
    }

    private func change(entity: String, key: String, op: String, fields: [String: Field], text: String) throws {
        switch (entity, op) {
        case ("player", "put"): try put(table: "players", entity: entity, key: key, fields, Self.playerColumns)
        case ("player", "delete"):
            // The seats of a gather in progress are not refreshed from this device's copy of the
            // player (which may differ from the server's): the server logs the seats it kept,
            // as last seen there, before the delete, and they came with the page.
            try db.execute(sql: "DELETE FROM players WHERE owner_id = ? AND key = ?", arguments: [user, key])
        case ("book", "put"): try putBook(isbn: key, fields)
        case ("question", "put"): try putQuestion(key: key, fields, text: text)
        case ("question", "delete"):
            try db.execute(sql: "DELETE FROM questions WHERE owner_id = ? AND key = ?", arguments: [user, key])
        case ("gather", "put"): try putGather(key: key, fields, text: text)
        case ("gather", "delete"):
            try db.execute(sql: "DELETE FROM gathers WHERE owner_id = ? AND key = ?", arguments: [user, key])
        default: break  // an entity or operation this version does not know: nothing to do
        }
    }

    /// The fields of a record with a change of this device not sent yet; "*" when it is a delete.
    private func pending(entity: String, key: String) throws -> Set<String> {
        guard hasPending else { return [] }
        var names = Set(
            try String.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT DISTINCT j.key FROM sync_outbox o, json_each(o.fields) j
                        WHERE o.user_id = ? AND o.entity = ? AND o.key = ?
                        """), arguments: [user, entity, key]))
        if try Bool.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT EXISTS (SELECT 1 FROM sync_outbox
                    WHERE user_id = ? AND entity = ? AND key = ? AND op = 'delete')
                    """), arguments: [user, entity, key]) ?? false
        {
            names.insert("*")
        }
        return names
    }

    private static func value(_ field: Field?, column: String) -> DatabaseValue {
        guard let field else { return .null }
        switch field.type {
        case "true": return 1.databaseValue
        case "false": return 0.databaseValue
        case "integer" where instantColumns.contains(column):
            return Int64.fromDatabaseValue(field.value).map { isoTime($0).databaseValue } ?? .null
        case "object", "array": return .null
        default: return field.value
        }
    }

    /// Unix milliseconds as every table stores a time.
    private static func isoTime(_ milliseconds: Int64) -> String {
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        let format = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        return date.formatted(format)
    }

    /// Updates the present fields of an existing record (those not pending here), or creates it
    /// from a full set of fields. Returns the local id, nil when nothing was there to change.
    @discardableResult
    private func put(
        table: String, entity: String, key: String, _ fields: [String: Field], _ columns: [(String, String)],
        required: [String] = ["name"], extra: [(column: String, sql: String)] = []
    ) throws -> Int64? {
        let pending = try pending(entity: entity, key: key)
        if pending.contains("*") { return nil }  // deleted here: the delete reaches the server later
        let keyColumn = table == "books" ? "isbn" : "key"
        if let id = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM \(table) WHERE owner_id = ? AND \(keyColumn) = ?"),
            arguments: [user, key])
        {
            var assignments: [String] = []
            var arguments: StatementArguments = []
            for (wire, column) in columns where fields.keys.contains(wire) && !pending.contains(wire) {
                assignments.append("\(column) = ?")
                arguments += [Self.value(fields[wire], column: column)]
            }
            if !assignments.isEmpty {
                for (column, sql) in extra {
                    assignments.append("\(column) = \(sql)")
                }
                arguments += [id]
                // Cached as the insert is: compiling it compiles the table's outbox triggers too.
                try db.cachedStatement(
                    sql: "UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE id = ?"
                ).execute(arguments: arguments)
            }
            return id
        }
        guard required.allSatisfy({ fields[$0].map { !$0.isNull } ?? false }) else { return nil }
        var names = ["owner_id", keyColumn]
        var arguments: StatementArguments = [user, key]
        for (wire, column) in columns where fields.keys.contains(wire) {
            names.append(column)
            arguments += [Self.value(fields[wire], column: column)]
        }
        var values = Array(repeating: "?", count: names.count)
        for (column, sql) in extra {
            names.append(column)
            values.append(sql)
        }
        // The same columns from one change to the next: the cache finds the statement again.
        try db.cachedStatement(
            sql: "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(values.joined(separator: ", ")))"
        ).execute(arguments: arguments)
        return db.lastInsertedRowID
    }

    private func putBook(isbn: String, _ fields: [String: Field]) throws {
        let now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
        let order = "(SELECT coalesce(max(save_order), 0) + 1 FROM books WHERE owner_id = \(user))"
        let exists = try store.hasBook(isbn: isbn, owner: user)
        try put(
            table: "books", entity: "book", key: isbn, fields, Self.bookColumns, required: ["title"],
            extra: exists
                ? [("updated_at", now), ("save_order", order)]
                : [("created_at", now), ("updated_at", now), ("save_order", order)])
    }

    private func putQuestion(key: String, _ fields: [String: Field], text json: String) throws {
        // Questions are never edited: only a create does anything.
        if try store.id(entity: "question", key: key, owner: user) != nil { return }
        guard let text = fields["text"].flatMap({ String.fromDatabaseValue($0.value) }),
            let answer = fields["answer"].flatMap({ String.fromDatabaseValue($0.value) })
        else { return }
        let askedAt =
            fields["askedAt"].flatMap { Int64.fromDatabaseValue($0.value) }
            ?? Int64(Date().timeIntervalSince1970 * 1000)
        try db.execute(
            sql: "INSERT INTO questions (owner_id, key, text, answer, created_at) VALUES (?, ?, ?, ?, ?)",
            arguments: [user, key, text, answer, Self.isoTime(askedAt)])
        // Its books, best first, as far as this device has them.
        try db.execute(
            sql: """
                INSERT INTO question_books (question_id, seat, book_id)
                SELECT :question, row_number() OVER (ORDER BY j.key) - 1, b.id
                FROM json_each(:fields, '$.books') j JOIN books b ON b.owner_id = :owner AND b.isbn = j.value
                WHERE json_type(:fields, '$.books') = 'array'
                """, arguments: ["question": db.lastInsertedRowID, "fields": json, "owner": user])
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
                    AND op = 'put' AND json_type(fields, '$.startedAt') IS NOT NULL)
                """, arguments: [user, local])
        if unsent ?? false {
            // The server has not heard of it yet: the first start it kept wins, as it would there.
            try store.discardGather(user: user, key: local)
            try store.addNotice(
                user: user,
                SyncNoticeRecord(
                    code: "gather_in_progress", message: "your gather was discarded: another device started one first",
                    entity: "gather", key: local))
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

    private func putGather(key: String, _ fields: [String: Field], text json: String) throws {
        let isNew = try store.id(entity: "gather", key: key, owner: user) == nil
        let unsent = try pending(entity: "gather", key: key)
        if fields["endedAt"]?.isNull ?? isNew, !unsent.contains("endedAt"), !unsent.contains("*") {
            try makeRoom(forInProgress: key)
        }
        let required = isNew ? ["startedAt", "timerDurationMs", "timerState", "timerRemainingMs"] : []
        guard
            let id = try put(
                table: "gathers", entity: "gather", key: key, fields, Self.gatherColumns, required: required)
        else { return }
        guard fields["teams"]?.type == "object", !(try pending(entity: "gather", key: key)).contains("teams")
        else { return }
        try db.execute(sql: "DELETE FROM gather_players WHERE gather_id = ?", arguments: [id])
        try db.execute(
            sql: """
                INSERT INTO gather_players (gather_id, team, seat, player_id, name, age, skill, position, favourite_team)
                SELECT :gather, t.key, s.key,
                    (SELECT p.id FROM players p WHERE p.owner_id = :owner AND p.key = json_extract(s.value, '$.player')),
                    coalesce(json_extract(s.value, '$.name'), ''), json_extract(s.value, '$.age'),
                    json_extract(s.value, '$.skill'), json_extract(s.value, '$.position'),
                    json_extract(s.value, '$.favouriteTeam')
                FROM json_each(:fields, '$.teams') t, json_each(t.value) s
                WHERE t.key IN ('a', 'b') AND t.type = 'array' AND s.type = 'object'
                """, arguments: ["gather": id, "owner": user, "fields": json])
    }
}
