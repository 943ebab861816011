import ClubhouseSyncWire
import Hummingbird
import Logging
import NIOPosix
import PostgresNIO

/// The server, assembled: migrations first (on a connection of their own, so that an unreachable
/// database or a schema newer than the binary stops the start with one clear line), then the
/// Hummingbird application whose services are the connection pools, live sync and the HTTP
/// server. The executable runs it; tests run it in-process.
package enum ClubhouseServer {
    /// Runs Swift concurrency's tasks on SwiftNIO's event loops, where the sockets (HTTP and
    /// PostgreSQL) are served, instead of a thread pool of its own: a request's handler then
    /// continues on the thread that read its answer, without a hop to another thread and back
    /// for every await. Call it first, once, before any task starts (the executable's entry).
    @discardableResult
    package static func runTasksOnEventLoops() -> Bool {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }

    /// Brings the database to this binary's schema; returns the versions applied.
    @discardableResult
    package static func migrate(_ address: DatabaseAddress, logger: Logger) async throws -> [Int] {
        var configuration = address.connectionConfiguration
        configuration.options.connectTimeout = .seconds(10)
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
        } catch {
            throw ServerStartError(
                "cannot connect to PostgreSQL at \(address.description): \(DatabaseFailure.describe(error))")
        }
        do {
            let applied = try await Migrator().migrate(connection, logger: logger)
            try? await connection.close()
            return applied
        } catch let error as ServerStartError {
            try? await connection.close()
            throw error
        } catch {
            try? await connection.close()
            throw ServerStartError("cannot migrate the database: \(DatabaseFailure.describe(error))")
        }
    }

    package typealias App = Application<RouterResponder<ServerRequestContext>>

    /// Every route served, as `METHOD /path/{parameter}`: what the OpenAPI document must list.
    package static func routes() -> [String] {
        let address = DatabaseAddress(host: "127.0.0.1", port: 5432, username: "routes", database: "routes")
        let configuration = ServerConfiguration(database: address)
        let (router, _, _) = parts(configuration, logger: Logger(label: "routes"))
        return router.routes.map { "\($0.method) \($0.path)" }
    }

    /// The router and the services it needs (not yet running): the connection pools, and live
    /// sync's listener.
    private static func parts(_ configuration: ServerConfiguration, logger: Logger) -> (
        Router<ServerRequestContext>, ConnectionPools, LiveService
    ) {
        var clientConfiguration = configuration.database.clientConfiguration
        clientConfiguration.options.connectTimeout = configuration.databaseTimeout
        var clientLogger = logger
        // The pools log every failed reconnection at error level while PostgreSQL is down; the
        // requests' 503s already say so.
        clientLogger.logLevel = max(logger.logLevel, .critical)
        let pools = ConnectionPools(
            clientConfiguration, maximumConnections: configuration.maximumConnections,
            fixed: configuration.keepsConnectionsOpen, backgroundLogger: clientLogger)
        let metrics = ServerMetrics()
        let database = Database(
            pools: pools, timeout: configuration.databaseTimeout, logger: logger, metrics: metrics)
        let hub = LiveHub(
            maximumStreams: configuration.maximumStreams, maximumStreamsPerAccount: SyncLimits.streamsPerAccount,
            keepAlive: configuration.streamKeepAlive, metrics: metrics)
        let listener =
            configuration.listensForChanges
            ? LogListener(
                address: configuration.database, hub: hub, timeout: configuration.databaseTimeout, logger: logger)
            : nil
        let router = Routes(
            database: database, metrics: metrics,
            hashing: PasswordHashing(
                cost: configuration.hashCost, concurrent: configuration.concurrentHashes,
                waitingPerClient: configuration.hashesWaitingPerClient, waiting: configuration.hashesWaiting),
            configuration: configuration, hub: hub
        ).router()
        return (router, pools, LiveService(hub: hub, listener: listener))
    }

    /// The application, not yet running. `onServerRunning` learns the bound port (port 0 picks one).
    package static func application(
        _ configuration: ServerConfiguration, logger: Logger,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> App {
        let (router, pools, live) = parts(configuration, logger: logger)
        let idle = configuration.clientIdleTimeout.components
        return Application(
            router: router,
            // A connection that sends nothing for the idle timeout is closed: headers never
            // finished, a body stalled, or nothing between requests (a request being answered,
            // a change stream among them, is never idle).
            server: .http1(
                configuration: .init(
                    idleTimeout: .nanoseconds(idle.seconds * 1_000_000_000 + idle.attoseconds / 1_000_000_000))),
            // Past the bound a connection is not accepted: it waits in the listen queue until one
            // closes (Hummingbird's own limit), and the idle timeout above closes those that hold
            // a place while sending nothing.
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: nil,
                availableConnectionsDelegate: .maximum(configuration.maximumClientConnections, logger: logger)),
            // Shut down in reverse: the HTTP server (Hummingbird's, last), live sync, then the pools.
            services: [pools, live],
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
    }
}
