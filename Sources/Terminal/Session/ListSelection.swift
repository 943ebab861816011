/// The selected row of each list, by the place the list is on (`players`, `home/squad`,
/// `questions/3`), and the first row in view. The one type that knows where a selection is kept:
/// in this session's memory for now, so a restart starts each list at its first row.
struct ListSelection {
    private var rows: [String: Int] = [:]
    private var tops: [String: Int] = [:]

    func row(on place: String) -> Int { rows[place] ?? 0 }

    func top(on place: String) -> Int { tops[place] ?? 0 }

    mutating func select(_ row: Int, top: Int, on place: String) {
        rows[place] = row
        tops[place] = top
    }
}
