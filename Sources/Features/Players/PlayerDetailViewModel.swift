import ClubhouseDomain

/// The `players/<id>` screen: the player's fields as label/value pairs, "—" where unset.
public struct PlayerDetailViewModel: Equatable, Sendable {
    public let player: Player

    public var title: String { "\(player.name) (#\(player.id))" }

    public var fields: [Field] {
        [
            Field(label: "Age", value: player.age.map(String.init) ?? "—"),
            Field(label: "Skill", value: player.skill?.rawValue ?? "—"),
            Field(label: "Position", value: player.position?.rawValue ?? "—"),
            Field(label: "Favourite team", value: player.favouriteTeam ?? "—"),
        ]
    }

    public struct Field: Equatable {
        public let label: String
        public let value: String
    }
}
