import Clubhouse
import Foundation

/// What ``/Clubhouse/ClubhouseApp/sync()`` did.
public struct SyncReport: Sendable, Equatable, Codable {
    /// Local changes the server took.
    public var pushed: Int
    /// Local changes the server refused (each is also a notice).
    public var refused: Int
    /// Changes from other devices (and the server's API) applied here.
    public var pulled: Int
    /// What the user must be told, each once: a lost edit, a refused change, a discarded gather.
    public var notices: [SyncNotice]
    /// The server's clock minus this device's, in milliseconds (what gather times are corrected by).
    public var clockOffsetMs: Int64
    /// Changes still waiting to be sent (made while the sync ran).
    public var waiting: Int

    public init(pushed: Int, refused: Int, pulled: Int, notices: [SyncNotice], clockOffsetMs: Int64, waiting: Int) {
        self.pushed = pushed
        self.refused = refused
        self.pulled = pulled
        self.notices = notices
        self.clockOffsetMs = clockOffsetMs
        self.waiting = waiting
    }
}

/// Something a sync must tell the user once.
public struct SyncNotice: Sendable, Equatable, Codable {
    /// Stable: `edit_lost`, `field_replaced`, `deleted`, `gather_in_progress`, `unknown`, `invalid`,
    /// `not_applied`.
    public var code: String
    /// A sentence for people.
    public var message: String
    /// `player`, `book`, `question` or `gather`, when the notice is about one record.
    public var entity: String?
    /// That record's key (a UUID, or a book's ISBN-13).
    public var key: String?

    public init(code: String, message: String, entity: String? = nil, key: String? = nil) {
        self.code = code
        self.message = message
        self.entity = entity
        self.key = key
    }
}

/// The signed-in user's server, as ``/Clubhouse/ClubhouseApp/remote()`` shows it. The token is
/// not part of it.
public struct RemoteSettings: Sendable, Equatable, Codable {
    public var url: String
    /// The account on the server.
    public var username: String
    /// This device's id on the server (a UUID made by `remote set`).
    public var device: String
    /// The name other devices see in a handoff.
    public var deviceName: String
    /// When the last sync ended (ISO-8601), nil before the first.
    public var lastSyncAt: String?
    /// The server's clock minus this device's, in milliseconds, as last measured.
    public var clockOffsetMs: Int64
    /// Local changes waiting to be sent.
    public var waiting: Int
}

/// Where ``/Clubhouse/ClubhouseApp/continueFromOtherDevice(scene:)`` took the user.
public struct HandoffReport: Sendable, Equatable {
    /// The device whose navigation state was taken.
    public var deviceName: String
    /// When that device saved it (this device's clock).
    public var madeAt: Date
    /// One line for each screen cut because this device lacks its record.
    public var warnings: [String]
    /// Where the user now is.
    public var outcome: Outcome
}
