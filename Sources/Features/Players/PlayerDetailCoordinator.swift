import Domain
import Navigation

/// The `players/<id>` screen, for a player already loaded (and so known to exist and be the user's).
public final class PlayerDetailCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?

    private let router: any Router
    public let viewModel: PlayerDetailViewModel

    init(router: any Router, player: Player) {
        self.router = router
        viewModel = PlayerDetailViewModel(player: player)
    }

    public func start() {
        router.push(.player(viewModel.player.id))
    }
}
