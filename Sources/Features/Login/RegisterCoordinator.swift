import Domain
import Navigation

/// The `login/register` screen: creates an account, then finishes so the user is back at `login`.
public final class RegisterCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?

    private let router: any Router

    init(router: any Router) {
        self.router = router
    }

    public func start() {
        router.push(.register)
    }

    /// Creates the account from a registration hashed before the transaction.
    public func submit(_ registration: Registration, _ useCases: UseCases) throws -> User {
        let user = try useCases.registerUser(registration)
        finish()
        return user
    }
}
