import Domain

/// Players for `--json`: `{"age","favouriteTeam","id","name","position","skill"}`, keys sorted and
/// absent values as null. Byte for byte what Foundation's JSONEncoder prints with `.sortedKeys` and
/// `.withoutEscapingSlashes` (the tests hold the two side by side), but written in one pass: for a
/// list of 10 000 players JSONEncoder alone took several times what the whole command does now.
enum PlayerJSON {
    static func object(_ player: Player) -> String {
        render([player], asArray: false)
    }

    static func array(_ players: [Player]) -> String {
        render(players, asArray: true)
    }

    private static func render(_ players: [Player], asArray: Bool) -> String {
        // Keys and punctuation (61 bytes), the longest id and age (20 characters each), the longest
        // quoted position ("midfielder", 12) and skill ("professional", 14); then the free texts.
        let fixed = 61 + 20 + 20 + 12 + 14
        let capacity = players.reduce(2) { total, player in
            total + fixed + ByteWriter.jsonLength(player.name)
                + (player.favouriteTeam.map(ByteWriter.jsonLength) ?? 4)
        }
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var out = ByteWriter(buffer: buffer)
            if asArray { out.byte(UInt8(ascii: "[")) }
            for (index, player) in players.enumerated() {
                if index > 0 { out.byte(UInt8(ascii: ",")) }
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
            if asArray { out.byte(UInt8(ascii: "]")) }
            return out.count
        }
    }
}
