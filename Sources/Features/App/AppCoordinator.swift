import Domain
import Navigation

/// The root of the tree: shows the login flow when nobody is signed in and the tab bar otherwise,
/// switching between them when either finishes (sign-in, sign-out).
public final class AppCoordinator: Coordinator, CoordinatorFinishDelegate {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?

    private let useCases: UseCases
    /// Problems met while restoring (an unreadable stored state), for the user to be told about.
    public private(set) var warnings: [String] = []

    public init(useCases: UseCases) {
        self.useCases = useCases
    }

    /// Restores the stored login state and, for a signed-in user, their navigation.
    public func start() throws {
        if let user = try useCases.currentSession() {
            let tabs = showMain(for: user)
            warnings += try tabs.restore(try useCases.loadNavigation(for: user.id))
        } else {
            showLogin()
        }
    }

    public var login: LoginCoordinator? { childCoordinators.first as? LoginCoordinator }
    public var main: TabCoordinator? { childCoordinators.first as? TabCoordinator }

    /// The main flow, or `notSignedIn` for commands that need a user.
    public func requireMain() throws -> TabCoordinator {
        guard let main else { throw ClubhouseError.notSignedIn }
        return main
    }

    /// The login flow, or `alreadySignedIn` while someone is.
    public func requireLogin() throws -> LoginCoordinator {
        if let main { throw ClubhouseError.alreadySignedIn(username: main.user.username) }
        guard let login else { throw ClubhouseError.notSignedIn }
        return login
    }

    /// Saves the navigation state if this command changed it (a signed-out app stores none).
    public func commit() throws {
        try main?.saveIfChanged()
    }

    public func coordinatorDidFinish(_ child: any Coordinator) {
        removeChild(child)
        if let login = child as? LoginCoordinator, let user = login.signedInUser {
            showMain(for: user)
        } else if child is TabCoordinator {
            showLogin()
        }
    }

    private func showLogin() {
        let login = LoginCoordinator(useCases: useCases)
        login.finishDelegate = self
        addChild(login)
    }

    @discardableResult
    private func showMain(for user: User) -> TabCoordinator {
        let tabs = TabCoordinator(user: user, useCases: useCases)
        tabs.finishDelegate = self
        addChild(tabs)
        return tabs
    }
}
