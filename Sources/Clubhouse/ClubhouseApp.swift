internal import ClubhousePersistence
package import ClubhouseSecurity
import Foundation

/// A Clubhouse app on one database file: who is signed in, where they are, and the one road for
/// every change.
///
/// Open one on a file (``init(at:creating:scene:)``) or in memory (``inMemory(scene:)``), keep it as long as
/// you like, and send it commands: ``perform(_:)`` runs a link plus at most one action through the
/// coordinators in one write transaction and saves where the user landed together with the data
/// change; ``look(_:showing:)`` reads without writing anything. A state that another process (or
/// another `ClubhouseApp` on the same file) changed in between is read again before the next
/// command, so any number of values and processes can share a file. ``changes(every:)`` tells a
/// long-lived client when someone else changed the file.
///
/// Every method is safe to call from any thread; calls on one value take turns.
///
/// Errors: every method that throws throws a ``/ClubhouseDomain/ClubhouseError`` (what was asked cannot be done:
/// not signed in, a record that does not exist, invalid input, a link that does not resolve) or a
/// ``/ClubhouseDomain/StorageError`` (the file: missing, not a Clubhouse database, newer, read-only, busy, damaged,
/// disk full). Either way nothing was written. Both have a `message` for people.
public final class ClubhouseApp: @unchecked Sendable {
    /// This release of the library and the `clubhouse` command (semantic versioning).
    public static let version = "0.10.0"
    /// The schema version this release writes (`PRAGMA user_version` of an up-to-date file).
    public static var schemaVersion: Int { AppDatabase.schemaVersion }

    /// The database file's absolute path (for an app in memory: ":memory:" or the path of the
    /// file that did not exist).
    public let path: String
    /// Whether the app runs on a database in memory: nothing it does outlives it.
    public let isInMemory: Bool
    /// The scene this app shows and moves: its own tab, stacks, modal, drafts, selections and
    /// journal (undo, reopen, history). Who is signed in and the data are the file's, shared by
    /// every scene, so signing in or out in one scene does so in all of them.
    public let scene: SceneName

    // `tree` is not thread-safe; every use of it (and of its database) holds `lock`, and `owner`
    // (guarded by `ownerLock`) is the thread holding it, to refuse a call back from inside a call.
    private let lock = NSLock()
    private let ownerLock = NSLock()
    private var owner: pthread_t?
    let database: AppDatabase
    let tree: AppCoordinator

    /// Opens the database at `location`: the file is checked (a file that is not a Clubhouse
    /// database, or one written by a newer release, is refused and left untouched) and its schema
    /// brought up to date. A missing file is created (0600) when `creating`; otherwise the app
    /// runs on a fresh database in memory, answering as a new file would and leaving nothing
    /// behind (this is how the CLI's read-only commands run). The app shows `scene` (see
    /// ``scene``); any number of apps, in one process or several, may show the same file's scenes.
    public convenience init(at location: Location, creating: Bool = true, scene: SceneName = .main) throws {
        try self.init(at: location, creating: creating, scene: scene, hashingCost: .standard)
    }

    /// `init(at:creating:scene:)` hashing new passwords at `hashingCost` instead of the recommended
    /// cost. For this package's tests only, dozens of which register users: at the recommended
    /// cost a hash takes 128 MiB and, in a debug build, four seconds of CPU. Package access, so the
    /// library's users cannot lower it, and neither can the CLI, which `PublicAPITests` holds to
    /// the public API. A sign-in checks a password at the cost its hash records.
    package convenience init(
        at location: Location, creating: Bool = true, scene: SceneName = .main,
        hashingCost: ScryptPasswordHasher.Cost
    ) throws {
        self.init(
            database: try Self.mapping { try AppDatabase.open(location.resolved, creating: creating) }, scene: scene,
            hashingCost: hashingCost)
    }

    /// Opens the database at `location` only to sign out of it (``signOut()``), also when its
    /// version mark was changed but its tables are exactly this build's schema (the error
    /// `StorageError.versionMarkWrong` with `tables` equal to ``schemaVersion``, which
    /// ``init(at:creating:scene:)`` throws): whatever the marks say, a user can always sign out. The
    /// marks are left as they are.
    public convenience init(signingOutOf location: Location) throws {
        self.init(
            database: try Self.mapping {
                try AppDatabase.open(location.resolved, creating: false, forSigningOut: true)
            })
    }

    /// Opens (creating if needed) the database at a literal file path, showing `scene`.
    public convenience init(path: String, scene: SceneName = .main) throws {
        try self.init(path: path, scene: scene, hashingCost: .standard)
    }

    /// A new, empty app in memory, for trying things out and for tests.
    public static func inMemory(scene: SceneName = .main) throws -> ClubhouseApp {
        try inMemory(scene: scene, hashingCost: .standard)
    }

