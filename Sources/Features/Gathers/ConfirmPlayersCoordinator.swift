import Domain
import Navigation

/// The `players/confirm` screen (the app's ConfirmPlayers): the user's players split into Team A
/// and Team B. It is a form: the teams typed so far are its draft. Starting the gather pushes
/// `gathers/<id>` over it; when that gather ends or is cancelled, this screen finishes too, so the
/// stack pops back to `players` (the app's `didEndGather`).
public final class ConfirmPlayersCoordinator: FormCoordinator, GatherCoordinatorDelegate {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?
    public let screen = Screen.confirmPlayers
    public let router: any Router
    public var depth = 0
    public var draft = FormDraft()
    private let owner: User.ID

    /// The draft's field for a team's ids: `team-a`, `team-b`.
    public static func field(for team: Team) -> String { "team-\(team.rawValue)" }

    init(router: any Router, owner: User.ID) {
        self.router = router
        self.owner = owner
    }

    public var fields: [FormField] {
        Team.allCases.map {
            FormField(
                name: Self.field(for: $0), label: $0.name, hint: "player ids, separated by commas", isRequired: true)
        }
    }

    public func check(_ field: String, _ text: String) throws {
        guard let team = Team.allCases.first(where: { Self.field(for: $0) == field }) else {
            throw ClubhouseError.invalidInput("the confirm-players form has no field '\(field)'")
        }
        _ = try Self.ids(text, team: team)
    }

    /// A team as typed: `1,2,3` (spaces allowed).
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

    public func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        guard case .gather(let id) = screen else {
            return .refused("\(screen.path) does not open from \(self.screen.path)")
        }
        let gather: Gather
        switch try useCases.lookUpGather(id, owner: owner) {
        case .success(let found): gather = found
        case .failure(let error): return .refused(error.message)
        }
        guard gather.isInProgress else { return .refused("gather \(id) has ended") }
        return .open(makeGather(gather))
    }

    public func content(_ useCases: UseCases) throws -> ScreenContent {
        .confirmPlayers(
            ConfirmPlayersViewModel(
                form: FormViewModel(screen: screen, title: "Confirm players", fields: fields, draft: draft),
                players: try useCases.listPlayers(owner: owner)))
    }

    /// Starts the gather with the teams in the draft and shows it over this screen.
    public func submit(_ useCases: UseCases) throws -> FormResult {
        func team(_ team: Team) throws -> [Player.ID] {
            guard let text = draft[Self.field(for: team)] else {
                throw ClubhouseError.invalidInput("\(team.name) needs at least one player")
            }
            return try Self.ids(text, team: team)
        }
        let gather = try useCases.startGather(teamA: try team(.a), teamB: try team(.b), owner: owner)
        // The teams now live in the gather.
        draft = FormDraft()
        popToSelf()
        push(makeGather(gather))
        return .gatherStarted(gather)
    }

    public func gatherDidEnd(_ coordinator: GatherCoordinator) {
        finish()
    }

    private func makeGather(_ gather: Gather) -> GatherCoordinator {
        let coordinator = GatherCoordinator(router: router, gather: gather)
        coordinator.delegate = self
        return coordinator
    }
}

/// The confirm screen: the form, and the players to pick from.
public struct ConfirmPlayersViewModel: Equatable {
    public let form: FormViewModel
    public let players: [Player]
}
