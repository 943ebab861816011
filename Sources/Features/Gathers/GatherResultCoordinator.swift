import ClubhouseDomain
import ClubhouseNavigation

/// An ended gather in the profile tab's history (`profile > gathers > gathers/<id>`): its date,
/// teams, score, winner and time played. Deleting it removes it from history and pops back.
package final class GatherResultCoordinator: FlowCoordinator {
    package var links: FlowLinks
    package private(set) var gather: Gather

    package var screen: Screen { .gather(gather.id) }

    init(router: any Router, gather: Gather) {
        links = FlowLinks(router: router)
        self.gather = gather
    }

    /// The screen of ended gather `id` over `router`, or why it cannot open; one in progress
    /// lives on the players tab, not `notIn` (in history, among the results).
    static func opening(
        _ id: Gather.ID, owner: User.ID, router: any Router, _ useCases: UseCases, notIn: String
    ) throws -> Opening {
        switch try useCases.lookUpGather(id, owner: owner) {
        case .success(let gather) where gather.isInProgress:
            return .refused("gather \(id) is in progress; it is on the players tab, not \(notIn)")
        case .success(let gather): return .open(GatherResultCoordinator(router: router, gather: gather))
        case .failure(let error): return .refused(error.message)
        }
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
