import ClubhouseDomain

/// The `players/<id>` screen: the player's fields as label/value pairs, "—" where unset.
public struct PlayerDetailViewModel: Equatable, Sendable {
    public let player: Player

    public var title: String { "\(player.name) (#\(player.id))" }

    public var fields: [Field] {
        // Every field but the name, which the title shows.
        PlayerField.allCases.filter { $0 != .name }.map { field in
            let text = player.fields[field].formText
            return Field(label: field.label, value: text.isEmpty ? "—" : text)
        }
    }

    public struct Field: Equatable {
        public let label: String
        public let value: String
    }
}
