import Domain

/// The `players` screen as text: left-aligned columns two spaces apart, by display width.
/// The list may hold tens of thousands of players and is printed on every `player list`, so the
/// table is measured in one pass and then written straight into the string's storage, without a
/// grid of cell strings in between (measured: a third of the instructions of the generic version).
enum PlayerTable {
    private static let header = ["ID", "NAME", "AGE", "SKILL", "POSITION", "FAVOURITE TEAM"]
    private static let none = "-"
    private static let gap = 2

    static func render(_ players: [Player]) -> String {
        // Widths of the padded columns (the last one is never padded) and the exact byte count.
        var widths = header.dropLast().map(\.utf8.count)
        var nameWidths: [Int] = []
        nameWidths.reserveCapacity(players.count)
        var teamBytes = 0
        for player in players {
            let nameWidth = DisplayWidth.of(player.name)
            nameWidths.append(nameWidth)
            widths[0] = max(widths[0], ByteWriter.digitCount(player.id))
            widths[1] = max(widths[1], nameWidth)
            widths[2] = max(widths[2], player.age.map { ByteWriter.digitCount(Int64($0)) } ?? 1)
            widths[3] = max(widths[3], (player.skill?.rawValue ?? none).utf8.count)
            widths[4] = max(widths[4], (player.position?.rawValue ?? none).utf8.count)
            // A name wider on screen than in bytes is padded by its display width: count both.
            teamBytes += (player.favouriteTeam ?? none).utf8.count + max(0, player.name.utf8.count - nameWidth)
        }
        let padded = widths.reduce(0, +) + gap * widths.count
        let capacity = (players.count + 1) * (padded + 1) + teamBytes + header.last!.utf8.count

        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var out = ByteWriter(buffer: buffer)
            for (column, title) in header.enumerated() {
                out.write(title)
                if column < widths.count { out.spaces(widths[column] - title.utf8.count + gap) }
            }
            for (index, player) in players.enumerated() {
                out.byte(UInt8(ascii: "\n"))
                out.spaces(widths[0] - out.write(player.id) + gap)
                out.write(player.name)
                out.spaces(widths[1] - nameWidths[index] + gap)
                let ageDigits = player.age.map { out.write(Int64($0)) } ?? out.write(none)
                out.spaces(widths[2] - ageDigits + gap)
                out.spaces(widths[3] - out.write(player.skill?.rawValue ?? none) + gap)
                out.spaces(widths[4] - out.write(player.position?.rawValue ?? none) + gap)
                out.write(player.favouriteTeam ?? none)
            }
            return out.count
        }
    }
}
