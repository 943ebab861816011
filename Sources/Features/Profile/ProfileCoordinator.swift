import Domain
import Navigation

/// The profile tab's root: who is signed in, and the way to the gather history.
public final class ProfileCoordinator: FlowCoordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?
    public let screen = Screen.profile
    public let router: any Router
    public var depth = 0
    private let user: User

    init(user: User) {
        self.user = user
        router = StackRouter(root: .profile)
    }

    public func start() {}

    public func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        screen == .gathers
            ? .open(GatherListCoordinator(router: router, owner: user.id))
            : .refused("\(screen.path) does not open from \(self.screen.path)")
    }

    public func content(_ useCases: UseCases) throws -> ScreenContent {
        .profile(
            ProfileViewModel(
                user: user, playerCount: try useCases.homeSummary.squad(owner: user.id).count,
                gathersPlayed: try useCases.findGather.historyCount(owner: user.id)))
    }
}

public struct ProfileViewModel: Equatable {
    public let user: User
    public let playerCount: Int
    public let gathersPlayed: Int
}
