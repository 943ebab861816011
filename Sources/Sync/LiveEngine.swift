import Clubhouse
internal import ClubhouseSyncWire
import Foundation
import Synchronization

/// The moving parts of one ``LiveSync/run(_:)``: a watcher of local commits, the change stream,
/// the worker that syncs, and a ticker for what waits for a moment, sharing one state.
final class LiveEngine: Sendable {
    struct State {
        /// What the next sync must do: push (a local change waits), pull (the log moved), share
        /// where the user is (due at `shareAt`).
        var push = false
        var pull = false
        var share = false
        var shareAt: ContinuousClock.Instant?
        var streamOpen = false
        /// The stream open now said something (its pauses start over once it ends).
        var heard = false
        var offline: String?
        var failure: String?
        /// The message, and the token the server refused (a new one from `remote set` resumes).
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

    /// How long where the user is must stay still before it is shared.
    static let shareDelay: Duration = .seconds(2)

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
        request(push: true, share: true)  // whatever waits from before
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
    func request(push: Bool = false, pull: Bool = false, share: Bool = false) {
        state.withLock {
            $0.push = $0.push || push
            $0.pull = $0.pull || pull
            $0.share = $0.share || share
        }
        wake.yield()
    }

    /// Sends the status when it changed (not once the run is being stopped: what it goes
    /// through while its parts end is not news).
    func tell() {
        guard !Task.isCancelled else { return }
        let changed: LiveStatus? = state.withLock {
            let now = $0.status
            guard now != $0.told else { return nil }
            $0.told = now
            return now
        }
        if let changed { handle(.status(changed)) }
    }

    // MARK: The parts

    /// Others' commits to the file (the app's own, another process's): a change waiting to be
    /// sent asks for a push; any commit (a move, a key typed into a form) puts off sharing where
    /// the user is until things are still.
    private func watchCommits() async throws {
        for try await _ in app.commits(every: .milliseconds(50)) {
            let waiting = (try? app.syncWaiting()) ?? 0
            state.withLock {
                $0.waiting = waiting
                $0.shareAt = .now + Self.shareDelay
            }
            tell()
            if waiting > 0 { request(push: true) }
        }
    }

    /// The remote a stream was opened for; another one (remote set again, unset, another user
    /// signed in) ends it.
    private struct RemoteChanged: Error {}

