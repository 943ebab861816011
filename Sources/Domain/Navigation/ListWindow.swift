/// How to move the selection of the list on show (`Action.moveSelection`).
public enum SelectionMove: Equatable, Sendable {
    /// `rows` down the list (negative: up), stopping at either end.
    case by(Int)
    /// The first row.
    case top
    /// The last row.
    case bottom
    /// The row of the record with this key (a player, gather or question id, a book's ISBN).
    case row(String)
}

/// A few consecutive rows of a list around its selected row, read by key (never by position), so
/// that reading it costs the same whether the list holds ten rows or a million.
public struct ListWindow<Row: Equatable & Sendable>: Equatable, Sendable {
    /// The rows in list order.
    public var rows: [Row]
    /// The index in `rows` of the selected row; nil only when the list is empty.
    public var selectedIndex: Int?
    /// The key of the selected row: the one stored, or the row that took the place of a
    /// record that is gone (nil when the list is empty).
    public var selectedKey: String?
    /// Whether the list has rows before the first of `rows`.
    public var hasBefore: Bool
    /// Whether the list has rows after the last of `rows`.
    public var hasAfter: Bool

    public init(rows: [Row], selectedIndex: Int?, selectedKey: String?, hasBefore: Bool, hasAfter: Bool) {
        self.rows = rows
        self.selectedIndex = selectedIndex
        self.selectedKey = selectedKey
        self.hasBefore = hasBefore
        self.hasAfter = hasAfter
    }

    /// The selected row, if the list has any.
    public var selectedRow: Row? { selectedIndex.map { rows[$0] } }

    public static var empty: ListWindow {
        ListWindow(rows: [], selectedIndex: nil, selectedKey: nil, hasBefore: false, hasAfter: false)
    }
}
