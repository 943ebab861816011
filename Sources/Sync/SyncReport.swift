import Clubhouse
internal import ClubhouseSyncWire
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
    /// The changes from elsewhere that ``pulled`` counts, in the order they were applied.
    public var received: [SyncReceived]

    public init(
        pushed: Int, refused: Int, pulled: Int, notices: [SyncNotice], clockOffsetMs: Int64, waiting: Int,
        received: [SyncReceived] = []
    ) {
        self.pushed = pushed
        self.refused = refused
        self.pulled = pulled
        self.notices = notices
        self.clockOffsetMs = clockOffsetMs
        self.waiting = waiting
        self.received = received
    }
}

/// A change from another device (or the server's API) that a sync applied here, as
/// `clubhouse sync --watch` tells it.
public struct SyncReceived: Sendable, Equatable, Codable {
    /// `player`, `book`, `question` or `gather`.
    public var entity: String
    /// The record's key (a UUID, or a book's ISBN-13).
    public var key: String
    /// `create`, `update` or `delete`.
    public var kind: String
    /// The fields it set, by their wire names, sorted (empty for a delete).
    public var fields: [String]
    /// The record's name, title or text when the change carries it.
    public var label: String?

    public init(entity: String, key: String, kind: String, fields: [String], label: String? = nil) {
        self.entity = entity
        self.key = key
        self.kind = kind
        self.fields = fields
        self.label = label
    }

    private enum CodingKeys: String, CodingKey { case entity, key, kind, fields, label }

    /// Every key always there (a label as null), as the CLI's other JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entity, forKey: .entity)
        try container.encode(key, forKey: .key)
        try container.encode(kind, forKey: .kind)
        try container.encode(fields, forKey: .fields)
        try container.encode(label, forKey: .label)
    }

    init(_ change: SyncLoggedChange) {
        var label: String?
        for name in ["name", "title", "text"] {
            if case .string(let value) = change.fields[name] {
                label = value
                break
            }
        }
        self.init(
            entity: change.entity.rawValue, key: change.key, kind: change.kind.rawValue,
            fields: change.fields.keys.sorted(), label: label)
    }
}

/// Something a sync must tell the user once.
public struct SyncNotice: Sendable, Equatable, Codable {
    /// Stable: `edit_lost`, `field_replaced`, `deleted`, `gather_in_progress`, `unknown`, `invalid`,
    /// `not_applied`; and this device's own `handoff_cut`, `handoff_left_out` (where the user is
    /// was shared without its forms' text, or not at all: it was over the server's limit).
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
