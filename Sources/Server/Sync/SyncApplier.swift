import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import PostgresNIO

/// Applies a page of changes in one transaction that already holds the account's lock: each
/// change by the conflict rules (docs/server.md, "Sync"), its first result kept under its id.
/// Every write of the server comes here: a device's push, and each REST write as one change with
/// no device (`device` nil), so rules, burials, refusals and the log entry are the same whichever
/// way a write arrives. Round trips are what a push costs, so the page's earlier results,
/// tombstones, other devices' concurrent puts and records (with the players and books its
/// gathers and questions name) are read in one query each; the records are written by
/// `SyncPageRecords` in a few statements per entity, and the log entries, results and new
/// tombstones in one statement each at the end (in order: the log's seqs follow the changes). A
/// page of 500 players, or of 500 gathers of 22 players, is about fifteen round trips.
final class SyncApplier {
    let connection: PostgresConnection
    let logger: Logger
    let owner: User.ID
    /// The pushing device; nil for a REST write.
    let device: UUID?
    let log: SyncLog
    /// Results by change id: those of earlier pushes, then this page's as they are decided.
    private var results: [UUID: SyncResult] = [:]
    /// This page's new results, to record.
    private var decided: [SyncResult] = []
    /// The page's keys that are buried, by `SyncLog.Burial.id`: those the log holds, then this
    /// page's as they are decided; each with why and the record's label.
    private var buriedKeys: [String: (SyncLog.Burial, String)] = [:]
    /// This page's new tombstones, to write.
    private var newTombstones: [SyncLog.Tombstone] = []
    /// This page's log entries, in order.
    var entries: [SyncLog.Entry] = []
    /// Other devices' puts of each change's record after its base, by change id (read up front:
    /// the page's own entries are this device's, and nobody else writes under the lock).
    var concurrent: [UUID: [(device: UUID, fields: SyncFields)]] = [:]
    /// The page's records, held for a few statements.
    private let players: SyncPageRecords<PlayerStore>
    private let books: SyncPageRecords<BookStore>
    private let gathers: SyncPageRecords<GatherStore>
    private let questions: SyncPageRecords<QuestionStore>
    /// The fields, as the server holds them, of a record whose edit is being refused: logged
    /// once the refusal is decided (see `restore`).
    var refusedEdit: (entity: SyncEntity, key: String, fields: SyncFields)?

    init(_ connection: PostgresConnection, logger: Logger, owner: User.ID, device: UUID?) {
        self.connection = connection
        self.logger = logger
        self.owner = owner
        self.device = device
        log = SyncLog(connection, logger: logger)
        players = SyncPageRecords(PlayerStore(connection, logger: logger))
        books = SyncPageRecords(BookStore(connection, logger: logger))
        gathers = SyncPageRecords(GatherStore(connection, logger: logger))
        questions = SyncPageRecords(QuestionStore(connection, logger: logger))
    }

    /// Keys whose record and tombstone a REST route already read under the lock (`know`), by
    /// `SyncLog.Burial.id`: neither is read again.
    private var knownKeys: Set<String> = []

    /// Takes what a REST route read of the record `key` names, under the lock, before `apply`:
    /// its fields as stored (its row locked), or none, and its tombstone, if any.
    func know(_ entity: SyncEntity, key: String, fields: SyncFields?, burial: (SyncLog.Burial, String)?) throws {
        switch entity {
        case .player: try players.know(key: key, fields)
        case .book: try books.know(key: key, fields)
        case .gather: try gathers.know(key: key, fields)
        case .question: try questions.know(key: key, fields)
        }
        let id = SyncLog.Burial.id(entity, key)
        knownKeys.insert(id)
        if let burial { buriedKeys[id] = burial }
    }

    /// The record `key` names as the page left it (nil when there is none), once applied.
    func stored(_ entity: SyncEntity, key: String) -> SyncFields? {
        switch entity {
        case .player: players.current(key: key)?.fields
        case .book: books.current(key: key)?.fields
        case .gather: gathers.current(key: key)?.fields
        case .question: questions.current(key: key)?.fields
        }
    }

