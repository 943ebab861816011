import ClubhouseDomain
import ClubhouseNavigation

/// The profile tab's root: who is signed in, and the way to the gather history.
package final class ProfileCoordinator: ShortListCoordinator {
    package var links: FlowLinks
    package let screen = Screen.profile
    private let user: User
    package var selected: String?

    init(user: User) {
        self.user = user
        links = FlowLinks(router: StackRouter(root: .profile))
    }

    package func start() {}

    package func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        screen == .gathers
            ? .open(GatherListCoordinator(router: router, owner: user.id))
            : .refused("\(screen.path) does not open from \(self.screen.path)")
    }

    package func rowKeys(_ useCases: UseCases) throws -> [String] { ProfileViewModel.rowKeys }

    package func isRowKey(_ key: String) -> Bool { ProfileViewModel.rowKeys.contains(key) }

    package func content(_ useCases: UseCases) throws -> ScreenContent {
        .profile(
            ProfileViewModel(
                user: user, playerCount: try useCases.homeSummary.squad(owner: user.id).count,
                gathersPlayed: try useCases.findGather.historyCount(owner: user.id),
                settings: try useCases.settings.read(for: user.id).0))
    }
}
