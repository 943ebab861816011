import Domain
import Features
import Persistence
import Security

/// Runs "commands" the way the CLI does: each restores a fresh coordinator tree from the database
/// inside one write transaction, acts, and commits the navigation state.
struct AppHarness {
    let database: AppDatabase
    static let password = "s3cret-pass"

    init() throws {
        database = try AppDatabase.inMemory()
    }

    @discardableResult
    func command<T>(_ action: (AppCoordinator) throws -> T) throws -> T {
        try database.write { repositories in
            let app = AppCoordinator(useCases: useCases(repositories))
            try app.start()
            let result = try action(app)
            try app.commit()
            return result
        }
    }

    /// Restores the tree without acting or saving, as `clubhouse nav` does.
    func look<T>(_ action: (AppCoordinator) throws -> T) throws -> T {
        try database.read { repositories in
            let app = AppCoordinator(useCases: useCases(repositories))
            try app.start()
            return try action(app)
        }
    }

    func useCases(_ repositories: DatabaseRepositories) -> UseCases {
        UseCases(
            users: repositories.users, sessions: repositories.sessions, players: repositories.players,
            navigation: repositories.navigation, hasher: ScryptPasswordHasher(cost: .testing))
    }

    @discardableResult
    func registerAndSignIn(_ username: String) throws -> User {
        try command { app in
            _ = try app.requireLogin().showRegister().submit(username: username, password: Self.password)
        }
        return try command { app in try app.requireLogin().signIn(username: username, password: Self.password) }
    }

    func signOut() throws {
        try command { app in try app.requireMain().signOut() }
    }

    func addPlayer(_ name: String) throws -> Player {
        try command { app in try app.requireMain().showPlayers().startAdd().submit(PlayerDraft(name: name)) }
    }

    func snapshot() throws -> NavigationSnapshot? {
        try look { $0.main?.snapshot }
    }

    func stored(for user: User) throws -> StoredNavigation {
        try database.read { try $0.navigation.load(for: user.id) }
    }
}