    /// The page's results, in order. `guarded` runs each change under a savepoint, so that a
    /// write PostgreSQL refuses (a value the rules let through but a column's CHECK does not)
    /// refuses that change alone; unguarded, such a write fails the page, which the route then
    /// applies again guarded. Savepoints are kept for that rare case: hundreds of subtransactions
    /// in one transaction slow PostgreSQL down for every session.
    func apply(_ page: [SyncChange], guarded: Bool) async throws -> [SyncResult] {
        // A REST write's id is new, and it has no base: no earlier result, nobody to tell.
        if device != nil {
            results = try await log.results(of: page.map(\.id), owner: owner)
        }
        // Only keys of a key's shape reach SQL (a NUL in one would fail the query, not the change).
        let shaped = page.filter { SyncKey.isUUIDKey($0.key) || SyncKey.isISBNKey($0.key) }
        let unknown = shaped.filter { !knownKeys.contains(SyncLog.Burial.id($0.entity, $0.key)) }
        buriedKeys.merge(try await log.tombstones(owner: owner, keys: Set(unknown.map(\.key)))) { known, _ in known }
        if let device {
            concurrent = try await log.concurrentPuts(of: shaped, owner: owner, except: device)
        }
        try await load(shaped)
        var answers: [SyncResult] = []
        for change in page { answers.append(try await apply(change, guarded: guarded)) }
        try await finish()
        return answers
    }

    /// Writes what the page left unwritten, its tombstones, its log entries and its results in
    /// one statement (`SQLBuilder`): a REST write and its log entry are one round trip. A gather's
    /// or a question's writes read the tables the page wrote (the players and books they name),
    /// so when they are pending every record is flushed first, in order, on its own.
    private func finish() async throws {
        var sql = SQLBuilder()
        var statements: [String] = []
        if gathers.isFlushed && questions.isFlushed {
            statements += try players.flush(owner: owner, into: &sql)
            statements += try books.flush(owner: owner, into: &sql)
        } else {
            try await flush()
        }
        statements += log.bury(newTombstones, owner: owner, into: &sql)
        statements += log.append(entries, owner: owner, device: device, into: &sql)
        if device != nil { statements += log.record(decided, owner: owner, into: &sql) }
        try await connection.run(statements, sql, logger: logger)
    }

    /// Reads the page's records, and the players and books its gathers and questions name, in
    /// one query per entity.
    private func load(_ page: [SyncChange]) async throws {
        func keys(_ entity: SyncEntity) -> [String] {
            page.filter { $0.entity == entity && SyncKey.isUUIDKey($0.key) }.map(\.key)
        }
        var named: [String] = []
        var shelved: [String] = []
        for change in page where change.op == .put {
            if change.entity == .gather, let value = change.fields["teams"], let teams = SyncTeams(value) {
                named += (teams.a + teams.b).compactMap(\.player).filter(SyncKey.isUUIDKey)
            }
            if change.entity == .question, let value = change.fields["books"], case .array(let isbns) = value {
                shelved += isbns.compactMap(\.stringValue).filter(SyncKey.isISBNKey)
            }
        }
        try await players.load(keys: keys(.player) + named, owner: owner)
        let isbns = page.filter { $0.entity == .book && SyncKey.isISBNKey($0.key) }.map(\.key)
        try await books.load(keys: isbns + shelved, owner: owner)
        try await gathers.load(keys: keys(.gather), owner: owner)
        try await questions.load(keys: keys(.question), owner: owner)
    }

    /// Writes the records held so far: players and books before the gathers and questions that
    /// name them.
    private func flush() async throws {
        try await players.flush(owner: owner)
        try await books.flush(owner: owner)
        try await gathers.flush(owner: owner)
        try await questions.flush(owner: owner)
    }

    private func forget() {
        players.forget()
        books.forget()
        gathers.forget()
        questions.forget()
    }

