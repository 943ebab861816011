/// Where live sync stands (``LiveSync``), as an app shows it: its ``label`` fits a title bar,
/// its ``description`` is a line for people.
public enum LiveStatus: Sendable, Equatable, CustomStringConvertible {
    /// Opening the change stream (at start, and again after it was lost).
    case connecting
    /// In step: the stream is open and nothing waits to be sent.
    case synced
    /// Changes made here are on their way.
    case sending(waiting: Int)
    /// The server cannot be reached: `waiting` changes queue here, and it is tried again with
    /// growing pauses.
    case offline(reason: String, waiting: Int)
    /// The server no longer accepts this device's sign-in (revoked or expired). Nothing is tried
    /// until `clubhouse remote set` signs in again; changes keep queueing.
    case signedOut(String)
    /// The server refused a sync for another reason (the message says which); tried again later.
    case failed(String, waiting: Int)
    /// Nobody is signed in here, or whoever is has no remote: resumes when one with a remote is.
    case notSyncing

    /// A few words for a title bar: "synced", "3 waiting", "offline, 3 waiting", "sync signed out".
    public var label: String {
        switch self {
        case .connecting: "connecting"
        case .synced: "synced"
        case .sending(let waiting): "\(waiting) waiting"
        case .offline(_, let waiting): waiting == 0 ? "offline" : "offline, \(waiting) waiting"
        case .signedOut: "sync signed out"
        case .failed(_, let waiting): waiting == 0 ? "sync failed" : "sync failed, \(waiting) waiting"
        case .notSyncing: "not syncing"
        }
    }

    /// Whether the label warns (offline, signed out, failed).
    public var isTrouble: Bool {
        switch self {
        case .offline, .signedOut, .failed: true
        case .connecting, .synced, .sending, .notSyncing: false
        }
    }

    public var description: String {
        switch self {
        case .connecting: "connecting to the server"
        case .synced: "synced"
        case .sending(let waiting): "sending: \(SyncError.changes(waiting))"
        case .offline(let reason, let waiting): "offline (\(reason)); \(SyncError.changes(waiting)) to be sent"
        case .signedOut(let message): message
        case .failed(let message, let waiting): "\(message); \(SyncError.changes(waiting)) to be sent"
        case .notSyncing: "not syncing: nobody with a remote is signed in"
        }
    }
}