    /// The change stream, opened again whenever it ends or fails.
    private func listen() async {
        var backoff = Backoff()
        while !Task.isCancelled {
            let record = try? app.syncRemote()
            state.withLock { $0.idle = record == nil }
            guard let record, state.withLock({ $0.signedOut == nil }),
                let device = UUID(uuidString: record.deviceID), let url = try? SyncServer.normalized(record.url)
            else {
                tell()
                try? await Task.sleep(for: .milliseconds(500))
                continue
            }
            let server = SyncServer(url: url, token: record.token, readTimeout: SyncLimits.streamKeepAlive * 3)
            var changed = false
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await self.stream(server, device: device, url: url) }
                    group.addTask { try await self.watchRemote(record) }
                    defer { group.cancelAll() }
                    try await group.next()
                }
                state.withLock { $0.streamOpen = false }
            } catch is RemoteChanged {
                changed = true
            } catch SyncError.refused(404, _, _) {
                // A server older than the change stream (0.8.0): its log is pulled every few
                // seconds instead, and local commits are pushed as they are.
                await server.shutdown()
                await poll(record)
                continue
            } catch SyncError.refused(429, "too_many_streams", _) {
                // The instance's streams are taken (by other accounts, or this one's other
                // devices): its log is pulled every few seconds, as from a server without
                // streams, and a stream asked for again after a while.
                await server.shutdown()
                await poll(record, for: Self.streamRetry)
                continue
            } catch let error as SyncError {
                let current = try? app.syncRemote()
                state.withLock {
                    $0.streamOpen = false
                    switch error {
                    // Refused for a token that is no longer the remote's (remote set or unset
                    // meanwhile) is not news.
                    case .signedOut where current?.token != record.token: changed = true
                    case .signedOut: $0.signedOut = (error.message, record.token)
                    case .unreachable(_, let reason, _): $0.offline = reason
                    default: $0.failure = error.message
                    }
                }
            } catch {
                state.withLock { $0.streamOpen = false }
            }
            await server.shutdown()
            // A stream that was heard from was a success: the next failure starts the pauses over.
            if state.withLock({ state in
                defer { state.heard = false }
                return state.heard
            }) {
                backoff.reset()
            }
            if changed {
                // The new remote: its stream at once, and a full sync with it.
                state.withLock {
                    $0.streamOpen = false
                    $0.signedOut = nil
                    $0.failure = nil
                    $0.offline = nil
                }
                backoff.reset()
                request(push: true, pull: true, share: true)
                continue
            }
            tell()
            if Task.isCancelled { return }
            try? await Task.sleep(for: backoff.next())
        }
    }

    /// One stream: each `head` past the device's cursor asks for a pull.
    private func stream(_ server: SyncServer, device: UUID, url: String) async throws {
        try await server.stream(device: device) { event in
            switch event {
            case .head(let head):
                state.withLock {
                    $0.streamOpen = true
                    $0.heard = true
                    if $0.failure == nil { $0.offline = nil }
                }
                tell()
                // The device's cursor as stored now: a pull already under way may pass it.
                if head > (try? app.syncRemote()?.cursor) ?? 0 { request(pull: true) }
            case .closed(let code, _):
                if code == SyncStreamEvent.signedOut { throw SyncError.signedOut(url: url) }
            }
        }
    }

    /// Throws ``RemoteChanged`` once the signed-in user's remote is no longer `record`.
    private func watchRemote(_ record: SyncRemoteRecord) async throws {
        while true {
            try await Task.sleep(for: .milliseconds(500))
            if !isStill(record) { throw RemoteChanged() }
        }
    }

    /// Whether the signed-in user's remote is still `record` (the same server, token and device).
    private func isStill(_ record: SyncRemoteRecord) -> Bool {
        let now = try? app.syncRemote()
        return now?.url == record.url && now?.token == record.token && now?.deviceID == record.deviceID
    }

    /// For a server without the change stream, or one that refused this device a stream: a pull
    /// every ``pollInterval``, until the remote changes (or `duration` has passed).
    private func poll(_ record: SyncRemoteRecord, for duration: Duration? = nil) async {
        let end = duration.map { ContinuousClock.now + $0 }
        state.withLock { $0.streamOpen = true }
        tell()
        while !Task.isCancelled {
            request(pull: true)
            try? await Task.sleep(for: Self.pollInterval)
            if !isStill(record) { return }
            if let end, ContinuousClock.now >= end { return }
        }
    }

    static let pollInterval: Duration = .seconds(5)
    /// How long a device refused a stream (429 `too_many_streams`) polls before it asks again.
    static let streamRetry: Duration = .seconds(60)

    /// Syncs whenever asked, one at a time, on one client kept between syncs.
    private func work() async {
        var server: SyncServer?
        var backoff = Backoff()
        for await _ in wakes {
            // A burst of commits (a form saved field by field, a goal and the clock) is one push;
            // a pull set off by a poke has nothing to wait for.
            if state.withLock({ $0.push }) { try? await Task.sleep(for: pushDelay) }
            if Task.isCancelled { break }
            let wanted: (pull: Bool, share: Bool)? = state.withLock { state in
                guard state.push || state.pull || state.share, state.signedOut == nil else { return nil }
                defer { (state.push, state.pull, state.share) = (false, false, false) }
                return (state.pull, state.share)
            }
            guard let wanted else { continue }
            var token: String?
            do {
                guard let record = try app.syncRemote() else { throw SyncError.noRemote }
                token = record.token
                let url = try SyncServer.normalized(record.url)
                if server?.url != url || server?.token != record.token {
                    await server?.shutdown()
                    server = SyncServer(url: url, token: record.token)
                }
                let report = try await app.sync(with: server!, pulling: wanted.pull, sharingNavigation: wanted.share)
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
                if report.waiting > 0 { request(push: true) }
            } catch {
                failed(error, token: token, pause: backoff.next(), sharing: wanted.share)
            }
            tell()
        }
        await server?.shutdown()
    }

    /// A sync that failed: said, and tried again after `pause` (or at once when the remote it
    /// used is no longer the one set).
    private func failed(_ error: any Error, token: String?, pause: Duration, sharing: Bool) {
        let current = try? app.syncRemote()
        let waiting = (try? app.syncWaiting()) ?? 0
        state.withLock {
            $0.waiting = waiting
            if sharing { $0.shareAt = .now }
            switch error {
            case is SyncRemoteChanged:
                $0.retryAt = .now  // another local user signed in: their remote next
                return
            case SyncError.signedOut where current?.token != token:
                $0.retryAt = .now  // remote set again meanwhile: the new token next
                return
            case SyncError.signedOut(let url): $0.signedOut = (SyncError.signedOut(url: url).message, token)
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

    /// Four times a second: a failed sync's pause is over (try again); where the user is has
    /// been still long enough (share it); a device signed out has been signed in again by
    /// `remote set` (a new token: resume).
    private func tick() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(250))
            let (retry, share, signedOutToken) = state.withLock { state -> (Bool, Bool, String??) in
                var retry = false
                var share = false
                if let at = state.retryAt, at <= .now, state.signedOut == nil {
                    state.retryAt = nil
                    retry = true
                }
                if let at = state.shareAt, at <= .now {
                    state.shareAt = nil
                    share = true
                }
                return (retry, share, state.signedOut.map { $0.token })
            }
            if retry { request(push: true, pull: true) }
            if share { request(share: true) }
            if let signedOutToken, let now = try? app.syncRemote()?.token, now != signedOutToken {
                state.withLock {
                    $0.signedOut = nil
                    $0.failure = nil
                }
                tell()
                request(push: true, pull: true, share: true)
            }
        }
    }
}