    private func apply(_ change: SyncChange, guarded: Bool) async throws -> SyncResult {
        if let first = results[change.id] { return first }
        let (entryCount, newTombstoneCount, buriedKeysBefore) = (entries.count, newTombstones.count, buriedKeys)
        if guarded { try await connection.run("SAVEPOINT sync_change", logger: logger) }
        var result: SyncResult
        do {
            // Every refusal by the rules is decided before anything is written.
            try await dispatch(change)
            if guarded {
                // The change's writes, inside its savepoint.
                try await flush()
                try await connection.run("RELEASE SAVEPOINT sync_change", logger: logger)
            }
            result = .applied(change.id)
        } catch let reason as SyncRefusalReason {
            if guarded { try await connection.run("ROLLBACK TO SAVEPOINT sync_change", logger: logger) }
            result = .refused(change.id, reason.code, reason.message)
            if let label = reason.buries { bury(change, .refused, label: label) }
            try await restoreRefusedEdit()
        } catch  where guarded && DatabaseFailure.isRefusal(error) {
            try await connection.run("ROLLBACK TO SAVEPOINT sync_change", logger: logger)
            forget()
            entries.removeSubrange(entryCount...)
            newTombstones.removeSubrange(newTombstoneCount...)
            buriedKeys = buriedKeysBefore
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
        if buriedKeys[id] == nil {
            newTombstones.append(
                SyncLog.Tombstone(entity: change.entity, key: change.key, reason: burial, label: label))
        }
        buriedKeys[id] = (burial, label)
    }

    private func dispatch(_ change: SyncChange) async throws {
        switch change.entity {
        case .player: try await apply(change, players)
        case .book:
            guard change.op == .put else {
                throw SyncRefusalReason(.invalid, "a book is never deleted; remove it with a put of owned false")
            }
            try await apply(change, books)
        case .question: try await apply(change, questions)
        case .gather: try await apply(change, gathers)
        }
    }

    /// Those of `keys` of `entity` the account holds as the page left them.
    private func present(_ entity: SyncEntity?, _ keys: [String]) async throws -> Set<String> {
        guard !keys.isEmpty else { return [] }
        switch entity {
        case .player: return try await players.present(keys, owner: owner)
        case .book: return try await books.present(keys, owner: owner)
        case .gather: return try await gathers.present(keys, owner: owner)
        case .question: return try await questions.present(keys, owner: owner)
        case nil: return []
        }
    }

    private func apply<Store>(_ change: SyncChange, _ records: SyncPageRecords<Store>) async throws {
        try checkKey(change)
        if let (burial, label) = buriedKeys[SyncLog.Burial.id(change.entity, change.key)] {
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

    private func put<Store>(_ change: SyncChange, _ records: SyncPageRecords<Store>, existing: Store.Fields?)
        async throws
    {
        let store = records.store
        // A key every device shares (an ISBN) is never buried by one refusal: another device's
        // valid create of it must apply. A UUID is known only to the device that made it.
        let buriesCreate = existing == nil && !change.entity.isKeyedByISBN
        // As the app and REST refuse it (`PlayGather`): a score or an end sent by a device that
        // had not seen the end would leave a result its winner contradicts. Refused as an edit
        // is, so its sender gets the stored fields back.
        if let existing, let closed = Store.closed(existing) {
            refusing(change, existing.fields)
            throw closed
        }
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
            throw SyncRefusalReason(.invalid, message, buries: buriesCreate ? unnamed(change) : nil)
        }
        // A create refused: the record's later changes are refused as unknown. Its label is
        // the key until its fields are known to be valid.
        var valid: Store.Fields
        do {
            let present = try await present(Store.referenced, Store.references(merged))
            valid = try Store.validated(merged, key: change.key, present: present)
        } catch let reason as SyncRefusalReason {
            if let existing { refusing(change, existing.fields) }
            throw buriesCreate ? reason.burying(unnamed(change)) : reason
        }
        if Store.mayConflict(valid, existing: existing) {
            // Its rule reads the table: the page's writes so far go first.
            try await flush()
            if let conflict = try await store.conflict(valid, key: change.key, owner: owner) {
                if let existing { refusing(change, existing.fields) }
                throw buriesCreate ? conflict.burying(Store.label(valid)) : conflict
            }
        }
        if Store.maySettle(valid, existing: existing) {
            // Its rule reads the table too.
            try await flush()
            if let (kept, taken) = try await store.settle(valid, existing: existing, key: change.key, owner: owner) {
                // A REST write is refused, as the app refuses it; a push keeps the rest of its
                // change (a create is not lost for its number) and its device is told.
                guard let device else { throw SyncRefusalReason(.taken, taken) }
                valid = kept
                entries.append(
                    .notice(
                        SyncNotice(
                            code: .valueTaken, message: "\(taken): \(Store.label(kept)) was kept without it",
                            entity: change.entity, key: change.key), to: device))
            }
        }
        if let existing {
            records.update(key: change.key, valid)
            tellOverwritten(change, stored: valid.fields, label: Store.label(existing))
        } else {
            records.insert(key: change.key, valid)
        }
        // A create logs every field, an edit those it set, as stored (trimmed, resolved).
        let names = change.entity == .gather ? GatherStore.logged(change.fields.keys) : Set(change.fields.keys)
        entries.append(
            existing == nil
                ? try .change(change.entity, change.key, .create, valid.fields, id: change.id)
                : try .change(change.entity, change.key, .update, valid.fields.only(names), id: change.id))
    }

    private func delete<Store>(_ change: SyncChange, _ records: SyncPageRecords<Store>, existing: Store.Fields?)
        async throws
    {
        guard let existing else {
            throw SyncRefusalReason(.unknown, "\(change.entity.rawValue) \(change.key) is not known to the server")
        }
        let label = Store.label(existing)
        if Store.entity == .player {
            // A gather in progress keeps the player as last seen, logged before the delete (an
            // update of its teams); the seats are copied from the table, so the page's writes so
            // far go first.
            try await flush()
            for (gather, fields) in try await gathers.store.keepSeats(ofPlayer: change.key, owner: owner) {
                gathers.refresh(key: gather, fields)
                entries.append(try .change(.gather, gather, .update, fields.fields.only(["teams"]), id: UUID()))
            }
        }
        records.delete(key: change.key)
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
