import Clubhouse

/// Players for `--json`: `id` and each declared field by its wire name (`PlayerField.wire`), keys
/// sorted and absent values as null. Byte for byte what Foundation's JSONEncoder prints with `.sortedKeys` and
/// `.withoutEscapingSlashes` (the tests hold the two side by side), but written in one pass: for a
/// list of 10 000 players JSONEncoder alone took several times what the whole command does now.
enum PlayerJSON {
    static func object(_ player: Player) -> String {
        var out = ByteWriter(reservingCapacity: 160)
        write(player, into: &out)
        return out.text
    }

    static func array(_ players: [Player]) -> String {
        var out = ByteWriter(reservingCapacity: 2 + players.count * 160)
        out.byte(UInt8(ascii: "["))
        for (index, player) in players.enumerated() {
            if index > 0 { out.byte(UInt8(ascii: ",")) }
            write(player, into: &out)
        }
        out.byte(UInt8(ascii: "]"))
        return out.text
    }

    /// The array of the players `forEach` gives (a database cursor) and a final newline, handed to
    /// `sink` in chunks of about `PlayerTable.chunkSize` bytes as it is written.
    static func write(
        _ forEach: ((Player) throws -> Void) throws -> Void, to sink: @escaping (UnsafeRawBufferPointer) -> Void
    )
        throws
    {
        var out = ByteWriter(reservingCapacity: PlayerTable.chunkSize + 4 * 1024)
        out.byte(UInt8(ascii: "["))
        var first = true
        try forEach { player in
            if !first { out.byte(UInt8(ascii: ",")) }
            first = false
            write(player, into: &out)
            if out.count >= PlayerTable.chunkSize { out.flush(to: sink) }
        }
        out.write("]\n")
        out.flush(to: sink)
    }

    /// One player's object.
    static func write(_ player: Player, into out: inout ByteWriter) {
        for index in keys.indices {
            out.write(prefixes[index])
            guard let field = keys[index] else {
                out.write(player.id)
                continue
            }
            switch player.fields[field] {
            case .null: out.write("null")
            case .integer(let number): out.write(number)
            case .text(let text): out.writeJSON(text)
            }
        }
        out.byte(UInt8(ascii: "}"))
    }

    /// The object's keys in JSONEncoder's sorted order (nil stands for the id), and what is
    /// written before each value (`{"age":`, `,"id":`).
    private static let keys: [PlayerField?] = ([nil] + PlayerField.allCases.map { Optional($0) }).sorted {
        ($0?.wire ?? "id") < ($1?.wire ?? "id")
    }
    private static let prefixes: [String] = keys.enumerated().map { index, field in
        (index == 0 ? "{" : ",") + "\"\(field?.wire ?? "id")\":"
    }
}
