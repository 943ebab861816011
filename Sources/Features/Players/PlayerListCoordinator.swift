import ClubhouseDomain
import ClubhouseNavigation

/// The players tab's root: the `players` list. Leads to the add form, a player's detail, and the
/// confirm screen where a gather's teams are picked.
package final class PlayerListCoordinator: ListCoordinator, MarkingCoordinator {
    package var links: FlowLinks
    package let screen = Screen.players
    private let owner: User.ID
    package var selected: String?
    /// The players marked to play (selection mode), in the order they were marked; nil: none.
    package var marked: [String]?

    init(owner: User.ID) {
        self.owner = owner
        links = FlowLinks(router: StackRouter(root: .players))
    }

    /// The root is on the router from the start.
    package func start() {}

    package func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        switch screen {
        case .newPlayer:
            return .open(PlayerAddCoordinator(router: router, owner: owner))
        case .confirmPlayers:
            let confirm = ConfirmPlayersCoordinator(router: router, owner: owner)
            confirm.gatherStartedFromMarks = { [weak self] in self?.marked = nil }
            return .open(confirm)
        case .player(let id):
            return try PlayerDetailCoordinator.opening(id, owner: owner, router: router, useCases)
        default:
            return .refused("\(screen.path) does not open from \(self.screen.path)")
        }
    }

    package func content(_ useCases: UseCases) throws -> ScreenContent {
        .playerList(PlayerListViewModel(owner: owner))
    }

    package func rows(_ useCases: UseCases) throws -> ListRows {
        .players(useCases.listPlayers.list(owner: owner))
    }
}
