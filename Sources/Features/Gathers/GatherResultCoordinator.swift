import Domain
import Navigation

/// An ended gather in the profile tab's history (`profile > gathers > gathers/<id>`): its date,
/// teams, score, winner and time played. Deleting it removes it from history and pops back.
public final class GatherResultCoordinator: FlowCoordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?
    public let router: any Router
    public var depth = 0
    public private(set) var gather: Gather

    public var screen: Screen { .gather(gather.id) }

    init(router: any Router, gather: Gather) {
        self.router = router
        self.gather = gather
    }

    public func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        .refused("\(screen.path) does not open from \(self.screen.path)")
    }

    public func invalidReason(_ useCases: UseCases) throws -> String? {
        try useCases.refresh(&gather)
    }

    public func content(_ useCases: UseCases) throws -> ScreenContent {
        if let reason = try invalidReason(useCases) { throw ClubhouseError.notOnScreen(reason) }
        return .gather(GatherViewModel(gather, now: useCases.clock.now()))
    }

    public func delete(_ useCases: UseCases) throws -> Gather {
        try useCases.deleteGather(gather.id, owner: gather.ownerID, inProgress: false)
        finish()
        return gather
    }
}
