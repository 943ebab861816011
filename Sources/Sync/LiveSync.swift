import Clubhouse
internal import ClubhouseSyncWire
import Foundation
import Synchronization

/// Live sync for an app that stays open: each change committed to the file (by this process or
/// any other) is pushed within about ``pushDelay`` plus the observation's 50 ms, coalesced (a burst
/// of commits is one push); the server's change stream says when the account's log moved, and a
/// pull follows. Where the user is goes to the server once it has stopped moving for two seconds
/// (a form typed into is not a request a key). It is ``ClubhouseApp/sync()``'s own code run more often, on a connection of its own
/// to the file: a pulled page reaches every screen through the same change observation as another
/// process's commit, and the outbox stays the only record of what to send.
///
/// Offline, changes queue as they always do; the stream is opened again with growing, jittered
/// pauses, and the first event after it opens sets off the pull that catches up. A revoked or
/// expired token stops everything until `remote set` signs in again (then it resumes by itself).
/// A remote set anew, unset, or another user signing in is followed within half a second.
public final class LiveSync: Sendable {
    /// The database file.
    public let path: String
    /// How long a local commit waits for others to join its push.
    public let pushDelay: Duration

    public init(path: String, pushDelay: Duration = .milliseconds(100)) {
        self.path = path
        self.pushDelay = pushDelay
    }

    /// What live sync tells its app.
    public enum Event: Sendable, Equatable {
        /// Where it stands now (sent when that changes).
        case status(LiveStatus)
        /// A sync that did something: sent, received or refused changes, or has notices to tell.
        case synced(SyncReport)
    }

    /// Runs until the task running it is cancelled. Throws when the file cannot be opened or
    /// can no longer be read; server trouble never ends it (it is reported and retried). While
    /// nobody is signed in, or whoever is has no remote, it says ``LiveStatus/notSyncing`` and
    /// starts once one with a remote is (signed in in the app, or `remote set` meanwhile).
    public func run(_ handle: @escaping @Sendable (Event) -> Void) async throws {
        let app = try ClubhouseApp(at: try ClubhouseApp.Location(path: path), creating: false)
        let engine = LiveEngine(app: app, pushDelay: pushDelay, handle: handle)
        try await engine.run()
    }
}
