import Domain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
            widths[0] = max(widths[0], digitCount(player.id))
            widths[1] = max(widths[1], nameWidth)
            widths[2] = max(widths[2], player.age.map { digitCount(Int64($0)) } ?? 1)
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

    private static func digitCount(_ value: Int64) -> Int {
        var count = value < 0 ? 2 : 1
        var rest = value / 10
        while rest != 0 {
            count += 1
            rest /= 10
        }
        return count
    }
}

/// Appends bytes to a buffer sized in advance; a write past its end stops the program rather than
/// corrupt memory.
private struct ByteWriter {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    mutating func byte(_ value: UInt8) {
        precondition(count < buffer.count, "table buffer too small")
        buffer[count] = value
        count += 1
    }

    mutating func spaces(_ n: Int) {
        guard n > 0 else { return }
        precondition(count + n <= buffer.count, "table buffer too small")
        memset(buffer.baseAddress! + count, Int32(UInt8(ascii: " ")), n)
        count += n
    }

    /// Writes the text's UTF-8 and returns how many bytes that was.
    @discardableResult
    mutating func write(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            precondition(count + bytes.count <= buffer.count, "table buffer too small")
            if let base = bytes.baseAddress { memcpy(buffer.baseAddress! + count, base, bytes.count) }
            count += bytes.count
            return bytes.count
        }
    }

    /// Writes the decimal digits and returns how many bytes that was.
    @discardableResult
    mutating func write(_ value: Int64) -> Int {
        if value < 0 {
            byte(UInt8(ascii: "-"))
            return 1 + write(digitsOf: value.magnitude)
        }
        return write(digitsOf: value.magnitude)
    }

    private mutating func write(digitsOf value: UInt64) -> Int {
        var digits = 1
        var rest = value / 10
        while rest != 0 {
            digits += 1
            rest /= 10
        }
        precondition(count + digits <= buffer.count, "table buffer too small")
        var remaining = value
        for position in stride(from: count + digits - 1, through: count, by: -1) {
            buffer[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        }
        count += digits
        return digits
    }
}
