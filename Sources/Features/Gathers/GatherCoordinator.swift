import ClubhouseDomain
import ClubhouseNavigation

package protocol GatherCoordinatorDelegate: AnyObject {
    /// The gather ended or was cancelled: its screen is done.
    func gatherDidEnd(_ coordinator: GatherCoordinator)
}

/// The `gathers/<id>` screen of a gather in progress, over `players/confirm` (the app's Gather
/// screen): the teams, the score and the countdown. Scoring and the timer change it in place;
/// ending or cancelling it tells the delegate, which closes the flow.
package final class GatherCoordinator: FlowCoordinator {
    package var links: FlowLinks
    package weak var delegate: (any GatherCoordinatorDelegate)?
    /// As last read; read again before every action and view.
    package private(set) var gather: Gather

    package var screen: Screen { .gather(gather.id) }

    init(router: any Router, gather: Gather) {
        links = FlowLinks(router: router)
        self.gather = gather
    }

    package func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        .refused("\(screen.path) does not open from \(self.screen.path)")
    }

    package func invalidReason(_ useCases: UseCases) throws -> String? {
        if let reason = try useCases.refresh(&gather) { return reason }
        return gather.isInProgress ? nil : "gather \(gather.id) has ended"
    }

    package func content(_ useCases: UseCases) throws -> ScreenContent {
        if let reason = try invalidReason(useCases) { throw ClubhouseError.notOnScreen(reason) }
        return .gather(GatherViewModel(gather, now: useCases.clock.now()))
    }

    package func play(_ change: PlayGather.Change, _ useCases: UseCases) throws -> Gather {
        gather = try useCases.playGather(change, gather.id, owner: gather.ownerID)
        return gather
    }

    /// Ends the gather (kept in history with its winner) and closes the flow.
    package func end(_ useCases: UseCases) throws -> Gather {
        let ended = try useCases.endGather(gather.id, owner: gather.ownerID)
        close()
        return ended
    }

    /// Discards the gather (not kept in history) and closes the flow.
    package func cancel(_ useCases: UseCases) throws -> Gather {
        try useCases.deleteGather(gather.id, owner: gather.ownerID, inProgress: true)
        close()
        return gather
    }

    private func close() {
        if let delegate { delegate.gatherDidEnd(self) } else { finish() }
    }
}
