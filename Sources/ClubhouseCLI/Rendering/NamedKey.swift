import Clubhouse

/// A JSON key named at run time (a declared field's wire name), for the values `--json` builds
/// with JSONEncoder (the home page, a gather's seats).
struct NamedKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension KeyedEncodingContainer<NamedKey> {
    /// A declared field's value under `name`, none as null.
    mutating func encode(_ value: FieldValue, named name: String) throws {
        switch value {
        case .null: try encodeNil(forKey: NamedKey(name))
        case .integer(let number): try encode(number, forKey: NamedKey(name))
        case .text(let text): try encode(text, forKey: NamedKey(name))
        }
    }
}
