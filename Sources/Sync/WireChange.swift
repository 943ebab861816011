internal import ClubhouseSyncWire

/// Between the device's file (instants in this device's clock) and the wire (instants in the
/// server's clock): wire = local + offset; local = wire − offset. The changes themselves are the
/// wire's types on both sides.
enum WireChange {
    static func shifted(_ fields: SyncFields, entity: SyncEntity, by offset: Int64) -> SyncFields {
        var fields = fields
        for name in entity.instantFieldNames {
            if case .int(let value) = fields[name] { fields[name] = .int(value &+ offset) }
        }
        return fields
    }

    /// A queued change as the server takes it.
    static func sent(_ change: SyncChange, offset: Int64) -> SyncChange {
        var sent = change
        sent.fields = shifted(change.fields, entity: change.entity, by: offset)
        sent.madeAt = change.madeAt &+ offset
        return sent
    }

    /// A log entry as the device applies it.
    static func pulled(_ entry: SyncLogEntry, offset: Int64) -> SyncLogEntry.Body {
        guard case .change(var change) = entry.body else { return entry.body }
        change.fields = shifted(change.fields, entity: change.entity, by: -offset)
        return .change(change)
    }
}
