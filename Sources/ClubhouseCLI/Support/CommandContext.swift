import Domain
import Features
import Foundation
import Persistence
import Security

/// The composition root of one command: opens the database, restores the coordinator tree inside
/// one transaction, lets the command act on it, and saves the navigation state with the data.
enum CommandContext {
    /// For commands that change something: all in one IMMEDIATE transaction.
    static func write<T>(_ options: GlobalOptions, _ action: (AppCoordinator) throws -> T) throws -> T {
        try open(options).write { repositories in
            let app = try restore(repositories)
            let result = try action(app)
            try app.commit()
            return result
        }
    }

    /// For commands that only look: a read transaction, nothing saved.
    static func read<T>(_ options: GlobalOptions, _ action: (AppCoordinator) throws -> T) throws -> T {
        try open(options).read { repositories in try action(try restore(repositories)) }
    }

    private static func open(_ options: GlobalOptions) throws -> AppDatabase {
        let path = try DatabaseLocation.resolve(
            explicit: options.database, environment: ProcessInfo.processInfo.environment)
        return try AppDatabase.open(path: path)
    }

    private static func restore(_ repositories: DatabaseRepositories) throws -> AppCoordinator {
        let useCases = UseCases(
            users: repositories.users, sessions: repositories.sessions, players: repositories.players,
            navigation: repositories.navigation, hasher: ScryptPasswordHasher())
        let app = AppCoordinator(useCases: useCases)
        try app.start()
        for warning in app.warnings { Output.warn(warning) }
        return app
    }
}
