import Clubhouse

/// Players for `--json`: `{"age","favouriteTeam","id","name","position","skill"}`, keys sorted and
/// absent values as null. Byte for byte what Foundation's JSONEncoder prints with `.sortedKeys` and
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
        out.write(#"{"age":"#)
        if let age = player.age { out.write(Int64(age)) } else { out.write("null") }
        out.write(#","favouriteTeam":"#)
        if let team = player.favouriteTeam { out.writeJSON(team) } else { out.write("null") }
        out.write(#","id":"#)
        out.write(player.id)
        out.write(#","name":"#)
        out.writeJSON(player.name)
        out.write(#","position":"#)
        if let position = player.position { out.writeJSON(position.rawValue) } else { out.write("null") }
        out.write(#","skill":"#)
        if let skill = player.skill { out.writeJSON(skill.rawValue) } else { out.write("null") }
        out.byte(UInt8(ascii: "}"))
    }
}
