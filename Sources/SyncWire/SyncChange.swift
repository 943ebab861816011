import Foundation

/// One change a device pushes: a put (create, or overwrite of the fields present) or a delete of
/// the record `key` of `entity`. Its `id` makes it idempotent: the server answers a repeated id
/// with its first result and changes nothing.
public struct SyncChange: Codable, Sendable, Equatable, Hashable {
    public var id: UUID
    public var entity: SyncEntity
    /// A lowercase UUID, or an ISBN-13 for a book.
    public var key: String
    public var op: SyncOp
    /// Only the fields set (a create carries all of them); empty for a delete.
    public var fields: SyncFields
    /// The device's pull cursor when the change was made: what it had seen (for notices only).
    public var base: Int64
    /// When the change was made, Unix ms in the server's clock.
    public var madeAt: Int64

    public init(
        id: UUID = UUID(), entity: SyncEntity, key: String, op: SyncOp, fields: SyncFields = [:], base: Int64,
        madeAt: Int64
    ) {
        self.id = id
        self.entity = entity
        self.key = key
        self.op = op
        self.fields = fields
        self.base = base
        self.madeAt = madeAt
    }

    private enum CodingKeys: String, CodingKey { case id, entity, key, op, fields, base, madeAt }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        entity = try container.decode(SyncEntity.self, forKey: .entity)
        key = try container.decode(String.self, forKey: .key)
        op = try container.decode(SyncOp.self, forKey: .op)
        // A delete may leave its (empty) fields out.
        fields = try container.decodeIfPresent(SyncFields.self, forKey: .fields) ?? [:]
        base = try container.decode(Int64.self, forKey: .base)
        madeAt = try container.decode(Int64.self, forKey: .madeAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeWire(id, forKey: .id)
        try container.encode(entity, forKey: .entity)
        try container.encode(key, forKey: .key)
        try container.encode(op, forKey: .op)
        try container.encode(fields, forKey: .fields)
        try container.encode(base, forKey: .base)
        try container.encode(madeAt, forKey: .madeAt)
    }
}
