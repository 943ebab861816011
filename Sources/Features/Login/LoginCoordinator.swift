import Domain
import Navigation

/// The signed-out flow: the `login` screen, with `login/register` pushed over it while registering.
/// Finishes once a user has signed in.
public final class LoginCoordinator: Coordinator, CoordinatorFinishDelegate {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?

    public let router = StackRouter(root: .login)
    private let useCases: UseCases
    public private(set) var signedInUser: User?

    init(useCases: UseCases) {
        self.useCases = useCases
    }

    public func start() {}

    public func signIn(username: String, password: String) throws -> User {
        let user = try useCases.signIn(username: username, password: password)
        signedInUser = user
        finish()
        return user
    }

    /// Opens the register screen; submitting it returns here, to `login`.
    public func showRegister() -> RegisterCoordinator {
        let register = RegisterCoordinator(router: router, registerUser: useCases.registerUser)
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
