import ClubhouseDomain
import ClubhouseNavigation

/// The signed-out flow: the `login` screen, with `login/register` pushed over it while registering.
/// Finishes once a user has signed in.
package final class LoginCoordinator: Coordinator, CoordinatorFinishDelegate {
    package var childCoordinators: [any Coordinator] = []
    package weak var finishDelegate: (any CoordinatorFinishDelegate)?

    package let router = StackRouter(root: .login)
    package private(set) var signedInUser: User?

    init() {}

    package func start() {}

    /// Signs in with credentials verified before the transaction (`AppCoordinator.checkCredentials`).
    package func signIn(_ credentials: Credentials, _ useCases: UseCases) throws -> User {
        let user = try useCases.signIn(credentials)
        signedInUser = user
        finish()
        return user
    }

    /// Signs in the account a registration just created (its password was hashed moments ago,
    /// in this command).
    package func signInRegistered(_ user: User, _ useCases: UseCases) throws -> User {
        let user = try useCases.signIn.registered(user)
        signedInUser = user
        finish()
        return user
    }

    /// Opens the register screen (once); submitting it returns here, to `login`.
    package func showRegister() -> RegisterCoordinator {
        if let open = childCoordinators.last as? RegisterCoordinator { return open }
        let register = RegisterCoordinator(router: router)
        register.finishDelegate = self
        addChild(register)
        register.start()
        return register
    }

    package func coordinatorDidFinish(_ child: any Coordinator) {
        removeChild(child)
        router.pop()
    }
}
