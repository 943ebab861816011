import Domain
import Navigation

/// The `login/register` screen: creates an account, then finishes so the user is back at `login`.
public final class RegisterCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?

    private let router: any Router
    private let registerUser: RegisterUser

    init(router: any Router, registerUser: RegisterUser) {
        self.router = router
        self.registerUser = registerUser
    }

    public func start() {
        router.push(.register)
    }

    public func submit(username: String, password: String) throws -> User {
        let user = try registerUser(username: username, password: password)
        finish()
        return user
    }
}
