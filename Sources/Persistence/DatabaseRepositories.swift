import Domain
import GRDB

/// The repositories, bound to the connection of one transaction. Only valid inside the
/// `AppDatabase.write` or `read` call that created them.
public struct DatabaseRepositories {
    public let users: UserStore
    public let sessions: SessionStore
    public let players: PlayerStore
    public let navigation: NavigationStore

    init(db: Database) {
        users = UserStore(db: db)
        sessions = SessionStore(db: db)
        players = PlayerStore(db: db)
        navigation = NavigationStore(db: db)
    }
}
