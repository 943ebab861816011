import ClubhouseDomain
import PostgresNIO

extension SyncColumn {
    /// A declared field's column, read and written as its rule's type (an amount in cents is an
    /// integer, a date PostgreSQL's DATE).
    static func declared(_ field: some RecordField) -> SyncColumn {
        switch field.rule {
        case .integer, .money: .typed(field.wire, field.column, "integer")
        case .date: .date(field.wire, field.column)
        case .text, .paragraph, .isbn, .choice: .text(field.wire, field.column)
        }
    }
}

extension RecordValues {
    /// Sets `fields` from the cells starting at `offset`, one a field in their order, each
    /// decoded as its rule's type.
    mutating func read(_ row: PostgresRandomAccessRow, at offset: Int, _ fields: [Field]) throws {
        for (index, field) in fields.enumerated() {
            let cell = row[offset + index]
            self[field] =
                field.rule.isInteger
                ? FieldValue(try cell.decode(Int64?.self)) : FieldValue(try cell.decode(String?.self))
        }
    }
}
