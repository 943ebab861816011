import ClubhouseDomain

extension KeyedEncodingContainer<FieldKey> {
    /// Each declared field by its wire name, and an amount also as the form shows it (`12.50`)
    /// under its key; a field without a value is left out.
    mutating func encode<Values: RecordValues>(_ values: Values) throws {
        for field in Values.Field.allCases {
            let value = values[field]
            switch value {
            case .null: continue
            case .integer(let number): try encode(number, forKey: FieldKey(field.wire))
            case .text(let text): try encode(text, forKey: FieldKey(field.wire))
            }
            if case .money = field.rule { try encode(field.rule.formText(value), forKey: FieldKey(field.key)) }
        }
    }
}
