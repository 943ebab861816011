import ClubhouseDomain

/// A screen whose rows its content holds whole (a home page's few items, a player's fields, a
/// question's books, the profile's rows). Its selected row is stored by key as a long list's is,
/// and moved over the keys the screen shows now: a key that is gone (a book another process took
/// off the shelf) reads as the first row.
package protocol ShortListCoordinator: SelectingCoordinator {
    /// The keys of the rows on show, in their order.
    func rowKeys(_ useCases: UseCases) throws -> [String]
    /// Whether `key` is spelled as a key of this list (a stored selection is untrusted).
    func isRowKey(_ key: String) -> Bool
}

extension ShortListCoordinator {
    /// The key selected after `move` from `selected` (nil: the list is empty, or `.row` names no
    /// row of it).
    func move(from selected: String?, _ move: SelectionMove, keys: [String]) -> String? {
        guard !keys.isEmpty else { return nil }
        let index = selected.flatMap { keys.firstIndex(of: $0) } ?? 0
        switch move {
        case .top: return keys[0]
        case .bottom: return keys[keys.count - 1]
        case .row(let key): return keys.contains(key) ? key : nil
        case .by(let rows):
            let step = max(-KeysetList<Player>.longestMove, min(KeysetList<Player>.longestMove, rows))
            return keys[max(0, min(keys.count - 1, index + step))]
        }
    }

    /// Whether `key` is spelled as a record id is (decimal, positive, no leading zero).
    static func isID(_ key: String) -> Bool {
        Int64(key).map { $0 > 0 && String($0) == key } ?? false
    }
}
