import Clubhouse

/// The `players` screen as text: left-aligned columns two spaces apart, by display width, names
/// and teams shown escaped (`TextOutput.escaped`), so a stored name can neither forge a row nor
/// move the columns. The list may hold tens of thousands of players and is printed on every
/// `player list`, so the table is measured in one pass (`Layout`) and then written row by row
/// into one growable buffer, without a grid of cell strings in between. Rows can be written in
/// chunks as they come (`row(_:_:into:)` and `ByteWriter.flush(to:)`): a list read from a database
/// cursor needs one pass to measure and one to write, never the whole list in memory.
enum PlayerTable {
    /// The declared fields in the table's order: free text last, in the one column not padded.
    private static let fields =
        PlayerField.allCases.filter { !$0.isFreeText } + PlayerField.allCases.filter(\.isFreeText)
    private static let header = ["ID"] + fields.map { $0.label.uppercased() }
    /// Which columns hold text a person typed, shown escaped (by the field's offset in `fields`).
    private static let typed = fields.map { $0.isFreeText || $0 == .name }
    private static let none = "-"
    private static let gap = 2

    /// How many bytes `write` gathers before it hands them on.
    static let chunkSize = 64 * 1024

    /// The widths of the padded columns (the last one is never padded): the id, then `fields`.
    struct Layout {
        fileprivate var widths = PlayerTable.header.dropLast().map(\.utf8.count)

        init() {}

        init(measuring players: some Sequence<Player>) {
            for player in players { include(player) }
        }

        /// The players `summary` sums up, less the names it handed on (`include(name:)`). A column
        /// the summary does not measure is as wide as its rule's widest value.
        mutating func include(_ summary: PlayerListSummary) {
            for id in [summary.ids?.lowerBound, summary.ids?.upperBound].compactMap({ $0 }) {
                // The most digits are at one end or the other: a count grows with the magnitude.
                widths[0] = max(widths[0], ByteWriter.digitCount(id))
            }
            for (offset, field) in PlayerTable.fields.dropLast().enumerated() {
                let column = offset + 1
                switch field {
                case .name: widths[column] = max(widths[column], summary.longestPlainName)  // plain: a byte a column
                case .age:
                    for age in [summary.ages?.lowerBound, summary.ages?.upperBound].compactMap({ $0 }) {
                        widths[column] = max(widths[column], ByteWriter.digitCount(Int64(age)))
                    }
                    if summary.anyWithoutAge { widths[column] = max(widths[column], PlayerTable.none.utf8.count) }
                case .skill:
                    for skill in summary.skills {
                        widths[column] = max(widths[column], (skill?.rawValue ?? PlayerTable.none).utf8.count)
                    }
                case .position:
                    for position in summary.positions {
                        widths[column] = max(widths[column], (position?.rawValue ?? PlayerTable.none).utf8.count)
                    }
                default: widths[column] = max(widths[column], PlayerTable.widest(field))
                }
            }
        }

        mutating func include(name: String) {
            let column = 1 + (PlayerTable.fields.firstIndex(of: .name) ?? 0)
            widths[column] = max(widths[column], TextOutput.shownWidth(name))
        }

        mutating func include(_ player: Player) {
            widths[0] = max(widths[0], ByteWriter.digitCount(player.id))
            for (offset, field) in PlayerTable.fields.dropLast().enumerated() {
                let text = player.fields[field].formText
                let shown = field == .name ? TextOutput.shownWidth(text) : (text.isEmpty ? none : text).utf8.count
                widths[offset + 1] = max(widths[offset + 1], shown)
            }
        }

        /// Bytes a row takes at least: a guess for the buffer's first size.
        fileprivate var rowEstimate: Int { widths.reduce(0, +) + PlayerTable.gap * widths.count + 12 }
    }

    /// The whole table, without a final newline.
    static func render(_ players: [Player]) -> String {
        let layout = Layout(measuring: players)
        var out = ByteWriter(reservingCapacity: (players.count + 1) * layout.rowEstimate)
        header(layout, into: &out)
        for player in players { row(player, layout, into: &out) }
        return out.text
    }

    /// The whole table and a final newline, handed to `sink` in chunks of about `chunkSize` bytes:
    /// the table of rows measured into `layout`, each row given by `forEach` (a database cursor)
    /// and written as it comes: memory stays at one chunk whatever the number of rows.
    static func write(
        _ layout: Layout, _ forEach: ((Player) throws -> Void) throws -> Void,
        to sink: @escaping (UnsafeRawBufferPointer) -> Void
    ) throws {
        var out = ByteWriter(reservingCapacity: chunkSize + 4 * 1024)
        header(layout, into: &out)
        try forEach { player in
            row(player, layout, into: &out)
            if out.count >= chunkSize { out.flush(to: sink) }
        }
        out.byte(UInt8(ascii: "\n"))
        out.flush(to: sink)
    }

    static func header(_ layout: Layout, into out: inout ByteWriter) {
        for (column, title) in header.enumerated() {
            out.write(title)
            if column < layout.widths.count { out.spaces(layout.widths[column] - title.utf8.count + gap) }
        }
    }

    /// A newline, then the player's row: text a person typed shown escaped, the rest as stored.
    static func row(_ player: Player, _ layout: Layout, into out: inout ByteWriter) {
        let widths = layout.widths
        out.byte(UInt8(ascii: "\n"))
        out.spaces(widths[0] - out.write(player.id) + gap)
        for offset in fields.indices {
            let written: Int
            switch player.fields[fields[offset]] {
            case .null: written = out.write(none)
            case .integer(let number): written = out.write(number)
            case .text(let text): written = typed[offset] ? out.writeShown(text) : out.write(text)
            }
            if offset + 1 < widths.count { out.spaces(widths[offset + 1] - written + gap) }
        }
    }

    /// The most columns a value of `field` takes, by its rule (none is `-`).
    private static func widest(_ field: PlayerField) -> Int {
        switch field.rule {
        case .text(let length): length.upperBound
        case .integer(let range):
            max(ByteWriter.digitCount(Int64(range.lowerBound)), ByteWriter.digitCount(Int64(range.upperBound)))
        case .choice(let choices): choices.map(\.utf8.count).max() ?? none.utf8.count
        case .paragraph, .money, .date, .isbn, .instant: field.rule.widestText
        }
    }
}
