import Domain
import Navigation

/// The players tab's root: the `players` list. Leads to the add form, a player's detail, and the
/// confirm screen where a gather's teams are picked.
public final class PlayerListCoordinator: FlowCoordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?
    public let screen = Screen.players
    public let router: any Router
    public var depth = 0
    private let owner: User.ID

    init(owner: User.ID) {
        self.owner = owner
        router = StackRouter(root: .players)
    }

    /// The root is on the router from the start.
    public func start() {}

    public func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        switch screen {
        case .newPlayer:
            return .open(PlayerAddCoordinator(router: router, owner: owner))
        case .confirmPlayers:
            return .open(ConfirmPlayersCoordinator(router: router, owner: owner))
        case .player(let id):
            guard let player = try useCases.findPlayer(id, owner: owner) else {
                return .refused(ClubhouseError.playerNotFound(id).message)
            }
            return .open(PlayerDetailCoordinator(router: router, player: player))
        default:
            return .refused("\(screen.path) does not open from \(self.screen.path)")
        }
    }

    public func content(_ useCases: UseCases) throws -> ScreenContent {
        .playerList(PlayerListViewModel(owner: owner))
    }
}
