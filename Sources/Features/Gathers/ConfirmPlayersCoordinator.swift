import ClubhouseDomain
import ClubhouseNavigation

/// The `players/confirm` screen (the app's ConfirmPlayers): the user's players split into Team A
/// and Team B. It is a form: the teams typed so far are its draft. Starting the gather pushes
/// `gathers/<id>` over it; when that gather ends or is cancelled, this screen finishes too, so the
/// stack pops back to `players` (the app's `didEndGather`).
package final class ConfirmPlayersCoordinator: FormCoordinator, ListCoordinator, MarkingCoordinator,
    GatherCoordinatorDelegate
{
    package var links: FlowLinks
    package let screen = Screen.confirmPlayers
    package var draft = FormDraft()
    package var focus: String?
    private let owner: User.ID
    /// The player selected in the team picker.
    package var selected: String?
    /// The players marked on the players list that this picker was opened with: its bench holds
    /// them alone (nil: every player, as when it is opened by its link).
    package var marked: [String]?
    /// Told when a gather starts from the marked players: they are in its teams now.
    var gatherStartedFromMarks: (() -> Void)?

    init(router: any Router, owner: User.ID) {
        links = FlowLinks(router: router)
        self.owner = owner
    }

    package var fields: [FormField] {
        Team.allCases.map {
            FormField(
                name: ConfirmPlayersViewModel.field(for: $0), label: $0.name, hint: "player ids, separated by commas",
                isRequired: true)
        }
    }

    package func check(_ field: String, _ text: String) throws {
        guard let team = Team.allCases.first(where: { ConfirmPlayersViewModel.field(for: $0) == field }) else {
            throw ClubhouseError.invalidInput("the confirm-players form has no field '\(field)'")
        }
        _ = try ConfirmPlayersViewModel.ids(text, team: team)
    }

    /// A team as typed: `1,2,3` (spaces allowed).

    package func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
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

    package func content(_ useCases: UseCases) throws -> ScreenContent {
        let players =
            try marked.map { try PlayerMarks.players($0, useCases.listPlayers.list(owner: owner)) }
            ?? useCases.listPlayers(owner: owner)
        return .confirmPlayers(
            ConfirmPlayersViewModel(
                form: FormViewModel(screen: screen, title: "Confirm players", fields: fields, draft: draft),
                players: players, marked: marked != nil))
    }

    /// Starts the gather with the teams in the draft and shows it over this screen.
    package func submit(_ useCases: UseCases) throws -> FormResult {
        func team(_ team: Team) throws -> [Player.ID] {
            guard let text = draft[ConfirmPlayersViewModel.field(for: team)] else {
                throw ClubhouseError.invalidInput("\(team.name) needs at least one player")
            }
            return try ConfirmPlayersViewModel.ids(text, team: team)
        }
        let (a, b) = (try team(.a), try team(.b))
        if let marked {
            // Opened with the marked players, the picker's bench is theirs alone, whoever types the teams.
            let pool = Set(marked)
            let outside = (a + b).filter { !pool.contains(String($0)) }.map { "#\($0)" }
            if !outside.isEmpty {
                let shown = marked.map { "#\($0)" }.joined(separator: ", ")
                throw ClubhouseError.invalidInput(
                    "\(outside.joined(separator: ", ")) \(outside.count == 1 ? "is" : "are") not marked: the teams are picked from the marked players (\(shown)); mark more on the players list first"
                )
            }
        }
        let gather = try useCases.startGather(teamA: a, teamB: b, owner: owner)
        // The teams now live in the gather, and so do the players marked for it.
        draft = FormDraft()
        if marked != nil {
            marked = nil
            gatherStartedFromMarks?()
        }
        popToSelf()
        push(makeGather(gather))
        return .gatherStarted(gather)
    }

    package func rows(_ useCases: UseCases) throws -> ListRows {
        let all = useCases.listPlayers.list(owner: owner)
        guard let marked else { return .players(all) }
        return .players(PlayerMarks.list(try PlayerMarks.players(marked, all)))
    }

    package func gatherDidEnd(_ coordinator: GatherCoordinator) {
        finish()
    }

    private func makeGather(_ gather: Gather) -> GatherCoordinator {
        let coordinator = GatherCoordinator(router: router, gather: gather)
        coordinator.delegate = self
        return coordinator
    }
}
