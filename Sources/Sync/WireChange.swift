import Clubhouse
internal import ClubhouseSyncWire
import Foundation

/// Between the outbox (fields as JSON text, instants in this device's clock) and the wire
/// (typed values, instants in the server's clock): wire = local + offset; local = wire − offset.
enum WireChange {
    static func shifted(_ fields: SyncFields, entity: String, by offset: Int64) -> SyncFields {
        var fields = fields
        for name in SyncEntity(rawValue: entity)?.instantFieldNames ?? [] {
            if case .int(let value) = fields[name] { fields[name] = .int(value &+ offset) }
        }
        return fields
    }

    /// An outbox entry as the server takes it.
    static func change(_ entry: SyncOutboxEntry, offset: Int64) throws -> SyncChange {
        guard let id = UUID(uuidString: entry.changeID), let entity = SyncEntity(rawValue: entry.entity),
            let op = SyncOp(rawValue: entry.op)
        else { throw SyncError.unreadableQueue("change \(entry.changeID.prefix(40)) of \(entry.entity.prefix(20))") }
        let fields = (try? JSONDecoder().decode(SyncFields.self, from: Data(entry.fields.utf8))) ?? [:]
        return SyncChange(
            id: id, entity: entity, key: entry.key, op: op, fields: shifted(fields, entity: entry.entity, by: offset),
            base: entry.base, madeAt: entry.madeAt &+ offset)
    }

    /// A log entry as the device applies it.
    static func pulled(_ entry: SyncLogEntry, offset: Int64) -> SyncPulledEntry? {
        switch entry.body {
        case .notice(let notice):
            return .notice(
                SyncNoticeRecord(
                    code: notice.code.rawValue, message: notice.message, entity: notice.entity.rawValue,
                    key: notice.key))
        case .change(let change):
            let fields = shifted(change.fields, entity: change.entity.rawValue, by: -offset)
            let text = (try? JSONEncoder().encode(fields)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            return .change(entity: change.entity.rawValue, key: change.key, op: change.op.rawValue, fields: text)
        }
    }
}
