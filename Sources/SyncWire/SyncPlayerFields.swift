import ClubhouseDomain

/// A player's synced fields as the wire carries them, one value per declared field that syncs
/// (`PlayerField`), in the declaration's order. Text as the Domain stores it (a choice by its raw
/// value) but unchecked: the Domain's rules are each side's to check (`PlayerFields(checking:)`).
public struct SyncPlayerFields: Sendable, Equatable, Hashable {
    /// The fields that sync, in the order a create lists them.
    public static let declared = PlayerField.allCases.filter(\.syncs)
    public static let names = declared.map(\.wire)

    /// In `declared`'s order.
    public var values: [FieldValue]

    public init(values: [FieldValue]) {
        self.values = values
    }

    /// A player's fields as they sync.
    public init(_ fields: PlayerFields) {
        values = Self.declared.map { fields[$0] }
    }

    public subscript(field: PlayerField) -> FieldValue {
        get { Self.declared.firstIndex(of: field).map { values[$0] } ?? .null }
        set { if let index = Self.declared.firstIndex(of: field) { values[index] = newValue } }
    }

    /// The fields a create must carry: those of the first wire. A field added later is none in
    /// the create of a device that does not know it (`SyncWireVersion`).
    public static let createNames = declared.filter { $0.wireVersion == SyncWireVersion.unstated }.map(\.wire)

    /// A create's fields (`base` nil: every field of the first wire must be present), or `base`
    /// with a put's present fields written over it.
    public init(_ fields: SyncFields, over base: SyncPlayerFields? = nil) throws(SyncFieldError) {
        let reader = try SyncFieldReader(fields, names: Self.names)
        values = try reader.values(Self.declared, over: base?.values) {
            $0.wireVersion > SyncWireVersion.unstated ? .null : nil
        }
    }

    /// Every field, as a create sends it.
    public var fields: SyncFields {
        var fields = SyncFields(minimumCapacity: values.count)
        for (name, value) in zip(Self.names, values) { fields[name] = SyncValue(value) }
        return fields
    }

    /// The names of the fields whose values differ from `other`'s.
    public func changedFields(from other: SyncPlayerFields) -> [String] {
        zip(Self.names, zip(values, other.values)).filter { $0.1.0 != $0.1.1 }.map(\.0)
    }

    /// The player's fields these values stand for, each checked by its rule (a choice this version
    /// does not know is refused).
    public func checked() throws(ClubhouseError) -> PlayerFields {
        try PlayerFields { self[$0] }
    }
}

extension SyncValue {
    public init(_ value: FieldValue) {
        switch value {
        case .null: self = .null
        case .integer(let number): self = .int(number)
        case .text(let text): self = .string(text)
        }
    }
}
