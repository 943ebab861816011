import ClubhouseSecurity
import ClubhouseSyncWire
import Foundation

/// Everything the server is started with. The executable fills it from flags and the environment;
/// tests build it directly.
package struct ServerConfiguration: Sendable {
    package var database: DatabaseAddress
    package var host: String
    /// 0 picks a free port (tests); the bound one is reported once the server runs.
    package var port: Int
    /// How long a bearer token stays valid after sign-in.
    package var tokenLifetime: Duration = .seconds(30 * 86_400)
    /// The CLI's cost; tests lower it, since every account pays it once.
    package var hashCost: ScryptPasswordHasher.Cost = .standard
    /// Hashes at once: at the recommended cost each takes 128 MiB, so a burst of sign-ins waits its
    /// turn instead of exhausting memory.
    package var concurrentHashes = 2
    /// Hashes one client (an IP address, an IPv6 /64) may have waiting for a slot; one more is 429.
    package var hashesWaitingPerClient = 4
    /// Hashes waiting for a slot on this instance; one more is 503 with Retry-After.
    package var hashesWaiting = 64
    /// How long a request waits for PostgreSQL before answering 503.
    package var databaseTimeout: Duration = .seconds(5)
    package var maximumConnections = 20
    /// Whether the pool opens all its connections and keeps them (the server: no timers per
    /// request, see `ClubhouseServer`) or opens them as requests need them and closes idle ones
    /// (tests, where dozens of servers share one PostgreSQL).
    package var keepsConnectionsOpen = true
    /// Wrong passwords in a row for one username before each further attempt has to wait.
    package var signInFailuresBeforeSlowdown = 5
    /// The first wait; each further wrong password doubles it, up to `longestSignInWait`.
    package var firstSignInWait: Duration = .seconds(1)
    package var longestSignInWait: Duration = .seconds(15 * 60)
    /// Change streams open on this instance at once (`GET /v1/sync/stream`); one more is refused
    /// with 429. Each is a socket and a few hundred bytes, never a database connection.
    package var maximumStreams = 4096
    /// Client connections open on this instance at once; more wait to be accepted. Above
    /// `maximumStreams`: each change stream is a connection.
    package var maximumClientConnections = 8192
    /// How long a client connection may send nothing (headers unfinished, a body stalled, idle
    /// between requests) before it is closed.
    package var clientIdleTimeout: Duration = .seconds(30)
    /// How long a change stream stays silent before a keep-alive (tests shorten it).
    package var streamKeepAlive: Duration = SyncLimits.streamKeepAlive
    /// Whether the instance holds its LISTEN connection (see `LogListener`). Without it streams
    /// still open, get their head, keep-alives and expiry, but no pokes: for tests of other
    /// things, where dozens of servers share one PostgreSQL and each would hold one more connection.
    package var listensForChanges = true

    package init(database: DatabaseAddress, host: String = "127.0.0.1", port: Int = 8080) {
        self.database = database
        self.host = host
        self.port = port
    }
}

/// Limits every client meets, stated in the OpenAPI document.
package enum ServerLimits {
    /// Request bodies above this are refused with 413. The largest valid body (a book with a
    /// 4000-character description, every character escaped) fits well within it.
    package static let bodyBytes = 64 * 1024
    /// The longest a client may take to send a body once its route reads it (a trickle of bytes
    /// that keeps the connection from being idle would otherwise hold it for hours).
    package static let bodyTime: Duration = .seconds(30)
    package static let defaultPageSize = 50
    package static let maximumPageSize = 200
}
