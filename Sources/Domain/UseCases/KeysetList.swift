/// A list read by key: the few rows next to a known one, never by position, so that moving the
/// selection or reading a window costs a handful of index probes whatever the list's length.
/// Each list (players, the shelf, questions, ended gathers, search results) supplies how to
/// read rows after and before a key in its own order.
package struct KeysetList<Row> {
    /// The most rows one move passes over; a longer one stops there (`top` and `bottom` go anywhere).
    package static var longestMove: Int { 10_000 }

    package let key: (Row) -> String
    /// The row with this key, if it is in the list.
    package let find: (String) throws -> Row?
    /// Up to `limit` rows after the key in list order (from the first row when nil). A key whose
    /// record is gone still has a place: the rows after it are those after where it was.
    package let after: (String?, Int) throws -> [Row]
    /// Up to `limit` rows before the key, nearest first (from the last row when nil).
    package let before: (String?, Int) throws -> [Row]

    package init(
        key: @escaping (Row) -> String, find: @escaping (String) throws -> Row?,
        after: @escaping (String?, Int) throws -> [Row], before: @escaping (String?, Int) throws -> [Row]
    ) {
        self.key = key
        self.find = find
        self.after = after
        self.before = before
    }

    /// The row a stored selection stands for: its own row, else the row that took its place (the
    /// next one down), else the last row; the first row when nothing is selected. Nil: empty list.
    package func resolve(_ selected: String?) throws -> Row? {
        guard let selected else { return try after(nil, 1).first }
        if let row = try find(selected) { return row }
        return try after(selected, 1).first ?? before(selected, 1).first
    }

    /// The key selected after `move` from `selected`; nil for an empty list.
    package func move(from selected: String?, _ move: SelectionMove) throws -> String? {
        switch move {
        case .top:
            return try after(nil, 1).first.map(key)
        case .bottom:
            return try before(nil, 1).first.map(key)
        case .row(let wanted):
            return try find(wanted).map(key)
        case .by(let rows):
            guard let anchor = try resolve(selected) else { return nil }
            let anchorKey = key(anchor)
            // The rows passed over are read: a move is a keystroke or a page, never the list.
            let distance = Int(min(rows.magnitude, UInt(Self.longestMove)))
            if rows > 0 { return try after(anchorKey, distance).last.map(key) ?? anchorKey }
            if rows < 0 { return try before(anchorKey, distance).last.map(key) ?? anchorKey }
            return anchorKey
        }
    }

    /// Up to `count` rows around the selected one, with up to `above` of them before it when the
    /// list has that many; at either end of the list the window fills from the other side.
    package func window(_ selected: String?, count: Int, above: Int) throws -> (
        rows: [Row], selected: Int?, hasBefore: Bool, hasAfter: Bool
    ) {
        guard count > 0, let anchor = try resolve(selected) else { return ([], nil, false, false) }
        let anchorKey = key(anchor)
        let wantedAbove = min(max(above, 0), count - 1)
        // One row more than needed on each side tells whether the list goes on.
        var earlier = try before(anchorKey, wantedAbove + 1)
        var later = try after(anchorKey, count - min(earlier.count, wantedAbove))
        let hasAfter = later.count > count - 1 - min(earlier.count, wantedAbove)
        if hasAfter { later.removeLast() }
        let room = count - 1 - later.count
        if earlier.count <= room {
            // Near the end of the list: more rows above fill the window.
            if earlier.count > wantedAbove, let last = earlier.last {
                earlier += try before(key(last), room - earlier.count + 1)
            }
        }
        let hasBefore = earlier.count > room
        if hasBefore { earlier.removeLast(earlier.count - room) }
        let rows = earlier.reversed() + [anchor] + later
        return (Array(rows), earlier.count, hasBefore, hasAfter)
    }
}
