import ClubhouseDomain
import ClubhouseNavigation

/// The `login/register` screen: creates an account, then finishes so the user is back at `login`.
package final class RegisterCoordinator: Coordinator {
    package var childCoordinators: [any Coordinator] = []
    package weak var finishDelegate: (any CoordinatorFinishDelegate)?

    private let router: any Router

    init(router: any Router) {
        self.router = router
    }

    package func start() {
        router.push(.register)
    }

    /// Creates the account from a registration hashed before the transaction.
    package func submit(_ registration: Registration, _ useCases: UseCases) throws -> User {
        let user = try useCases.registerUser(registration)
        finish()
        return user
    }
}
