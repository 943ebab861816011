import ClubhouseDomain

/// How a declared field's value travels: its wire type follows from its rule (a whole number, an
/// amount in cents, or text), so each record kind's synced fields are read and written by one
/// loop over its declaration.
extension RecordField {
    /// The wire's type of the field, as a refusal says it.
    var wireType: String {
        if case .instant = rule { return isRequired ? "an integer (Unix ms)" : "an integer (Unix ms) or null" }
        return switch (rule.isInteger, isRequired) {
        case (true, true): "an integer"
        case (true, false): "an integer or null"
        case (false, true): "a string"
        case (false, false): "a string or null"
        }
    }

    /// The wire value as this field's value, nil when it is not of the field's wire type.
    func fieldValue(_ value: SyncValue) -> FieldValue? {
        switch value {
        case .null: isRequired ? nil : .null
        case .int(let number): rule.isInteger ? .integer(number) : nil
        case .string(let text): rule.isInteger ? nil : .text(text)
        default: nil
        }
    }
}

extension SyncFieldReader {
    /// The values of `declared` (a record kind's synced fields): each present one read as its
    /// field's wire type, an absent one `base`'s, or `absent(field)`'s when there is no base
    /// (nil: it must be present).
    func values<Field: RecordField>(
        _ declared: [Field], over base: [FieldValue]?, absent: (Field) -> FieldValue? = { _ in nil }
    ) throws(SyncFieldError) -> [FieldValue] {
        var values: [FieldValue] = []
        values.reserveCapacity(declared.count)
        for (index, field) in declared.enumerated() {
            values.append(
                try read(field.wire, base?[index] ?? absent(field), expected: field.wireType, field.fieldValue))
        }
        return values
    }
}
