import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// The server's PostgreSQL connections: one pool per event loop, each holding its share of the
/// configured connections on that loop, and a request leases from the pool of the loop it runs
/// on, normally the loop that serves its HTTP connection. A request's socket, its database
/// connection and its task then share one thread: the answer to a query resumes the request where
/// its connection is read, and its HTTP answer is written from there, with no hop between threads.
/// (A request that resumed elsewhere, after scrypt on the thread pool say, leases where it runs.)
///
/// One pool for the whole group put every connection on one loop: PostgresNIO opens each on
/// `any()` of its group, which is the loop its pool runs on. Every request then moved to that
/// thread at its first query (Swift's tasks run on the event loops, see
/// `ClubhouseServer.runTasksOnEventLoops`), so one core did the server's work while the other
/// only read and wrote HTTP (perf, paced 1 000/s: 76% and 23% of the samples).
package final class ConnectionPools: Service, Sendable {
    /// The fewest connections a pool gets: a loop with a pool of one would serialize its
    /// requests while other loops' connections idle (a pool cannot lend to another). With fewer
    /// than this per loop, fewer loops have a pool, and the others take those in turn.
    package static let smallestShare = 4

    private let pools: [(loop: any EventLoop, client: PostgresClient)]
    /// For a caller on a loop without a pool (or on none, as the tests' in-process servers'
    /// requests are): the pools in turn.
    private let turn = Atomic<UInt>(0)

    /// `maximumConnections` is shared among the group's loops, at least `smallestShare` to a
    /// pool (all of them to one pool when there are fewer). `fixed` opens every connection at
    /// start and keeps it (`ServerConfiguration.keepsConnectionsOpen`).
    package init(
        _ configuration: PostgresClient.Configuration, maximumConnections: Int, fixed: Bool,
        group: MultiThreadedEventLoopGroup = .singleton, backgroundLogger: Logger
    ) {
        let connections = max(1, maximumConnections)
        let loops = Array(group.makeIterator().prefix(max(1, connections / Self.smallestShare)))
        pools = loops.enumerated().map { index, loop in
            let share = connections / loops.count + (index < connections % loops.count ? 1 : 0)
            var configuration = configuration
            configuration.options.maximumConnections = share
            // No timers per lease. The pool parks a released connection with a keep-alive timer
            // and, above its minimum, an idle timer: each a `Task.sleep` in a task group of its
            // own, and a cancelled sleep's task and Dispatch timer stay allocated (heaptrack:
            // every one of 155 000 was still held at exit). Under paced clients connections park
            // between most requests, so the server grew by about 1 MiB a second. A fixed pool of
            // live connections needs neither: one that died answers its request 503 and the pool
            // replaces it.
            if fixed {
                configuration.options.minimumConnections = configuration.options.maximumConnections
                configuration.options.keepAliveBehavior = nil
            }
            // An event loop is a group of one: the pool opens all its connections there.
            return (
                loop,
                PostgresClient(configuration: configuration, eventLoopGroup: loop, backgroundLogger: backgroundLogger)
            )
        }
    }

    /// The pool of the caller's event loop.
    var client: PostgresClient { client(on: MultiThreadedEventLoopGroup.currentEventLoop) }

    /// The pool of `loop`; for no loop, or one without a pool of its own, the pools in turn.
    package func client(on loop: (any EventLoop)?) -> PostgresClient {
        if let loop, let pool = pools.first(where: { $0.loop === loop }) { return pool.client }
        return pools[Int(turn.wrappingAdd(1, ordering: .relaxed).oldValue % UInt(pools.count))].client
    }

    /// Runs every pool until graceful shutdown (each `PostgresClient` is a service of its own).
    package func run() async throws {
        await withDiscardingTaskGroup { group in
            for pool in pools {
                group.addTask { await pool.client.run() }
            }
        }
    }
}
