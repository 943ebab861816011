/// Why a change's fields do not read as its entity's: the wire's own types, before any Domain
/// rule. `field` is the wire name at fault.
public enum SyncFieldError: Error, Sendable, Equatable {
    /// A name that is not one of the entity's fields.
    case unknownField(String)
    /// A field a create must carry is absent (and there is no record to keep it from).
    case missing(String)
    /// The value is not of the field's type (`expected` as a message says it).
    case wrongType(field: String, expected: String)

    public var field: String {
        switch self {
        case .unknownField(let field), .missing(let field), .wrongType(let field, _): field
        }
    }

    public var message: String {
        switch self {
        case .unknownField(let field): "\(field) is not a field of this record"
        case .missing(let field): "\(field) is required to create the record"
        case .wrongType(let field, let expected): "\(field) must be \(expected)"
        }
    }
}

/// Reads a put's fields over the record they change: a field present replaces the record's, an
/// absent one keeps it, and without a record (a create) every field must be present.
struct SyncFieldReader {
    let fields: SyncFields

    init(_ fields: SyncFields, names: [String]) throws(SyncFieldError) {
        // Sorted, so the refusal of a change with several unknown names is always the same.
        if let unknown = fields.keys.sorted().first(where: { !names.contains($0) }) {
            throw .unknownField(unknown)
        }
        self.fields = fields
    }

    /// The field `name` converted by `convert` (nil = wrong type), else `base`'s.
    func read<T>(_ name: String, _ base: T?, expected: String, _ convert: (SyncValue) -> T?) throws(SyncFieldError)
        -> T
    {
        if let value = fields[name] {
            guard let converted = convert(value) else { throw .wrongType(field: name, expected: expected) }
            return converted
        }
        guard let base else { throw .missing(name) }
        return base
    }

    static func string(_ value: SyncValue) -> String? { value.stringValue }

    static func optionalString(_ value: SyncValue) -> String?? {
        switch value {
        case .null: .some(nil)
        case .string(let text): .some(text)
        default: nil
        }
    }

    static func int64(_ value: SyncValue) -> Int64? { value.intValue }

    static func optionalInt64(_ value: SyncValue) -> Int64?? {
        switch value {
        case .null: .some(nil)
        case .int(let number): .some(number)
        default: nil
        }
    }

    static func int(_ value: SyncValue) -> Int? { value.intValue.flatMap { Int(exactly: $0) } }

    static func optionalInt(_ value: SyncValue) -> Int?? {
        switch value {
        case .null: .some(nil)
        case .int(let number): Int(exactly: number).map { .some($0) }
        default: nil
        }
    }

    static func bool(_ value: SyncValue) -> Bool? { value.boolValue }

    static func strings(_ value: SyncValue) -> [String]? {
        guard let array = value.arrayValue else { return nil }
        let strings = array.compactMap(\.stringValue)
        return strings.count == array.count ? strings : nil
    }
}

extension SyncFields {
    /// Only the fields named in `names` (those a put sends when only they changed).
    public func only(_ names: some Sequence<String>) -> SyncFields {
        var picked: SyncFields = [:]
        for name in names { if let value = self[name] { picked[name] = value } }
        return picked
    }
}
