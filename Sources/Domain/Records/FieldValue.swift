/// One field's value as every layer moves it between a typed record and what stores, carries or
/// shows it (a column, a wire or JSON key, a form): the record converts at its declaration, once,
/// and the layers loop over the declared fields instead of naming them.
public enum FieldValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case text(String)

    @inlinable
    public init(_ text: String?) {
        self = text.map(FieldValue.text) ?? .null
    }

    @inlinable
    public init(_ number: Int?) {
        self = number.map { .integer(Int64($0)) } ?? .null
    }

    @inlinable
    public init(_ number: Int64?) {
        self = number.map(FieldValue.integer) ?? .null
    }

    @inlinable
    public var text: String? {
        if case .text(let text) = self { text } else { nil }
    }

    @inlinable
    public var integer: Int64? {
        if case .integer(let number) = self { number } else { nil }
    }

    /// As a form shows it: "" for none.
    public var formText: String {
        switch self {
        case .null: ""
        case .integer(let number): String(number)
        case .text(let text): text
        }
    }
}
