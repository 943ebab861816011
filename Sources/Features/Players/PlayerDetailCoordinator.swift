import Domain
import Navigation

/// The `players/<id>` screen. Leads to the edit form of each field; deleting the player closes it.
public final class PlayerDetailCoordinator: FlowCoordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?
    public let router: any Router
    public var depth = 0
    /// As loaded when the screen opened or was last checked; read again for every view.
    public private(set) var player: Player

    public var screen: Screen { .player(player.id) }

    init(router: any Router, player: Player) {
        self.router = router
        self.player = player
    }

    public func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        switch screen {
        case .editPlayer(player.id, let field):
            return .open(PlayerEditCoordinator(router: router, player: player, field: field))
        default:
            return .refused("\(screen.path) does not open from \(self.screen.path)")
        }
    }

    /// Deletes the player and pops back to the list, which reads its players afresh.
    public func delete(_ useCases: UseCases) throws -> Player {
        try useCases.deletePlayer(player.id, owner: player.ownerID)
        finish()
        return player
    }

    public func invalidReason(_ useCases: UseCases) throws -> String? {
        try useCases.refresh(&player)
    }

    public func content(_ useCases: UseCases) throws -> ScreenContent {
        if let reason = try invalidReason(useCases) { throw ClubhouseError.notOnScreen(reason) }
        return .playerDetail(PlayerDetailViewModel(player: player))
    }
}
