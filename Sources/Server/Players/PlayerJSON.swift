import ClubhouseDomain

/// A player as the API shows it: its id and key, then each declared field by its wire name;
/// absent optional fields are left out.
struct PlayerJSON: Encodable {
    let player: Player
    /// The sync key: the same player on every device.
    let key: String

    init(_ keyed: Keyed<Player>) {
        player = keyed.record
        key = keyed.key
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try container.encode(player.id, forKey: FieldKey("id"))
        try container.encode(key, forKey: FieldKey("key"))
        try container.encode(player.fields)
    }
}

struct PlayerPageJSON: Encodable {
    let players: [PlayerJSON]
    /// Pass as `after` for the next page; null on the last.
    let nextAfter: Int64?

    private enum CodingKeys: String, CodingKey { case players, nextAfter }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(players, forKey: .players)
        // Null rather than absent: a client tests it to know the last page.
        try container.encode(nextAfter, forKey: .nextAfter)
    }
}
