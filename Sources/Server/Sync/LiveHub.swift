import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import Synchronization

/// This instance's open change streams, by account: where the log listener's notifications are
/// fanned out, and where the bounds are kept (streams of one account, and in all, on this
/// instance). Nothing here touches the database; a stream holds no connection while open.
final class LiveHub: Sendable {
    let maximumStreams: Int
    let maximumStreamsPerAccount: Int
    let keepAlive: Duration
    let metrics: ServerMetrics

    private struct Registry {
        var byOwner: [User.ID: [Int: LiveStream]] = [:]
        var count = 0
        var nextID = 0
    }

    private let registry = Mutex(Registry())

    init(maximumStreams: Int, maximumStreamsPerAccount: Int, keepAlive: Duration, metrics: ServerMetrics) {
        self.maximumStreams = maximumStreams
        self.maximumStreamsPerAccount = maximumStreamsPerAccount
        self.keepAlive = keepAlive
        self.metrics = metrics
    }

    /// How long a refused device waits: one keep-alive. A stream whose device went away gives its
    /// place back when a write to it fails, which is the first or the second keep-alive after the
    /// hang-up (the first write usually lands before the peer's reset comes back).
    static let retryAfterSeconds = 15

    /// Registers a stream, or refuses it (429 `too_many_streams`) past either bound.
    func open(owner: User.ID, device: UUID, token: [UInt8], expiresAt: Date) throws(APIError) -> LiveStream {
        let opened = registry.withLock { registry -> LiveStream? in
            guard registry.count < maximumStreams,
                (registry.byOwner[owner]?.count ?? 0) < maximumStreamsPerAccount
            else { return nil }
            registry.nextID += 1
            let stream = LiveStream(
                id: registry.nextID, owner: owner, device: device, token: token, expiresAt: expiresAt)
            registry.byOwner[owner, default: [:]][stream.id] = stream
            registry.count += 1
            return stream
        }
        guard let opened else {
            throw APIError(
                .tooManyRequests, "too_many_streams",
                "too many open change streams (at most \(maximumStreamsPerAccount) per account, \(maximumStreams) per server); try again later",
                retryAfter: Self.retryAfterSeconds)
        }
        metrics.liveStreams.increment()
        return opened
    }

    /// Unregisters a stream whose writer ended (closed, device gone, shutdown).
    func remove(_ stream: LiveStream) {
        let removed = registry.withLock { registry -> Bool in
            guard registry.byOwner[stream.owner]?.removeValue(forKey: stream.id) != nil else { return false }
            if registry.byOwner[stream.owner]?.isEmpty == true { registry.byOwner[stream.owner] = nil }
            registry.count -= 1
            return true
        }
        if removed { metrics.liveStreams.decrement() }
        stream.finish()
    }

    var count: Int { registry.withLock { $0.count } }

    func streams(of owner: User.ID) -> [LiveStream] {
        registry.withLock { registry in registry.byOwner[owner].map { Array($0.values) } ?? [] }
    }

    func all() -> [LiveStream] {
        registry.withLock { registry in registry.byOwner.values.flatMap(\.values) }
    }

    /// The account's log moved to `head`: for every device, or (notices) for `device` alone.
    func logMoved(owner: User.ID, head: Int64, device: UUID?) {
        for stream in streams(of: owner) where device == nil || stream.device == device {
            stream.post(head: head)
        }
    }

    /// Keep-alives for silent streams, and the end of those whose token expired.
    func sweep(now: ContinuousClock.Instant = .now, date: Date = Date()) {
        for stream in all() {
            if stream.expiresAt <= date {
                stream.close(code: SyncStreamEvent.signedOut, message: Self.expired)
            } else {
                stream.keepAliveIfSilent(for: keepAlive, now: now)
            }
        }
    }

    /// Every stream ends with `closed(shutting_down)`.
    func shutDown() {
        for stream in all() { stream.close(code: SyncStreamEvent.shuttingDown, message: Self.stopping) }
    }

    static let revoked = "this device's session was signed out; sign in again"
    static let expired = "this device's session expired; sign in again"
    static let stopping = "the server is stopping; connect again (to it or another instance)"
}
