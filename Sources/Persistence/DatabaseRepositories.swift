import Domain
import GRDB

/// The repositories, bound to the connection of one transaction. Only valid inside the
/// `AppDatabase.write` or `read` call that created them.
public struct DatabaseRepositories: Repositories {
    let db: Database

    init(db: Database) {
        self.db = db
    }

    public var users: any UserRepository { UserStore(db: db) }
    public var sessions: any SessionRepository { SessionStore(db: db) }
    public var players: any PlayerRepository { PlayerStore(db: db) }
    public var navigation: any NavigationRepository { NavigationStore(db: db) }
    public var journal: any JournalRepository { JournalStore(db: db) }
    public var pendingLinks: any PendingLinkRepository { PendingLinkStore(db: db) }
    public var gathers: any GatherRepository { GatherStore(db: db) }
    public var books: any BookRepository { BookStore(db: db) }
    public var questions: any QuestionRepository { QuestionStore(db: db) }
}
