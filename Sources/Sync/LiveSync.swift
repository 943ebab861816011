import Clubhouse
internal import ClubhouseSyncWire
import Foundation
import Synchronization

/// Live sync for an app that stays open: each change committed to the file (by this process or
/// any other) is pushed within about ``pushDelay`` plus the observation's 50 ms, coalesced (a burst
/// of commits is one push); the server's change stream says when the account's log moved, and a
/// pull follows. It is ``ClubhouseApp/sync()``'s own code run more often, on a connection of its own
/// to the file: a pulled page reaches every screen through the same change observation as another
/// process's commit, and the outbox stays the only record of what to send.
///
/// Offline, changes queue as they always do; the stream is opened again with growing, jittered
/// pauses, and the first event after it opens sets off the pull that catches up. A revoked or
/// expired token stops everything until `remote set` signs in again (then it resumes by itself).
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

/// The moving parts of one ``LiveSync/run(_:)``: a watcher of local commits, the change stream,
/// the worker that syncs, and a ticker for retries, sharing one state.
final class LiveEngine: Sendable {
    struct State {
        /// What the next sync must do: push (a local commit), share navigation, pull (a poke).
        var wanted = false
        var sharing = false
        var streamOpen = false
        var offline: String?
        var failure: String?
        var signedOut: (message: String, token: String?)?
        /// Nobody with a remote is signed in.
        var idle = false
        var waiting = 0
        /// When to try again after a failed sync.
        var retryAt: ContinuousClock.Instant?
        var told: LiveStatus?

        var status: LiveStatus {
            if idle { return .notSyncing }
            if let signedOut { return .signedOut(signedOut.message) }
            if let offline { return .offline(reason: offline, waiting: waiting) }
            if let failure { return .failed(failure, waiting: waiting) }
            if !streamOpen { return .connecting }
            return waiting > 0 ? .sending(waiting: waiting) : .synced
        }
    }

    let app: ClubhouseApp
    let pushDelay: Duration
    let handle: @Sendable (LiveSync.Event) -> Void
    let state = Mutex(State())
    private let wakes: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation

