/// Any JSON value, as a change's fields and a handoff's state hold it. Absent and `null` stay
/// apart (a put overwrites only the fields present; `null` clears one), and integers stay exact.
public enum SyncValue: Codable, Sendable, Equatable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([SyncValue])
    case object([String: SyncValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([SyncValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: SyncValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// How a message names the type that was sent.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    public var intValue: Int64? {
        if case .int(let value) = self { value } else { nil }
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    public var arrayValue: [SyncValue]? {
        if case .array(let value) = self { value } else { nil }
    }

    public var objectValue: [String: SyncValue]? {
        if case .object(let value) = self { value } else { nil }
    }
}

extension SyncValue {
    /// `value`, or `null` when nil.
    public init(_ value: String?) { self = value.map(SyncValue.string) ?? .null }
    public init(_ value: Int?) { self = value.map { .int(Int64($0)) } ?? .null }
    public init(_ value: Int64?) { self = value.map(SyncValue.int) ?? .null }
    public init(_ value: Bool) { self = .bool(value) }
}

/// A change's fields by their wire names; a put carries only the fields it sets.
public typealias SyncFields = [String: SyncValue]