    /// `init(path:scene:)` hashing new passwords at `hashingCost` (see
    /// `init(at:creating:scene:hashingCost:)`).
    package convenience init(path: String, scene: SceneName = .main, hashingCost: ScryptPasswordHasher.Cost) throws {
        try self.init(at: try Location(path: path), scene: scene, hashingCost: hashingCost)
    }

    /// `inMemory(scene:)` hashing new passwords at `hashingCost` (see
    /// `init(at:creating:scene:hashingCost:)`).
    package static func inMemory(scene: SceneName = .main, hashingCost: ScryptPasswordHasher.Cost) throws
        -> ClubhouseApp
    {
        try ClubhouseApp(database: mapping { try AppDatabase.inMemory() }, scene: scene, hashingCost: hashingCost)
    }

    init(database: AppDatabase, scene: SceneName = .main, hashingCost: ScryptPasswordHasher.Cost = .standard) {
        self.database = database
        self.path = database.path
        self.isInMemory = database.isInMemory
        self.scene = scene
        self.tree = AppCoordinator(store: database, hasher: ScryptPasswordHasher(cost: hashingCost), scene: scene)
    }

    // MARK: The one road

    /// Performs `command` (a link, then at most one action on the screen it lands on) in one
    /// write transaction and saves where the user landed with the data change; when nothing
    /// moved, nothing is written. On failure nothing is written at all.
    ///
    /// Password hashing and checking happen before the write lock is taken, so a sign-in does
    /// not hold up other processes.
    @discardableResult
    public func perform(_ command: Command) throws -> Outcome {
        try locked { try tree.perform(command) }
    }

    /// Where the user is, and what the screen on show holds when `showing`, read in one read
    /// transaction. Only actions that read (`.history`, `.searchBooks`, `.gather(.show)`) are
    /// allowed. Screens a restore would cut are cut in the outcome (with a warning) but nothing
    /// is written: the next ``perform(_:)`` saves the cut state.
    public func look(_ action: Action = .none, showing: Bool = true) throws -> Outcome {
        try locked { try tree.look(action, showing: showing) }
    }

    /// The signed-in user's navigation state, or nil while nobody is signed in.
    public func state() throws -> NavigationState? {
        if case .main(_, let state, _) = try look(showing: false).view { return state }
        return nil
    }

    /// The signed-in user, or nil.
    public func signedInUser() throws -> User? {
        if case .main(let user, _, _) = try look(showing: false).view { return user }
        return nil
    }

    // MARK: Reads that do not move the user

    /// Reads the rows of a `players` screen in one read transaction, as a cursor: a list of a
    /// million players costs memory for one row at a time. Only the signed-in user's list is read
    /// (another's throws). The rows are valid inside `body` only, and `body` must not call this
    /// app (the read is still open): either throws ``/ClubhouseDomain/ClubhouseError/misuse(_:)``.
    /// What the rows held that this version cannot show as stored is their
    /// ``/ClubhouseFeatures/PlayerRows/unshowableValueReport``, to tell of once they are shown.
    public func readPlayers<T>(_ model: PlayerListViewModel, _ body: (PlayerRows) throws -> T) throws -> T {
        try locked { try tree.readPlayers(model, body) }
    }

    /// Page `number` (from 1) of the signed-in user's shelf, most recently updated first.
    public func readBooks(page number: Int, size: Int = Page<Book>.defaultSize) throws -> Page<Book> {
        try locked { try tree.readBooks(page: number, size: size) }
    }

    /// Page `number` (from 1) of the signed-in user's questions, newest first.
    public func readQuestions(page number: Int, size: Int = Page<Question>.defaultSize) throws -> Page<Question> {
        try locked { try tree.readQuestions(page: number, size: size) }
    }

    // MARK: Inside

    /// Runs `work` alone on the tree, with every error as one of the two documented types. A call
    /// back into this app from inside `work` (an import's progress, a `readPlayers` closure) would
    /// wait for itself forever: it is refused instead.
    func locked<T>(_ work: () throws -> T) throws -> T {
        let me = pthread_self()
        if ownerLock.withLock({ owner.map { pthread_equal($0, me) != 0 } ?? false }) {
            throw ClubhouseError.misuse(
                "a ClubhouseApp was called from inside one of its own calls (a progress or readPlayers closure); call it once that call has returned"
            )
        }
        lock.lock()
        ownerLock.withLock { owner = me }
        defer {
            ownerLock.withLock { owner = nil }
            lock.unlock()
        }
        return try Self.mapping(work)
    }

    static func mapping<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as ClubhouseError {
            throw error
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError.other(String(describing: error))
        }
    }
}
