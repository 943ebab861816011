import ClubhouseSyncWire
import Foundation

/// The oracle of the model-based sync test: docs/sync.md's conflict policy, written out small.
/// It holds what the server should hold (records by key, tombstones) and applies each change in
/// arrival order: a device's queued changes at its sync, a REST write at once (rule 6: a change
/// with no device). It knows nothing of local ids, pages, cursors or notices.
struct SyncModel {
    typealias Record = RecordDump.Record

    enum Burial: Equatable {
        /// Rule 2: deleted; a later put is refused, a later delete changes nothing.
        case deleted
        /// Its create was refused (invalid, or rule 4): its later changes are refused as unknown.
        case refused
    }

    enum Outcome: Equatable {
        case applied
        case refused(String)
    }

    private(set) var records: [Record: SyncFields] = [:]
    private(set) var tombstones: [Record: Burial] = [:]
    /// Creation order, so that a step naming "the n-th player" picks the same record on a replay
    /// (keys are random on every run).
    private(set) var created: [Record] = []

    var dump: RecordDump {
        var dump = RecordDump()
        dump.records = records
        return dump
    }

    /// The records of `entity` still held, oldest first.
    func keys(_ entity: SyncEntity) -> [String] {
        created.filter { $0.entity == entity && records[$0] != nil }.map(\.key)
    }

    subscript(entity: SyncEntity, key: String) -> SyncFields? {
        records[Record(entity: entity, key: key)]
    }

    /// The gather in progress, if any (rule 4: at most one).
    var gatherInProgress: String? {
        keys(.gather).first { records[Record(entity: .gather, key: $0)]?["endedAt"] == .null }
    }

    /// One change, as the server must decide it.
    /// How many changes met each outcome ("gather put refused gather_in_progress"): what a run
    /// exercised.
    private(set) var tally: [String: Int] = [:]

    @discardableResult
    mutating func apply(_ entity: SyncEntity, _ key: String, _ op: SyncOp, _ fields: SyncFields) -> Outcome {
        let outcome = decide(entity, key, op, fields)
        let shown = if case .refused(let reason) = outcome { "refused \(reason)" } else { "applied" }
        tally["\(entity.rawValue) \(op.rawValue) \(shown)", default: 0] += 1
        return outcome
    }

    private mutating func decide(_ entity: SyncEntity, _ key: String, _ op: SyncOp, _ fields: SyncFields) -> Outcome {
        let record = Record(entity: entity, key: key)
        switch tombstones[record] {
        case .deleted: return op == .delete ? .applied : .refused("deleted")
        case .refused: return .refused("unknown")
        case nil: break
        }
        let existing = records[record]
        if op == .delete {
            guard existing != nil else { return .refused("unknown") }
            if entity == .book { return .refused("invalid") }  // rule 5: never deleted
            if entity == .player { keepSeats(of: key) }
            records[record] = nil
            tombstones[record] = .deleted
            return .applied
        }
        // Rule 1: a put overwrites the fields it carries; a record is created only by a put
        // carrying every field.
        guard existing != nil || Set(entity.createFieldNames).isSubset(of: fields.keys) else {
            return .refused("unknown")
        }
        // An ended gather can no longer change (a score or an end from a device that had not
        // seen the end), as the app and REST refuse it.
        if entity == .gather, let existing, existing["endedAt"].map({ $0 != .null }) ?? false {
            return .refused("invalid")
        }
        var merged = existing ?? [:]
        merged.merge(fields) { $1 }
        if entity == .gather { merged["teams"] = seatsOfKnownPlayers(merged["teams"]) }
        if let problem = Self.invalid(entity, merged, model: self) {
            // A refused create buries the key, except a book's: an ISBN is every device's.
            if existing == nil, entity != .book { tombstones[record] = .refused }
            return .refused(problem)
        }
        // Rule 4: one gather in progress; the later start loses, and so does all that follows it.
        if entity == .gather, merged["endedAt"] == .null, existing?["endedAt"] != .null,
            let running = gatherInProgress, running != key
        {
            if existing == nil { tombstones[record] = .refused }
            return .refused("gather_in_progress")
        }
        // A shirt number another player wears is not kept; the rest of the change is (the
        // REST steps never set one, so every change here is a device's).
        if entity == .player, let number = merged["shirtNumber"], number != .null, number != existing?["shirtNumber"],
            records.contains(where: {
                $0.key.entity == .player && $0.key.key != key && $0.value["shirtNumber"] == number
            })
        {
            merged["shirtNumber"] = existing?["shirtNumber"] ?? .null
            tally["player shirt number not kept", default: 0] += 1
        }
        if existing == nil { created.append(record) }
        records[record] = merged
        return .applied
    }

    /// Rule 2's last paragraph: a deleted player's seat in a gather in progress keeps the player's
    /// fields as the server holds them; in every gather the seat no longer names the player.
    private mutating func keepSeats(of player: String) {
        let fields = records[Record(entity: .player, key: player)] ?? [:]
        for gather in keys(.gather) {
            let record = Record(entity: .gather, key: gather)
            guard let held = records[record], case .object(var teams)? = held["teams"] else { continue }
            let inProgress = held["endedAt"] == .null
            for (team, seats) in teams {
                guard case .array(let list) = seats else { continue }
                teams[team] = .array(
                    list.map { seat in
                        guard case .object(var values) = seat, values["player"] == .string(player) else { return seat }
                        if inProgress {
                            for name in SyncPlayerFields.names {
                                values[name] = fields[name] ?? .null
                            }
                        }
                        values["player"] = .null
                        return .object(values)
                    })
            }
            records[record]?["teams"] = .object(teams)
        }
    }

    /// A seat names a player the account has, or none (the player was deleted, or never kept).
    private func seatsOfKnownPlayers(_ teams: SyncValue?) -> SyncValue? {
        guard case .object(var sides)? = teams else { return teams }
        for (side, seats) in sides {
            guard case .array(let list) = seats else { continue }
            sides[side] = .array(
                list.map { seat in
                    guard case .object(var values) = seat, let player = values["player"]?.stringValue,
                        records[Record(entity: .player, key: player)] == nil
                    else { return seat }
                    values["player"] = .null
                    return .object(values)
                })
        }
        return .object(sides)
    }

    /// What makes a record invalid whichever way its fields came together (the rules a merge of
    /// two devices' partial changes can break), or nil.
    static func invalid(_ entity: SyncEntity, _ fields: SyncFields, model: SyncModel) -> String? {
        switch entity {
        case .gather:
            guard let a = fields["scoreA"]?.intValue, let b = fields["scoreB"]?.intValue,
                (0...100).contains(a), (0...100).contains(b)
            else { return "score" }
            guard let duration = fields["timerDurationMs"]?.intValue, (1_000...3_599_000).contains(duration),
                let remaining = fields["timerRemainingMs"]?.intValue, (0...duration).contains(remaining)
            else { return "timer" }
            let state = fields["timerState"]?.stringValue
            guard ["stopped", "running", "paused"].contains(state ?? ""),
                (state == "running") == (fields["timerStartedMs"] != .null)
            else { return "timer state" }
            guard (fields["endedAt"] == .null) == (fields["winner"] == .null) else { return "end" }
            return nil
        case .question:
            // Its books must be on the server.
            for book in fields["books"]?.arrayValue ?? [] {
                guard let isbn = book.stringValue, model[.book, isbn] != nil else { return "book not on the server" }
            }
            return nil
        case .player, .book:
            return nil
        }
    }
}
