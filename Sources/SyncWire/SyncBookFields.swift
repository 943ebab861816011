import ClubhouseDomain

/// A book's synced fields as the wire carries them (its key is the ISBN-13): one value per
/// declared field that syncs (`BookField`), in the declaration's order, and whether it is on the
/// shelf. Unchecked: the Domain's rules are each side's to check (`checked(isbn:)`).
public struct SyncBookFields: Sendable, Equatable, Hashable {
    /// The fields that sync, in the order a create lists them.
    public static let declared = BookField.synced
    /// The declared fields' wire names, then `owned`: the shelf's state, not the form's.
    public static let names = declared.map(\.wire) + [ownedName]
    static let ownedName = "owned"

    /// In `declared`'s order.
    public var values: [FieldValue]
    /// False once removed from the shelf (a book is never deleted).
    public var owned: Bool

    public init(values: [FieldValue], owned: Bool = true) {
        self.values = values
        self.owned = owned
    }

    /// A book's fields as they sync.
    public init(_ fields: BookFields, owned: Bool = true) {
        self.init(values: Self.declared.map { fields[$0] }, owned: owned)
    }

    public subscript(field: BookField) -> FieldValue {
        get { Self.declared.firstIndex(of: field).map { values[$0] } ?? .null }
        set { if let index = Self.declared.firstIndex(of: field) { values[index] = newValue } }
    }

    /// A create's fields (`base` nil: every field must be present), or `base` with a put's
    /// present fields written over it.
    public init(_ fields: SyncFields, over base: SyncBookFields? = nil) throws(SyncFieldError) {
        let reader = try SyncFieldReader(fields, names: Self.names)
        values = try reader.values(Self.declared, over: base?.values)
        owned = try reader.read(Self.ownedName, base?.owned, expected: "a boolean", SyncFieldReader.bool)
    }

    /// Every field, as a create sends it.
    public var fields: SyncFields {
        var fields = SyncFields(minimumCapacity: values.count + 1)
        for (field, value) in zip(Self.declared, values) { fields[field.wire] = SyncValue(value) }
        fields[Self.ownedName] = .bool(owned)
        return fields
    }

    /// The names of the fields whose values differ from `other`'s.
    public func changedFields(from other: SyncBookFields) -> [String] {
        var changed = zip(Self.declared, zip(values, other.values)).filter { $0.1.0 != $0.1.1 }.map(\.0.wire)
        if owned != other.owned { changed.append(Self.ownedName) }
        return changed
    }

    /// The book these values stand for under `isbn` (its key), each field checked by its rule.
    public func checked(isbn: String) throws(ClubhouseError) -> BookFields {
        try BookFields { $0 == .isbn ? .text(isbn) : self[$0] }
    }

    /// Its title, as a log line names the book.
    public var title: String { self[.title].text ?? "" }
}
