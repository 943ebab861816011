/// At most one player of an account wears a shirt number: a player given a number another player
/// wears is refused, naming who wears it. The device's and the server's schemas hold the same
/// rule as a unique index; a push that breaks it keeps its other fields (docs/sync.md).
package enum ShirtNumbers {
    /// Refuses `fields` for player `player` (nil for a new one) when another player wears its number.
    package static func check(
        _ fields: PlayerFields, of player: Player.ID?, owner: User.ID, in players: any PlayerRepository
    ) throws {
        guard let number = fields.shirtNumber, let wearer = try players.wearer(ofShirtNumber: number, owner: owner),
            wearer.id != player
        else { return }
        throw ClubhouseError.invalidInput(taken(number, by: "\(wearer.name) (player \(wearer.id))"))
    }

    /// The sentence of a clash, the wearer named as the side saying it names a player.
    package static func taken(_ number: Int, by wearer: String) -> String {
        "shirt number \(number) is already worn by \(wearer)"
    }
}
