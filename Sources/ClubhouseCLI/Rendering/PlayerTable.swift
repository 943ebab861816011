import Clubhouse

/// The `players` screen as text: left-aligned columns two spaces apart, by display width, names
/// and teams shown escaped (`TextOutput.escaped`), so a stored name can neither forge a row nor
/// move the columns. The list may hold tens of thousands of players and is printed on every
/// `player list`, so the table is measured in one pass (`Layout`) and then written row by row
/// into one growable buffer, without a grid of cell strings in between. Rows can be written in
/// chunks as they come (`row(_:_:into:)` and `ByteWriter.flush(to:)`): a list read from a database
/// cursor needs one pass to measure and one to write, never the whole list in memory.
enum PlayerTable {
    private static let header = ["ID", "NAME", "AGE", "SKILL", "POSITION", "FAVOURITE TEAM"]
    private static let none = "-"
    private static let gap = 2

    /// How many bytes `write` gathers before it hands them on.
    static let chunkSize = 64 * 1024

    /// The widths of the padded columns (the last one is never padded).
    struct Layout {
        fileprivate var widths = PlayerTable.header.dropLast().map(\.utf8.count)

        init() {}

        init(measuring players: some Sequence<Player>) {
            for player in players { include(player) }
        }

        /// The players `summary` sums up, less the names it handed on (`include(name:)`).
        mutating func include(_ summary: PlayerListSummary) {
            for id in [summary.ids?.lowerBound, summary.ids?.upperBound].compactMap({ $0 }) {
                // The most digits are at one end or the other: a count grows with the magnitude.
                widths[0] = max(widths[0], ByteWriter.digitCount(id))
            }
            widths[1] = max(widths[1], summary.longestPlainName)  // plain: a byte a column
            for age in [summary.ages?.lowerBound, summary.ages?.upperBound].compactMap({ $0 }) {
                widths[2] = max(widths[2], ByteWriter.digitCount(Int64(age)))
            }
            if summary.anyWithoutAge { widths[2] = max(widths[2], PlayerTable.none.utf8.count) }
            for skill in summary.skills {
                widths[3] = max(widths[3], (skill?.rawValue ?? PlayerTable.none).utf8.count)
            }
            for position in summary.positions {
                widths[4] = max(widths[4], (position?.rawValue ?? PlayerTable.none).utf8.count)
            }
        }

        mutating func include(name: String) {
            widths[1] = max(widths[1], TextOutput.shownWidth(name))
        }

        mutating func include(_ player: Player) {
            widths[0] = max(widths[0], ByteWriter.digitCount(player.id))
            widths[1] = max(widths[1], TextOutput.shownWidth(player.name))
            widths[2] = max(widths[2], player.age.map { ByteWriter.digitCount(Int64($0)) } ?? 1)
            widths[3] = max(widths[3], (player.skill?.rawValue ?? PlayerTable.none).utf8.count)
            widths[4] = max(widths[4], (player.position?.rawValue ?? PlayerTable.none).utf8.count)
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

    /// A newline, then the player's row.
    static func row(_ player: Player, _ layout: Layout, into out: inout ByteWriter) {
        let widths = layout.widths
        out.byte(UInt8(ascii: "\n"))
        out.spaces(widths[0] - out.write(player.id) + gap)
        out.spaces(widths[1] - out.writeShown(player.name) + gap)
        let ageDigits = player.age.map { out.write(Int64($0)) } ?? out.write(none)
        out.spaces(widths[2] - ageDigits + gap)
        out.spaces(widths[3] - out.write(player.skill?.rawValue ?? none) + gap)
        out.spaces(widths[4] - out.write(player.position?.rawValue ?? none) + gap)
        out.writeShown(player.favouriteTeam ?? none)
    }
}
