import Domain
import Navigation

/// The signed-out flow: the `login` screen, with `login/register` pushed over it while registering.
/// Finishes once a user has signed in.
public final class LoginCoordinator: Coordinator, CoordinatorFinishDelegate {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?

    public let router = StackRouter(root: .login)
    public private(set) var signedInUser: User?

    init() {}

    public func start() {}

    /// Signs in with credentials verified before the transaction (`AppCoordinator.checkCredentials`).
    public func signIn(_ credentials: Credentials, _ useCases: UseCases) throws -> User {
        let user = try useCases.signIn(credentials)
        signedInUser = user
        finish()
        return user
    }

    /// Opens the register screen (once); submitting it returns here, to `login`.
    public func showRegister() -> RegisterCoordinator {
        if let open = childCoordinators.last as? RegisterCoordinator { return open }
        let register = RegisterCoordinator(router: router)
        register.finishDelegate = self
        addChild(register)
        register.start()
        return register
    }

    public func coordinatorDidFinish(_ child: any Coordinator) {
        removeChild(child)
        router.pop()
    }
}
