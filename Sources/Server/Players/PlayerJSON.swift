import ClubhouseDomain

/// A player as the API shows it; absent optional fields are left out.
struct PlayerJSON: Encodable {
    let id: Int64
    /// The sync key: the same player on every device.
    let key: String
    let name: String
    let age: Int?
    let skill: String?
    let position: String?
    let favouriteTeam: String?

    init(_ keyed: Keyed<Player>) {
        let player = keyed.record
        id = player.id
        key = keyed.key
        name = player.name
        age = player.age
        skill = player.skill?.rawValue
        position = player.position?.rawValue
        favouriteTeam = player.favouriteTeam
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

/// The request fields of the player forms, named as the API names them, and their text as the
/// CLI's forms read it: the same `PlayerForm` rules then apply to both.
enum PlayerInput {
    static let fields: [(json: String, field: PlayerField)] = [
        ("name", .name), ("age", .age), ("skill", .skill), ("position", .position),
        ("favouriteTeam", .favouriteTeam),
    ]

    /// The field's value as form text; null (or absent) is the empty answer, which clears.
    static func text(_ body: JSONObject, _ json: String, _ field: PlayerField) throws -> String? {
        guard body.has(json) else { return nil }
        let text = field == .age ? try body.integer(json).map(String.init) : try body.string(json)
        return text ?? ""
    }

    /// One field on its own, so that a refusal names it.
    static func check(_ field: PlayerField, _ text: String, json: String) throws(APIError) {
        do { try PlayerForm.check(field, text) } catch { throw APIError(error, field: json) }
    }

    /// `player` with one field changed, by the CLI's edit form.
    static func edited(_ player: Player, _ field: PlayerField, to text: String, json: String) throws(APIError)
        -> PlayerDraft
    {
        do { return try PlayerForm.draft(editing: player, field, to: text).validated() } catch {
            throw APIError(error, field: json)
        }
    }

    /// A new player's draft: each field checked on its own first, so the error names it.
    static func draft(_ body: JSONObject) throws -> PlayerDraft {
        guard let name = body.fields["name"], name != .null else {
            throw APIError.invalidField("name", "name is required")
        }
        var form = FormDraft()
        for (json, field) in fields {
            guard let text = try text(body, json, field) else { continue }
            try check(field, text, json: json)
            form[field.rawValue] = text
        }
        do { return try PlayerForm.draft(from: form).validated() } catch { throw APIError(error) }
    }
}
