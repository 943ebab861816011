import Domain
import Navigation

/// The `players/new` form. Saving finishes the flow, which pops it off the players tab.
public final class PlayerAddCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?

    private let router: any Router
    private let owner: User.ID
    private let addPlayer: AddPlayer

    init(router: any Router, owner: User.ID, addPlayer: AddPlayer) {
        self.router = router
        self.owner = owner
        self.addPlayer = addPlayer
    }

    public func start() {
        router.push(.newPlayer)
    }

    /// Saves the draft; on a validation error the form stays open and the error is thrown.
    public func submit(_ draft: PlayerDraft) throws -> Player {
        let player = try addPlayer(draft, owner: owner)
        finish()
        return player
    }
}
