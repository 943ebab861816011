import ClubhouseSyncWire
import Foundation

/// Every synced record of one account as a place holds it, by key (local ids play no part), with
/// its fields in the wire's names and shapes: what the convergence tests compare between devices
/// and the server.
struct RecordDump: Equatable, CustomStringConvertible {
    struct Record: Hashable {
        let entity: SyncEntity
        let key: String
    }

    var records: [Record: SyncFields] = [:]

    /// Instants: each device converts them by its own estimate of its clock's offset from the
    /// server's, so the same instant may differ by the estimates' difference. Each estimate is off
    /// by up to half the shortest round trip of its sync: milliseconds on a quiet machine, seconds
    /// under the full suite's load (2.3 s apart seen in CI, over the 2 s allowed then). Every other
    /// field must be equal.
    static let instantFields: Set<String> = ["startedAt", "endedAt", "timerStartedMs", "askedAt"]
    static let instantTolerance: Int64 = 10_000

    /// A put's fields over the record (all of them for a create), or the record gone. A player
    /// gone leaves the gathers' seats where they sat without a player (each keeps the name and the
    /// rest as the player was then), as every device and the server's tables do: the log does not
    /// repeat those gathers.
    mutating func apply(_ entity: SyncEntity, key: String, op: SyncOp, fields: SyncFields) {
        let record = Record(entity: entity, key: key)
        switch op {
        case .delete:
            records[record] = nil
            if entity == .player { unseat(key) }
        case .put: records[record, default: [:]].merge(fields) { $1 }
        }
    }

    private mutating func unseat(_ player: String) {
        for (record, fields) in records where record.entity == .gather {
            guard case .object(var teams)? = fields["teams"] else { continue }
            for (team, seats) in teams {
                guard case .array(let list) = seats else { continue }
                teams[team] = .array(
                    list.map { seat in
                        guard case .object(var values) = seat, values["player"] == .string(player) else { return seat }
                        values["player"] = .null
                        return .object(values)
                    })
            }
            records[record]?["teams"] = .object(teams)
        }
    }

    /// What differs from `other`, one line each (empty when the two hold the same records).
    func differences(from other: RecordDump) -> [String] {
        var lines: [String] = []
        for record in Set(records.keys).union(other.records.keys).sorted(by: { "\($0)" < "\($1)" }) {
            let name = "\(record.entity.rawValue) \(record.key)"
            switch (records[record], other.records[record]) {
            case (let mine?, nil): lines.append("\(name) only here: \(Self.text(mine))")
            case (nil, let theirs?): lines.append("\(name) only there: \(Self.text(theirs))")
            case (let mine?, let theirs?):
                for field in Set(mine.keys).union(theirs.keys).sorted()
                where !Self.same(field, mine[field], theirs[field]) {
                    lines.append(
                        "\(name).\(field): \(mine[field].map(Self.text) ?? "absent") here, \(theirs[field].map(Self.text) ?? "absent") there"
                    )
                }
            case (nil, nil): break
            }
        }
        return lines
    }

    static func same(_ field: String, _ a: SyncValue?, _ b: SyncValue?) -> Bool {
        if instantFields.contains(field), let x = a?.intValue, let y = b?.intValue {
            return abs(x - y) <= instantTolerance
        }
        return a == b
    }

    var description: String {
        records.sorted { "\($0.key)" < "\($1.key)" }.map {
            "\($0.key.entity.rawValue) \($0.key.key) \(Self.text($0.value))"
        }
        .joined(separator: "\n")
    }

    func count(_ entity: SyncEntity) -> Int {
        records.keys.filter { $0.entity == entity }.count
    }

    static func text(_ fields: SyncFields) -> String {
        text(.object(fields))
    }

    static func text(_ value: SyncValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "?"
    }
}
