import ClubhouseDomain
import GRDB

/// The repositories, bound to the connection of one transaction. Only valid inside the
/// `AppDatabase.write` or `read` call that created them.
package struct DatabaseRepositories: Repositories {
    let db: Database
    let navigationCache: NavigationCodingCache?

    init(db: Database, navigationCache: NavigationCodingCache? = nil) {
        self.db = db
        self.navigationCache = navigationCache
    }

    package var users: any UserRepository { UserStore(db: db) }
    package var sessions: any SessionRepository { SessionStore(db: db) }
    package var players: any PlayerRepository { PlayerStore(db: db) }
    package var navigation: any NavigationRepository { NavigationStore(db: db, cache: navigationCache) }
    package var journal: any JournalRepository { JournalStore(db: db, cache: navigationCache) }
    package var pendingLinks: any PendingLinkRepository { PendingLinkStore(db: db) }
    package var gathers: any GatherRepository { GatherStore(db: db) }
    package var books: any BookRepository { BookStore(db: db) }
    package var questions: any QuestionRepository { QuestionStore(db: db) }
    package var settings: any SettingsRepository { SettingsStore(db: db) }
}
