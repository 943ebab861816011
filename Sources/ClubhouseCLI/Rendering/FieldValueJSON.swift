import Clubhouse

/// The values `--json` builds with JSONEncoder (the home page, a gather's seats), by the
/// declaration's names.
extension KeyedEncodingContainer<FieldKey> {
    /// A declared field's value under `name`, none as null.
    mutating func encode(_ value: FieldValue, named name: String) throws {
        switch value {
        case .null: try encodeNil(forKey: FieldKey(name))
        case .integer(let number): try encode(number, forKey: FieldKey(name))
        case .text(let text): try encode(text, forKey: FieldKey(name))
        }
    }
}
