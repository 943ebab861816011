import Domain
import Navigation

/// The players tab: the `players` list at the root, with either `players/new` (add) or
/// `players/<id>` (detail) pushed over it as a child flow.
public final class PlayerListCoordinator: TabFlowCoordinator, CoordinatorFinishDelegate {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?

    public let tab = Tab.players
    public let router = StackRouter(root: .players)
    private let owner: User.ID
    private let useCases: UseCases

    init(owner: User.ID, useCases: UseCases) {
        self.owner = owner
        self.useCases = useCases
    }

    public func start() {}

    public func listViewModel() throws -> PlayerListViewModel {
        PlayerListViewModel(players: try useCases.listPlayers(owner: owner))
    }

    /// Starts the add flow; it finishes, and pops back to the list, once a player is saved.
    @discardableResult
    public func startAdd() -> PlayerAddCoordinator {
        let add = PlayerAddCoordinator(router: router, owner: owner, addPlayer: useCases.addPlayer)
        push(add)
        return add
    }

    /// Pushes the detail screen, or throws `playerNotFound` for an id this user does not own.
    @discardableResult
    public func showDetail(_ id: Player.ID) throws -> PlayerDetailCoordinator {
        let player = try useCases.showPlayer(id, owner: owner)  // validated before anything is pushed
        let detail = PlayerDetailCoordinator(router: router, player: player)
        detail.finishDelegate = self
        addChild(detail)
        detail.start()
        return detail
    }

    /// The players flow is one screen deep: the form or a detail, over the list.
    public func open(_ screen: Screen) throws -> Bool {
        guard childCoordinators.isEmpty else { return false }
        switch screen {
        case .newPlayer:
            startAdd()
            return true
        case .player(let id):
            do {
                try showDetail(id)
                return true
            } catch ClubhouseError.playerNotFound {
                return false
            }
        default:
            return false
        }
    }

    public func content() throws -> ScreenContent {
        switch childCoordinators.last {
        case let detail as PlayerDetailCoordinator: .playerDetail(detail.viewModel)
        case is PlayerAddCoordinator: .playerForm
        default: .playerList(try listViewModel())
        }
    }

    public func coordinatorDidFinish(_ child: any Coordinator) {
        removeChild(child)
        router.pop()
    }

    private func push(_ child: PlayerAddCoordinator) {
        child.finishDelegate = self
        addChild(child)
        child.start()
    }
}
