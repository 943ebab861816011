/// A field of a record kind, as its declaration names it in every place (`PlayerField`,
/// `BookField`): the layers that store, carry and show records are written once over this
/// protocol, and each record kind's declaration is the only place that spells its fields.
public protocol RecordField: CaseIterable, Hashable, Sendable where AllCases == [Self] {
    /// The field's key in forms, screen paths and CLI options (kebab-case).
    var key: String { get }
    /// The field's name on the sync wire, in REST bodies and in `--json` (camelCase).
    var wire: String { get }
    /// The column, in SQLite (and in PostgreSQL unless `serverColumn` says otherwise; snake_case).
    var column: String { get }
    /// The column in PostgreSQL: `column`, unless the two schemas named it apart when they shipped.
    var serverColumn: String { get }
    /// What a person calls the field, as a form and a detail label it.
    var label: String { get }
    var rule: FieldRule { get }
    var isRequired: Bool { get }
    /// Whether the field syncs between devices as a field (a record's key does not).
    var syncs: Bool { get }
}

extension RecordField {
    public var serverColumn: String { column }

    /// The field as a sentence names it ("favourite team must be …").
    public var shownName: String { label.lowercased() }

    /// The values a field takes when it takes only those, in the order offered; empty for text.
    public var choices: [String] { rule.choices }

    /// A hint for a prompt: the accepted values.
    public var hint: String { rule.hint(required: isRequired) }

    /// The fields that sync, in the declaration's order.
    public static var synced: [Self] { allCases.filter(\.syncs) }

    /// The fields that hold an instant (a device shifts them by its clock's offset).
    public static var instants: [Self] {
        allCases.filter { if case .instant = $0.rule { true } else { false } }
    }

    /// The declared field `wire` names on the wire, if any.
    public static func named(wire: String) -> Self? { allCases.first { $0.wire == wire } }

    /// Typed text as the field's value, or why it is not one (the message names the field).
    public func parse(_ text: String, checkingText: Bool = true) throws(ClubhouseError) -> FieldValue {
        try rule.parse(text, field: shownName, required: isRequired, checkingText: checkingText)
    }

    /// A value as it is stored (text trimmed, blank optional text as none), or the rule it breaks.
    public func validated(_ value: FieldValue) throws(ClubhouseError) -> FieldValue {
        try rule.validated(value, field: shownName, required: isRequired)
    }
}

/// A record kind's typed values (`PlayerFields`, `BookFields`), read and written field by field
/// as `FieldValue`s, which is how every layer that loops over the declaration reaches them.
public protocol RecordValues: Sendable {
    associatedtype Field: RecordField
    subscript(field: Field) -> FieldValue { get set }
}
