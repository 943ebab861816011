/// Every repository, bound to one transaction.
package protocol Repositories {
    var users: any UserRepository { get }
    var sessions: any SessionRepository { get }
    var players: any PlayerRepository { get }
    var navigation: any NavigationRepository { get }
    var journal: any JournalRepository { get }
    var pendingLinks: any PendingLinkRepository { get }
    var gathers: any GatherRepository { get }
    var books: any BookRepository { get }
    var questions: any QuestionRepository { get }
    var settings: any SettingsRepository { get }
}

/// Runs one action's work in one transaction, so that a long-lived coordinator tree is never
/// bound to a transaction: each action gets repositories that are valid only while it runs.
package protocol UnitOfWork: AnyObject, Sendable {
    /// Everything `work` writes commits together, or nothing does when it throws.
    func write<T>(_ work: (any Repositories) throws -> T) throws -> T
    func read<T>(_ work: (any Repositories) throws -> T) throws -> T
}
