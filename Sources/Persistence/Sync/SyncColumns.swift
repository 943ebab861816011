import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import GRDB

/// Where one synced field lives in this device's file.
package struct SyncColumn: Sendable, Equatable {
    package enum Storage: Sendable, Equatable {
        /// A column holding the wire value as it is (null, integer, text).
        case value
        /// An instant: Unix ms on the wire, ISO-8601 text in the column (as every table stores a time).
        case instant
        /// A boolean: true/false on the wire, 1/0 in the column.
        case flag
        /// Rows of another table (`column` names it): a gather's seats, a question's books.
        case rows
    }

    /// The field's wire name (`SyncEntity.fieldNames`).
    package let wire: String
    /// The column, or for `.rows` the table.
    package let column: String
    package let storage: Storage

    init(_ wire: String, _ column: String, _ storage: Storage = .value) {
        self.wire = wire
        self.column = column
        self.storage = storage
    }

    /// The wire value as this column stores it (an object or array has no column value).
    func databaseValue(_ value: SyncValue?) -> DatabaseValue {
        switch (storage, value) {
        case (_, nil), (_, .null?), (.rows, _): .null
        case (.instant, .int(let milliseconds)?): SyncColumn.isoTime(milliseconds).databaseValue
        case (.instant, _): .null
        case (_, .bool(let flag)?): (flag ? 1 : 0).databaseValue
        case (_, .int(let number)?): number.databaseValue
        case (_, .double(let number)?): number.databaseValue
        case (_, .string(let text)?): text.databaseValue
        case (_, .array?), (_, .object?): .null
        }
    }

    /// Unix milliseconds as every table stores a time.
    static func isoTime(_ milliseconds: Int64) -> String { FieldRule.instantText(milliseconds) }
}

/// The one home of each entity's wire name → SQLite mapping on the device. The outbox triggers
/// and views of migration 0008 write the same names; SyncVocabularyTests holds the three together
/// (the wire's field sets, this mapping, the JSON the triggers produce) and checks every column.
extension SyncEntity {
    /// The table of the entity's records.
    package var table: String {
        switch self {
        case .player: "players"
        case .book: "books"
        case .question: "questions"
        case .gather: "gathers"
        }
    }

    /// The column holding the record's key: a book's is its ISBN.
    package var keyColumn: String { isKeyedByISBN ? "isbn" : "key" }

    /// Every synced field, in `fieldNames`' order.
    package var columns: [SyncColumn] {
        switch self {
        case .player: SyncColumn.player
        case .book: SyncColumn.book
        case .question: SyncColumn.question
        case .gather: SyncColumn.gather
        }
    }
}

// Made once: a pulled page reads them for every change.
extension SyncColumn {
    static let player = SyncPlayerFields.declared.map { SyncColumn($0.wire, $0.column) }
    static let book =
        SyncBookFields.declared.map { SyncColumn($0.wire, $0.column) } + [SyncColumn("owned", "owned", .flag)]
    static let question =
        QuestionField.synced.map(declared) + [SyncColumn(SyncQuestionFields.booksName, "question_books", .rows)]
    static let gather =
        GatherField.synced.map(declared) + [SyncColumn(SyncGatherFields.teamsName, "gather_players", .rows)]

    /// A declared field's column: an instant stored as a time is ISO-8601 text.
    private static func declared(_ field: some RecordField) -> SyncColumn {
        SyncColumn(field.wire, field.column, field.rule.isTime ? .instant : .value)
    }
}
