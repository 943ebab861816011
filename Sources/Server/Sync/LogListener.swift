import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import Logging
import PostgresNIO

/// The instance's one LISTEN on `clubhouse_live`, on a connection of its own (never the pool's,
/// which would hold a pooled connection for good): the triggers of ServerMigrations/0004_live.sql
/// notify it whichever instance wrote, and it feeds the hub. When the connection fails
/// (PostgreSQL restarted, the host stopped answering) it connects again with backoff and jitter,
/// LISTENs, and only then catches up: every open stream gets a fresh head and every stream's
/// token is checked again, so nothing notified while it was away is missed.
struct LogListener: Sendable {
    let address: DatabaseAddress
    let hub: LiveHub
    /// How long a connection attempt, and a heartbeat's answer, may take.
    let timeout: Duration
    /// A query every this long on the otherwise silent connection, so a host that stopped
    /// answering (no FIN, no RST) is noticed and left.
    var heartbeat: Duration = SyncLimits.streamKeepAlive
    let logger: Logger

    static let applicationName = "clubhouse-live-listener"

    /// Listens until cancelled, reconnecting as often as it takes.
    func run() async {
        var failures = 0
        while !Task.isCancelled {
            do {
                try await listenOnce { failures = 0 }
            } catch {
                if Task.isCancelled { break }
                logger.warning(
                    "live listener lost the database", metadata: ["error": "\(DatabaseFailure.describe(error))"])
            }
            hub.metrics.liveListening.set(0)
            failures += 1
            do { try await Task.sleep(for: Self.backoff(failures: failures)) } catch { break }
        }
    }

    /// 100 ms doubling up to 5 s, each drawn at random from its upper half (full jitter would
    /// let some retry at once; none would spread a fleet of instances).
    static func backoff(failures: Int) -> Duration {
        let ceiling = min(0.1 * pow(2, Double(min(failures - 1, 10))), 5)
        return .milliseconds(Int64(Double.random(in: ceiling / 2...ceiling) * 1000))
    }

    /// One connection's life: connect, LISTEN, catch up, then serve notifications until it fails.
    private func listenOnce(connected: () -> Void) async throws {
        var configuration = address.connectionConfiguration
        configuration.options.connectTimeout = .init(timeout)
        // Named, so that an operator (or a test) finds it in pg_stat_activity.
        configuration.options.additionalStartupParameters = [("application_name", Self.applicationName)]
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
        // Until the heartbeat starts, a host that stops answering would hold the LISTEN or the
        // catch-up for good: past the same deadline the connection is closed, and made again.
        let setUp = Task { [timeout] in
            try await Task.sleep(for: timeout)
            try? await connection.close()
        }
        defer { setUp.cancel() }
        do {
            try await connection.listen(on: LiveNotification.channel) { notifications in
                try await catchUp(connection)
                setUp.cancel()
                // Only now: a set-up cut off at its deadline counts as a failure, and backs off.
                connected()
                hub.metrics.liveListening.set(1)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for try await notification in notifications {
                            try await handle(notification.payload, connection)
                        }
                        throw ListenEnded()
                    }
                    group.addTask { try await beat(connection) }
                    // Whichever ends first (a failure, or cancellation) ends the connection.
                    _ = try await group.next()
                    group.cancelAll()
                }
            }
        } catch {
            try? await connection.close()
            throw error
        }
        try? await connection.close()
    }

    private func handle(_ payload: String, _ connection: PostgresConnection) async throws {
        switch LiveNotification(payload: payload) {
        case .log(let owner, let head, let device):
            hub.logMoved(owner: owner, head: head, device: device)
        case .tokens(let owner):
            try await closeSignedOut(hub.streams(of: owner), connection)
        case nil:
            logger.debug("live listener ignored a payload", metadata: ["payload": "\(payload)"])
        }
    }

    /// Closes those of `streams` whose token is no longer live, in one query.
    private func closeSignedOut(_ streams: [LiveStream], _ connection: PostgresConnection) async throws {
        guard !streams.isEmpty else { return }
        let live = try await LiveStore(connection, logger: logger).liveTokens(Set(streams.map(\.token)))
        for stream in streams where !live.contains(stream.token) {
            stream.close(code: SyncStreamEvent.signedOut, message: LiveHub.revoked)
        }
    }

    /// After (re)connecting: the heads and tokens of every open stream, read again.
    private func catchUp(_ connection: PostgresConnection) async throws {
        let streams = hub.all()
        guard !streams.isEmpty else { return }
        let store = LiveStore(connection, logger: logger)
        let heads = try await store.heads(of: Set(streams.map { LiveStore.Pair(owner: $0.owner, device: $0.device) }))
        for stream in streams {
            if let head = heads[LiveStore.Pair(owner: stream.owner, device: stream.device)] {
                stream.post(head: head, force: true)
            }
        }
        try await closeSignedOut(streams, connection)
        logger.info("live listener caught up", metadata: ["streams": "\(streams.count)"])
    }

    /// The notifications ended without an error: the connection closed.
    private struct ListenEnded: Error, CustomStringConvertible {
        var description: String { "the listening connection closed" }
    }

    /// `SELECT 1` every `heartbeat`; no answer within `timeout` closes the connection, which
    /// fails the notifications and so starts a reconnection.
    private func beat(_ connection: PostgresConnection) async throws {
        while true {
            try await Task.sleep(for: heartbeat)
            let watchdog = Task { [timeout] in
                try await Task.sleep(for: timeout)
                try? await connection.close()
            }
            defer { watchdog.cancel() }
            try await connection.query("SELECT 1", logger: logger)
        }
    }
}
