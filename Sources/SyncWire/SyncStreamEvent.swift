import Foundation

/// What `GET /v1/sync/stream` tells a device, as Server-Sent Events (text/event-stream). The
/// stream carries pokes, never changes: a device that hears the log moved pulls as it always does,
/// so a missed or doubled event costs at most one pull, and the pull stays the only road in.
///
/// - `head`: the newest entry of the account's log this device may pull (shared changes, and the
///   notices addressed to it) is `seq`; sent once when the stream opens, whenever it moves, and
///   again after the server lost and regained its database, so that a device catches up on
///   whatever was notified meanwhile. `data: {"head":N}`.
/// - `closed`: the server ends the stream and says why (the token was revoked or expired:
///   ``signedOut``; the server is stopping: ``shuttingDown``). `data: {"code":…,"message":…}`.
/// - A comment (`: keep-alive`) every ``SyncLimits/streamKeepAlive``, so that either side notices a
///   dead connection.
public enum SyncStreamEvent: Sendable, Equatable {
    case head(Int64)
    case closed(code: String, message: String)

    /// The codes a `closed` event carries.
    public static let signedOut = "signed_out"
    public static let shuttingDown = "shutting_down"

    private struct Head: Codable { var head: Int64 }
    private struct Closed: Codable {
        var code: String
        var message: String
    }

    /// The event as the stream carries it, blank line included.
    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        switch self {
        case .head(let seq):
            return "event: head\ndata: {\"head\":\(seq)}\n\n"
        case .closed(let code, let message):
            // JSON escapes every line break, so the data stays one line.
            let data = (try? encoder.encode(Closed(code: code, message: message))) ?? Data("{}".utf8)
            return "event: closed\ndata: \(String(decoding: data, as: UTF8.self))\n\n"
        }
    }

    /// The keep-alive: a comment, which a reader ignores.
    public static let keepAlive = ": keep-alive\n\n"

    /// An event as a reader parsed it (its `event` field and its data), or nil for one this
    /// version does not know (a later server may add some: they are skipped, not fatal).
    public init?(event: String?, data: String) {
        let decoder = JSONDecoder()
        switch event {
        case "head":
            guard let head = try? decoder.decode(Head.self, from: Data(data.utf8)), head.head >= 0 else { return nil }
            self = .head(head.head)
        case "closed":
            guard let closed = try? decoder.decode(Closed.self, from: Data(data.utf8)) else { return nil }
            self = .closed(code: closed.code, message: closed.message)
        default:
            return nil
        }
    }
}
