import ClubhouseDomain
import ClubhouseNavigation

/// An ended gather in the profile tab's history (`profile > gathers > gathers/<id>`): its date,
/// teams, score, winner and time played. Deleting it removes it from history and pops back.
package final class GatherResultCoordinator: FlowCoordinator {
    package var childCoordinators: [any Coordinator] = []
    package weak var finishDelegate: (any CoordinatorFinishDelegate)?
    package let router: any Router
    package var depth = 0
    package private(set) var gather: Gather

    package var screen: Screen { .gather(gather.id) }

    init(router: any Router, gather: Gather) {
        self.router = router
        self.gather = gather
    }

    package func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        .refused("\(screen.path) does not open from \(self.screen.path)")
    }

    package func invalidReason(_ useCases: UseCases) throws -> String? {
        try useCases.refresh(&gather)
    }

    package func content(_ useCases: UseCases) throws -> ScreenContent {
        if let reason = try invalidReason(useCases) { throw ClubhouseError.notOnScreen(reason) }
        return .gather(GatherViewModel(gather, now: useCases.clock.now()))
    }

    package func delete(_ useCases: UseCases) throws -> Gather {
        try useCases.deleteGather(gather.id, owner: gather.ownerID, inProgress: false)
        finish()
        return gather
    }
}
