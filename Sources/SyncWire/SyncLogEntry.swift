import Foundation

/// One entry of the account's change log as a pull returns it: a change (from any device of the
/// account, or the REST API) or a notice addressed to the pulling device.
public struct SyncLogEntry: Codable, Sendable, Equatable {
    public enum Body: Sendable, Equatable {
        case change(SyncLoggedChange)
        case notice(SyncNotice)
    }

    /// The log's order: the truth of which change came last.
    public var seq: Int64
    public var body: Body

    public init(seq: Int64, body: Body) {
        self.seq = seq
        self.body = body
    }

    public var change: SyncLoggedChange? {
        if case .change(let change) = body { change } else { nil }
    }

    public var notice: SyncNotice? {
        if case .notice(let notice) = body { notice } else { nil }
    }

    private enum CodingKeys: String, CodingKey { case seq, entity, key, op, kind, fields, device, change, notice }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        seq = try container.decode(Int64.self, forKey: .seq)
        if let notice = try container.decodeIfPresent(SyncNotice.self, forKey: .notice) {
            body = .notice(notice)
        } else {
            let entity = try container.decode(SyncEntity.self, forKey: .entity)
            let op = try container.decode(SyncOp.self, forKey: .op)
            let fields = try container.decodeIfPresent(SyncFields.self, forKey: .fields) ?? [:]
            // A server older than the kind (0.8.0) leaves it out: inferred as it logged them.
            let kind =
                try container.decodeIfPresent(SyncChangeKind.self, forKey: .kind)
                ?? .inferred(entity, op, fields)
            guard kind.op == op else {
                throw DecodingError.dataCorruptedError(
                    forKey: .kind, in: container, debugDescription: "a \(kind.rawValue) is not a \(op.rawValue)")
            }
            body = .change(
                SyncLoggedChange(
                    entity: entity, key: try container.decode(String.self, forKey: .key), kind: kind, fields: fields,
                    device: try container.decodeIfPresent(UUID.self, forKey: .device),
                    change: try container.decode(UUID.self, forKey: .change)))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seq, forKey: .seq)
        switch body {
        case .notice(let notice):
            try container.encode(notice, forKey: .notice)
        case .change(let change):
            try container.encode(change.entity, forKey: .entity)
            try container.encode(change.key, forKey: .key)
            try container.encode(change.op, forKey: .op)
            try container.encode(change.kind, forKey: .kind)
            try container.encode(change.fields, forKey: .fields)
            // Always present: null says the change came through the REST API.
            try container.encodeWire(change.device, forKey: .device)
            try container.encodeWire(change.change, forKey: .change)
        }
    }
}

/// A change as the log keeps it.
public struct SyncLoggedChange: Sendable, Equatable, Hashable {
    public var entity: SyncEntity
    public var key: String
    /// Whether it creates the record (every field), updates it (the fields it set) or deletes it.
    public var kind: SyncChangeKind
    /// put or delete, as the push that made it said.
    public var op: SyncOp { kind.op }
    /// The fields the change set (all of them for a create); empty for a delete.
    public var fields: SyncFields
    /// The device that pushed it; nil when made through the REST API.
    public var device: UUID?
    /// The change's id (the pushed one, or one the server made for a REST write).
    public var change: UUID

    public init(
        entity: SyncEntity, key: String, kind: SyncChangeKind, fields: SyncFields, device: UUID?, change: UUID
    ) {
        self.entity = entity
        self.key = key
        self.kind = kind
        self.fields = fields
        self.device = device
        self.change = change
    }
}

/// `GET /v1/sync/changes`: a page of the log after the device's cursor.
public struct SyncChangesPage: Codable, Sendable, Equatable {
    public var changes: [SyncLogEntry]
    /// The cursor to pull after next time (the last entry's seq; the `after` asked when empty).
    public var next: Int64
    /// Whether more entries follow this page.
    public var more: Bool
    /// The server's clock when it answered, Unix ms.
    public var serverTime: Int64

    public init(changes: [SyncLogEntry], next: Int64, more: Bool, serverTime: Int64) {
        self.changes = changes
        self.next = next
        self.more = more
        self.serverTime = serverTime
    }
}