    init(app: ClubhouseApp, pushDelay: Duration, handle: @escaping @Sendable (LiveSync.Event) -> Void) {
        self.app = app
        self.pushDelay = pushDelay
        self.handle = handle
        (wakes, wake) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func run() async throws {
        state.withLock { $0.waiting = (try? app.syncWaiting()) ?? 0 }
        tell()
        request(sharing: true)  // whatever waits from before, and the pull that catches up
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.watchCommits() }
            group.addTask { await self.listen() }
            group.addTask { await self.work() }
            group.addTask { await self.tick() }
            defer { group.cancelAll() }
            try await group.next()
        }
        wake.finish()
    }

    /// Asks for a sync (several asks before it starts are one sync).
    func request(sharing: Bool = false) {
        state.withLock {
            $0.wanted = true
            if sharing { $0.sharing = true }
        }
        wake.yield()
    }

    /// Sends the status when it changed.
    func tell() {
        let changed: LiveStatus? = state.withLock {
            let now = $0.status
            guard now != $0.told else { return nil }
            $0.told = now
            return now
        }
        if let changed { handle(.status(changed)) }
    }

    // MARK: The parts

    /// Others' commits to the file (the app's own, another process's): each asks for a push.
    private func watchCommits() async throws {
        for try await _ in app.changes(every: .milliseconds(50)) {
            let waiting = (try? app.syncWaiting()) ?? 0
            state.withLock { $0.waiting = waiting }
            tell()
            // Navigation moves too (where the user is, for another device's `continue`).
            request(sharing: true)
        }
    }

    /// The change stream, opened again whenever it ends or fails.
    private func listen() async {
        var backoff = Backoff()
        while !Task.isCancelled {
            guard state.withLock({ $0.signedOut == nil }),
                let record = try? app.syncRemote(), let device = UUID(uuidString: record.deviceID),
                let url = try? SyncServer.normalized(record.url)
            else {
                try? await Task.sleep(for: .seconds(1))
                continue
            }
            let server = SyncServer(url: url, token: record.token, readTimeout: SyncLimits.streamKeepAlive * 3)
            do {
                try await server.stream(device: device) { event in
                    switch event {
                    case .head(let head):
                        backoff.reset()
                        state.withLock {
                            $0.streamOpen = true
                            if $0.failure == nil { $0.offline = nil }
                        }
                        tell()
                        // The device's cursor as stored now: a pull already under way may pass it.
                        if head > (try? app.syncRemote()?.cursor) ?? 0 { request() }
                    case .closed(let code, _):
                        if code == SyncStreamEvent.signedOut { throw SyncError.signedOut(url: url) }
                    }
                }
                state.withLock { $0.streamOpen = false }
            } catch SyncError.refused(404, _, _) {
                // A server older than the change stream (0.8.0): its log is pulled every few
                // seconds instead, and local commits are pushed as they are.
                await server.shutdown()
                await poll()
                return
            } catch let error as SyncError {
                state.withLock {
                    $0.streamOpen = false
                    switch error {
                    case .signedOut: $0.signedOut = (error.message, record.token)
                    case .unreachable(_, let reason, _): $0.offline = reason
                    default: $0.failure = error.message
                    }
                }
            } catch {
                state.withLock { $0.streamOpen = false }
            }
            await server.shutdown()
            tell()
            if Task.isCancelled { return }
            try? await Task.sleep(for: backoff.next())
        }
    }

    /// For a server without the change stream: a pull every ``pollInterval``, for ever.
    private func poll() async {
        state.withLock { $0.streamOpen = true }
        tell()
        while !Task.isCancelled {
            request()
            try? await Task.sleep(for: Self.pollInterval)
        }
    }

    static let pollInterval: Duration = .seconds(5)

    /// Syncs whenever asked, one at a time, on one client kept between syncs.
    private func work() async {
        var server: SyncServer?
        var backoff = Backoff()
        for await _ in wakes {
            // A burst of commits (a form saved field by field, a goal and the clock) is one push.
            try? await Task.sleep(for: pushDelay)
            if Task.isCancelled { break }
            let sharing: Bool? = state.withLock { state in
                guard state.wanted, state.signedOut == nil else { return nil }
                let sharing = state.sharing
                state.wanted = false
                state.sharing = false
                return sharing
            }
            guard let sharing else { continue }
            do {
                guard let record = try app.syncRemote() else { throw SyncError.noRemote }
                let url = try SyncServer.normalized(record.url)
                if server?.url != url || server?.token != record.token {
                    await server?.shutdown()
                    server = SyncServer(url: url, token: record.token)
                }
                let report = try await app.sync(with: server!, sharingNavigation: sharing)
                backoff.reset()
                state.withLock {
                    $0.offline = nil
                    $0.failure = nil
                    $0.idle = false
                    $0.retryAt = nil
                    $0.waiting = report.waiting
                }
                if report.pushed + report.pulled + report.refused > 0 || !report.notices.isEmpty {
                    handle(.synced(report))
                }
                if report.waiting > 0 { request() }
            } catch {
                let pause = backoff.next()
                let token = try? app.syncRemote()?.token
                let waiting = (try? app.syncWaiting()) ?? 0
                state.withLock {
                    $0.waiting = waiting
                    switch error {
                    case SyncError.signedOut: $0.signedOut = ((error as? SyncError)?.message ?? "signed out", token)
                    case SyncError.unreachable(_, let reason, _): $0.offline = reason
                    case SyncError.noRemote, ClubhouseError.notSignedIn: $0.idle = true
                    case let error as SyncError: $0.failure = error.message
                    case let error as ClubhouseError: $0.failure = error.message
                    case let error as StorageError: $0.failure = error.message
                    default: $0.failure = String(describing: error)
                    }
                    $0.retryAt = .now + pause
                }
            }
            tell()
        }
        await server?.shutdown()
    }

    /// Four times a second: a failed sync's pause is over (try again), or a device signed out
    /// has been signed in again by `remote set` (a new token: resume).
    private func tick() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(250))
            let (retry, signedOutToken) = state.withLock { state -> (Bool, String??) in
                if let at = state.retryAt, at <= .now, state.signedOut == nil {
                    state.retryAt = nil
                    return (true, nil)
                }
                return (false, state.signedOut.map { $0.token })
            }
            if retry { request() }
            if let signedOutToken, let now = try? app.syncRemote()?.token, now != signedOutToken {
                state.withLock {
                    $0.signedOut = nil
                    $0.failure = nil
                }
                tell()
                request(sharing: true)
            }
        }
    }
}
