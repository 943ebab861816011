import ClubhouseDomain
import ClubhouseNavigation

/// The confirm screen: the form, and the players to pick from.
public struct ConfirmPlayersViewModel: Equatable, Sendable {
    public let form: FormViewModel
    /// The players to split into teams: those marked on the players list when the picker was
    /// opened with them (`marked`), else every player.
    public let players: [Player]
    /// Whether `players` are the players marked on the players list rather than everyone.
    public let marked: Bool

    public init(form: FormViewModel, players: [Player], marked: Bool = false) {
        self.form = form
        self.players = players
        self.marked = marked
    }

    /// The draft field that holds a team's player ids (`team-a`, `team-b`).
    public static func field(for team: Team) -> String { "team-\(team.rawValue)" }

    /// A team's field read as player ids: whole numbers separated by commas or spaces.
    public static func ids(_ text: String, team: Team) throws -> [Player.ID] {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " })
        guard !parts.isEmpty else { throw ClubhouseError.invalidInput("\(team.name) needs at least one player") }
        return try parts.map { part in
            guard part.count <= 19, part.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Player.ID(part), id > 0
            else {
                throw ClubhouseError.invalidInput(
                    "\(team.name): '\(part.prefix(40))' is not a player id (ids are whole numbers, as 'player list' shows)"
                )
            }
            return id
        }
    }
}
