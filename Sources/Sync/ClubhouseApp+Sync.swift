import Clubhouse
internal import ClubhouseSyncWire
import Foundation

extension ClubhouseApp {
    /// Signs the signed-in user in to the server at `url` as `username` (creating that account
    /// first when `register`), and stores the server, a new device id and the token for them. From
    /// then on every change of theirs is queued for ``sync()``; a new remote queues every record
    /// they already have, in the same transaction. Signing in again to the same account on the
    /// same server only replaces the token (after it expired or was revoked). The database file
    /// becomes readable by its owner only. Throws ``SyncError`` (nothing stored) or the
    /// library's errors.
    @discardableResult
    public func setRemote(
        url: String, username: String, password: String, register: Bool = false, deviceName: String? = nil
    ) async throws -> RemoteSettings {
        let address = try SyncServer.normalized(url)
        let name = try Self.deviceName(deviceName)
        _ = try syncUser()
        // The cookie of this device's last sign-in to this server proves the device signed in
        // before: wrong passwords others send for the account then never make it wait.
        let kept = try syncRemote().flatMap { $0.url == address ? $0.deviceCookie : nil }
        let server = SyncServer(url: address)
        let session: SyncServer.Session
        do {
            if register { _ = try await server.register(username: username, password: password) }
            session = try await server.signIn(username: username, password: password, deviceCookie: kept)
        } catch SyncError.unreachable(let url, let reason, _) {
            await server.shutdown()
            throw SyncError.cannotConnect(url: url, reason: reason)
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
        try setSyncRemote { user in
            SyncRemoteRecord(
                userID: user, url: address, deviceID: SyncKey.make(),
                deviceName: name, serverUsername: username,
                token: session.token, deviceCookie: session.deviceCookie ?? kept)
        }
        guard let settings = try remote() else { throw SyncError.noRemote }
        return settings
    }

    /// The name given, checked by the server's rule; none given, the host's name (or "this
    /// device" when the host's name would be refused).
    static func deviceName(_ given: String?) throws(SyncError) -> String {
        func checked(_ text: String) throws(SyncError) -> String {
            let name = text.trimmingCharacters(in: .whitespaces)
            do { try TypedText.check(name, field: "it") } catch { throw .invalidDeviceName(error.message) }
            guard SyncLimits.deviceNameLength.contains(TypedText.length(name)) else {
                throw .invalidDeviceName("it must be 1–100 characters")
            }
            return name
        }
        if let given { return try checked(given) }
        return (try? checked(ProcessInfo.processInfo.hostName)) ?? "this device"
    }

    /// The signed-in user's server, or nil when they have none. Never the token.
    public func remote() throws -> RemoteSettings? {
        guard let record = try syncRemote() else { return nil }
        return RemoteSettings(
            url: ServerAddress.shown(record.url), username: record.serverUsername, device: record.deviceID,
            deviceName: record.deviceName,
            lastSyncAt: record.lastSyncAt, clockOffsetMs: ClockOffset(stored: record.clockOffsetMs).current,
            waiting: try syncWaiting())
    }

    /// Forgets the signed-in user's server: signs out there (revoking the token) when it can be
    /// reached, then removes the remote, the queued changes and the notices here. Returns false
    /// when there was no remote.
    @discardableResult
    public func unsetRemote() async throws -> Bool {
        guard let record = try syncRemote() else { return false }
        // Best effort: an unreachable server (or an address no server has), or an expired token,
        // must not keep the token here.
        if let url = try? SyncServer.normalized(record.url) {
            let server = SyncServer(url: url, token: record.token)
            try? await server.signOut()
            await server.shutdown()
        }
        return try unsetSyncRemote()
    }

    /// Pushes the signed-in user's queued changes (oldest first, at most 500 and 256 KiB a request,
    /// a request the server did not finish in time sent again in halves; each answered page leaves
    /// the queue in one transaction), then pulls every change made elsewhere since the last sync
    /// (each page applied in one transaction that also moves the cursor; a page the server could
    /// not read in time asked again in halves), then shares this
    /// device's navigation state of every scene (for ``continueFromOtherDevice(scene:)``).
    /// Notices not told before are returned, and marked told. Throws ``SyncError`` when the
    /// server cannot be reached or refuses; whatever was done until then stays done and nothing
    /// queued is lost.
    public func sync() async throws -> SyncReport {
        var attempts = 0
        while true {
            guard let record = try syncRemote() else { throw SyncError.noRemote }
            let server = SyncServer(url: try SyncServer.normalized(record.url), token: record.token)
            do {
                let report = try await sync(with: server, pulling: true, sharingNavigation: true)
                await server.shutdown()
                return report
            } catch is SyncRemoteChanged where attempts < 3 {
                // Another local user signed in between the two reads: sync theirs.
                await server.shutdown()
                attempts += 1
            } catch {
                await server.shutdown()
                throw error
            }
        }
    }

    /// ``sync()`` on a server client the caller keeps (live sync keeps one for its life). Live
    /// sync pulls only when the server said the log moved (`pulling`), and shares the navigation
    /// state only once it has stopped moving (`sharingNavigation`); the push always runs, and
    /// costs no request when nothing waits.
    func sync(with server: SyncServer, pulling: Bool, sharingNavigation: Bool) async throws -> SyncReport {
        guard let record = try syncRemote() else { throw SyncError.noRemote }
        // The client was made for a remote read earlier: another local user, with a remote of
        // their own, may have signed in since. Their queue must never go with this token.
        guard server.url == (try? SyncServer.normalized(record.url)), server.token == record.token else {
            throw SyncRemoteChanged()
        }
        return try await withSyncUser(record.userID) {
            try await sync(with: server, record: record, pulling: pulling, sharingNavigation: sharingNavigation)
        }
    }

    /// One sync of `record`'s user, pinned to them.
    private func sync(with server: SyncServer, record: SyncRemoteRecord, pulling: Bool, sharingNavigation: Bool)
        async throws -> SyncReport
    {
        guard let device = UUID(uuidString: record.deviceID) else { throw SyncError.noRemote }
        var clock = ClockOffset(stored: record.lastSyncAt == nil ? nil : record.clockOffsetMs)
        var report = SyncReport(pushed: 0, refused: 0, pulled: 0, notices: [], clockOffsetMs: 0, waiting: 0)
        var shared: [SyncNotice] = []
        do {
            if record.lastSyncAt == nil {
                // Never synced: measure the clock before the first push converts any instant.
                let probe: SyncServer.Timed<SyncChangesPage>
                do {
                    probe = try await server.changes(device: device, after: record.cursor, limit: 1)
                } catch let slow as SyncServer.TooSlow {
                    throw slow.error
                }
                clock.add(serverTime: probe.value.serverTime, sent: probe.sent, received: probe.received)
            }
            try await push(server, device: device, clock: &clock, report: &report)
            if pulling || record.lastSyncAt == nil {
                try await pull(server, device: device, from: record.cursor, clock: &clock, report: &report)
            }
            // Only a change from elsewhere or a refusal can have removed a record a screen shows.
            if report.pulled + report.refused > 0 { try syncSettleNavigation() }
            if sharingNavigation {
                shared = try await shareNavigation(
                    server, device: device, deviceName: record.deviceName, clock: clock)
            }
        } catch let error as SyncError {
            try? syncFinishFailed(clock: clock)
            if case .unreachable(let url, let reason, _) = error {
                throw SyncError.unreachable(url: url, reason: reason, waiting: (try? syncWaiting()) ?? 0)
            }
            throw error
        }
        try syncFinish(clockOffsetMs: clock.measured)
        report.clockOffsetMs = clock.measured ?? ClockOffset(stored: record.clockOffsetMs).current
        // The same loss told by several changes (two devices replacing one field) is told once.
        var told = Set<[String?]>()
        report.notices =
            try syncTakeNotices().compactMap {
                let notice = SyncNotice(
                    code: $0.code.rawValue, message: $0.message, entity: $0.entity.rawValue, key: $0.key)
                guard told.insert([notice.code, notice.message, notice.entity, notice.key]).inserted else { return nil }
                return notice
            } + shared
        report.waiting = try syncWaiting()
        return report
    }

    private func syncFinishFailed(clock: ClockOffset) throws {
        // Keep a measured offset even from a sync that failed later; last_sync_at stays.
        if let measured = clock.measured { try syncSetClockOffset(measured) }
    }

    /// Sends the outbox, oldest first, in pages bounded in count and in bytes (`PushPaging`). A
    /// page the server did not finish in time (503, or no answer) is sent again in halves, and
    /// the rest of this push keeps to the smaller size: a page of heavy records can no longer be
    /// refused for time at every sync, for ever. One change alone refused for time fails the sync.
    private func push(
        _ server: SyncServer, device: UUID, clock: inout ClockOffset, report: inout SyncReport
    ) async throws {
        var countLimit = SyncLimits.changesPerPush
        let encoder = JSONEncoder()
        while true {
            let queued: [SyncChange]
            do {
                queued = try syncNextChanges(limit: SyncLimits.changesPerPush)
            } catch let unreadable as SyncUnreadableChange {
                throw SyncError.unreadableQueue(unreadable.what)
            }
            guard !queued.isEmpty else { return }
            let offset = clock.current
            let changes = queued.map { WireChange.sent($0, offset: offset) }
            // Each change's weight as the request carries it (its JSON and a comma).
            let weights = try changes.map { try encoder.encode($0).count + 1 }
            var start = 0
            while start < changes.count {
                let page = PushPaging.page(
                    weights: weights, from: start, maxCount: countLimit, maxBytes: PushPaging.maximumBytes)
                let answer: SyncServer.Timed<SyncPushResponse>
                do {
                    answer = try await server.push(SyncPushRequest(device: device, changes: Array(changes[page])))
                } catch let slow as SyncServer.TooSlow {
                    guard page.count > 1 else { throw slow.error }
                    // Sent again at once: each change's id makes a page the server did finish harmless.
                    countLimit = page.count / 2
                    continue
                }
                clock.add(serverTime: answer.value.serverTime, sent: answer.sent, received: answer.received)
                let results = answer.value.results
                try syncAcknowledge(results)
                let applied = results.filter { $0.status == .applied }.count
                report.pushed += applied
                report.refused += results.count - applied
                // An answer that left changes unanswered would loop forever.
                guard results.count == page.count else { return }
                start = page.upperBound
            }
            guard queued.count == SyncLimits.changesPerPush else { return }
        }
    }

    private func pull(
        _ server: SyncServer, device: UUID, from cursor: Int64, clock: inout ClockOffset, report: inout SyncReport
    ) async throws {
        var cursor = cursor
        var limit = SyncLimits.defaultPageSize
        while true {
            let answer: SyncServer.Timed<SyncChangesPage>
            do {
                answer = try await server.changes(device: device, after: cursor, limit: limit)
            } catch let slow as SyncServer.TooSlow {
                // A page of heavy records (gathers with their seats) the server could not read
                // within its deadline: asked again at once in halves, as a push is sent.
                guard limit > 1 else { throw slow.error }
                limit /= 2
                continue
            }
            clock.add(serverTime: answer.value.serverTime, sent: answer.sent, received: answer.received)
            let page = answer.value
            // This device's own changes are applied too: in log order they restore what the
            // server holds when another device's change came in between (a pending field of this
            // device is still never overwritten).
            let entries = page.changes.map { WireChange.pulled($0, offset: clock.current) }
            guard page.next >= cursor else { throw SyncError.badResponse("the log went backwards") }
            guard try syncApply(entries, from: cursor, next: page.next) else {
                // Another sync of this file (the app in another terminal, `sync --watch`) moved
                // the cursor while this page was on its way: it may be older than what that one
                // applied. Asked again from where the file is now.
                // A remote set or unset meanwhile is not this pull's to follow.
                guard let now = try syncRemote(), UUID(uuidString: now.deviceID) == device,
                    server.url == (try? SyncServer.normalized(now.url)), server.token == now.token
                else { throw SyncRemoteChanged() }
                cursor = now.cursor
                continue
            }
            // Counted: changes from elsewhere (this device's own coming back are not news).
            let fromElsewhere = page.changes.compactMap(\.change).filter { $0.device != device }
            report.pulled += fromElsewhere.count
            report.received += named(fromElsewhere.map(SyncReceived.init))
            guard page.more, page.next > cursor else { return }
            cursor = page.next
        }
    }
}

/// The remote a sync was asked to use is no longer the signed-in user's (another local user
/// signed in): nothing was sent; the caller syncs again with the remote there is now.
struct SyncRemoteChanged: Error {}
