import ClubhouseDomain
import ClubhouseNavigation

/// The `gathers` screen of the profile tab: ended gathers, newest first. Leads to each one.
package final class GatherListCoordinator: ListCoordinator {
    package var links: FlowLinks
    package let screen = Screen.gathers
    private let owner: User.ID
    package var selected: String?

    init(router: any Router, owner: User.ID) {
        links = FlowLinks(router: router)
        self.owner = owner
    }

    package func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        guard case .gather(let id) = screen else {
            return .refused("\(screen.path) does not open from \(self.screen.path)")
        }
        return try GatherResultCoordinator.opening(id, owner: owner, router: router, useCases, notIn: "in history")
    }

    package func content(_ useCases: UseCases) throws -> ScreenContent {
        let now = useCases.clock.now()
        return .gatherList(try useCases.findGather.history(owner: owner).map { GatherViewModel($0, now: now) })
    }

    package func rows(_ useCases: UseCases) throws -> ListRows {
        .gathers(useCases.findGather.historyList(owner: owner))
    }
}
