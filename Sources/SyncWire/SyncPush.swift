import Foundation

/// `POST /v1/sync/push`: a page of a device's outbox, oldest first.
public struct SyncPushRequest: Codable, Sendable, Equatable {
    public var device: UUID
    /// At most `SyncLimits.changesPerPush`.
    public var changes: [SyncChange]

    public init(device: UUID, changes: [SyncChange]) {
        self.device = device
        self.changes = changes
    }

    private enum CodingKeys: String, CodingKey { case device, changes }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeWire(device, forKey: .device)
        try container.encode(changes, forKey: .changes)
    }
}

/// The answer to a push: one result per change, in the order sent.
public struct SyncPushResponse: Codable, Sendable, Equatable {
    public var results: [SyncResult]
    /// The server's clock when it answered, Unix ms.
    public var serverTime: Int64

    public init(results: [SyncResult], serverTime: Int64) {
        self.results = results
        self.serverTime = serverTime
    }
}

/// What became of one pushed change. A refused change is not in the log.
public struct SyncResult: Codable, Sendable, Equatable, Hashable {
    public enum Status: String, Codable, Sendable, Equatable, Hashable {
        case applied, refused
    }

    /// The change's id.
    public var id: UUID
    public var status: Status
    /// Why it was refused; nil when applied.
    public var code: SyncRefusal?
    /// For people: what was refused and why (an `invalid` one names the field).
    public var message: String?

    public init(id: UUID, status: Status, code: SyncRefusal? = nil, message: String? = nil) {
        self.id = id
        self.status = status
        self.code = code
        self.message = message
    }

    public static func applied(_ id: UUID) -> SyncResult { SyncResult(id: id, status: .applied) }

    public static func refused(_ id: UUID, _ code: SyncRefusal, _ message: String) -> SyncResult {
        SyncResult(id: id, status: .refused, code: code, message: message)
    }

    private enum CodingKeys: String, CodingKey { case id, status, code, message }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeWire(id, forKey: .id)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(code, forKey: .code)
        try container.encodeIfPresent(message, forKey: .message)
    }
}

/// Why the server refused a change. A string on the wire (the standard library codes a
/// `RawRepresentable` as its raw value), so a code added later still decodes.
public struct SyncRefusal: RawRepresentable, Codable, Sendable, Equatable, Hashable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// An edit of a record deleted on another device: delete wins.
    public static let deleted = SyncRefusal(rawValue: "deleted")
    /// A gather created while another is in progress: the later start loses.
    public static let gatherInProgress = SyncRefusal(rawValue: "gather_in_progress")
    /// A put without the create's fields for a key never seen, a delete of a key never seen, or
    /// a change to a record whose create was refused.
    public static let unknown = SyncRefusal(rawValue: "unknown")
    /// Fails the Domain's rules (or the wire's types); the message names the field.
    public static let invalid = SyncRefusal(rawValue: "invalid")
    /// A REST write of a value another record holds (a shirt number another player wears); the
    /// message names who holds it. A push keeps its other fields instead (`SyncNoticeCode.valueTaken`).
    public static let taken = SyncRefusal(rawValue: "taken")

    public var description: String { rawValue }
}
