/// A JSON key named at run time: a declared field's wire name, for the JSON that each face
/// (the server's bodies, the CLI's `--json`) encodes by looping over a declaration.
public struct FieldKey: CodingKey, Sendable {
    public let stringValue: String
    public var intValue: Int? { nil }
    public init(_ name: String) { stringValue = name }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}
