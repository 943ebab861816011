internal import ClubhouseSyncWire

/// Between the device's file (instants in this device's clock) and the wire (instants in the
/// server's clock): wire = local + offset; local = wire − offset. The changes themselves are the
/// wire's types on both sides. The values are the file's or the server's, so the shift saturates
/// rather than trap.
enum WireChange {
    static func shifted(_ fields: SyncFields, entity: SyncEntity, by offset: Int64) -> SyncFields {
        var fields = fields
        for name in entity.instantFieldNames {
            if case .int(let value) = fields[name] { fields[name] = .int(SyncInstants.sum(value, offset)) }
        }
        return fields
    }

    /// A queued change as the server takes it. Its `madeAt` and `base` are for notices only, and
    /// the server refuses a push holding one out of range: a row the file holds wrong (or an
    /// instant beyond 9999 by a wild offset) is sent at the nearest value the server takes.
    static func sent(_ change: SyncChange, offset: Int64) -> SyncChange {
        var sent = change
        sent.fields = shifted(change.fields, entity: change.entity, by: offset)
        sent.madeAt = SyncInstants.clamped(SyncInstants.sum(change.madeAt, offset))
        sent.base = max(change.base, 0)
        return sent
    }

    /// A log entry as the device applies it.
    static func pulled(_ entry: SyncLogEntry, offset: Int64) -> SyncLogEntry.Body {
        guard case .change(var change) = entry.body else { return entry.body }
        change.fields = shifted(change.fields, entity: change.entity, by: SyncInstants.difference(0, offset))
        return .change(change)
    }
}
