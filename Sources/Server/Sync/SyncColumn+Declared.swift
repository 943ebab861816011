import ClubhouseDomain
import Foundation
import PostgresNIO

extension SyncColumn {
    /// A declared field's column, read and written as its rule's type (an amount in cents is an
    /// integer, a date PostgreSQL's DATE, an instant a TIMESTAMPTZ or its milliseconds).
    static func declared(_ field: some RecordField) -> SyncColumn {
        let (wire, column) = (field.wire, field.serverColumn)
        return switch field.rule {
        case .integer(let range) where range.upperBound > Int32.max: .typed(wire, column, "bigint")
        case .integer, .money: .typed(wire, column, "integer")
        case .instant(.milliseconds): .typed(wire, column, "bigint")
        case .instant(.time): .instant(wire, column)
        case .date: .date(wire, column)
        case .text, .paragraph, .isbn, .choice: .text(wire, column)
        }
    }
}

extension RecordValues {
    /// Sets `fields` from the cells starting at `offset`, one a field in their order, each
    /// decoded as its rule's type.
    mutating func read(_ row: PostgresRandomAccessRow, at offset: Int, _ fields: [Field]) throws {
        for (index, field) in fields.enumerated() {
            let cell = row[offset + index]
            if field.rule.isTime {
                // Unix ms, as the wire carries it (every instant the server stores came from one).
                self[field] = FieldValue(
                    try cell.decode(Date?.self).flatMap { Int64(exactly: ($0.timeIntervalSince1970 * 1000).rounded()) })
            } else {
                self[field] =
                    field.rule.isInteger
                    ? FieldValue(try cell.decode(Int64?.self)) : FieldValue(try cell.decode(String?.self))
            }
        }
    }
}
