import ClubhouseDomain
import Logging
import NIOPosix
import PostgresNIO

/// The PostgreSQL connections every route goes through (`ConnectionPools`). Each use is bounded
/// in time, so that while PostgreSQL is down or restarting a request answers 503
/// (`database_unavailable`) instead of waiting for the pool's reconnection; and counted, for the
/// pool-use metrics.
package final class Database: Sendable {
    package let pools: ConnectionPools
    let timeout: Duration
    let logger: Logger
    let metrics: ServerMetrics

    package init(pools: ConnectionPools, timeout: Duration, logger: Logger, metrics: ServerMetrics) {
        self.pools = pools
        self.timeout = timeout
        self.logger = logger
        self.metrics = metrics
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws, so no
    /// request ever leaves half its writes.
    package func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await leased { [logger] connection in try await Self.inTransaction(connection, logger: logger, body) }
    }

    /// Runs `body` on one connection, outside any explicit transaction (reads, and writes of one
    /// statement, which PostgreSQL makes atomic by itself).
    package func read<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await leased(body)
    }

    /// `transaction` for a signed-in request whose work is more than one statement: the token is
    /// checked first on the same connection, and `body` gets the account it signs in.
    package func transaction<Result: Sendable>(
        signedIn signIn: SignIn,
        _ body: @escaping @Sendable (PostgresConnection, User.ID) async throws -> Result
    ) async throws -> Result {
        try await leased { [logger] connection in
            let owner = try await signIn.check(on: connection, logger: logger)
            return try await Self.inTransaction(connection, logger: logger) { try await body($0, owner) }
        }
    }

    /// A signed-in request's write: one transaction whose first statement checks the token and
    /// takes the account's sync lock (`SyncLog.lock`'s) together, so that `body` runs under the
    /// lock with the account the token signs in. Every writer of an account's records and log
    /// starts here: a REST write (`RESTWrite`) and a push.
    package func write<Result: Sendable>(
        signedIn signIn: SignIn,
        _ body: @escaping @Sendable (PostgresConnection, User.ID) async throws -> Result
    ) async throws -> Result {
        try await leased { [logger] connection in
            try await Self.inTransaction(connection, logger: logger) { connection in
                try await body(connection, try await signIn.checkLocking(on: connection, logger: logger))
            }
        }
    }

    /// `read` for a signed-in request: the token is checked first on the same connection.
    package func read<Result: Sendable>(
        signedIn signIn: SignIn,
        _ body: @escaping @Sendable (PostgresConnection, User.ID) async throws -> Result
    ) async throws -> Result {
        try await leased { [logger] connection in
            try await body(connection, try await signIn.check(on: connection, logger: logger))
        }
    }

    /// `body` on a connection of the caller's pool, within the deadline, counted as a lease; the
    /// deadline can close the connection while `body` holds it, never after it went back to the
    /// pool.
    private func leased<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        // The pool of the caller's event loop, chosen here: the work runs in a task of its own.
        let client = pools.client
        return try await bounded { [metrics] lease in
            try await client.withConnection { connection in
                lease.hold(connection)
                defer { lease.release() }
                return try await metrics.leased { try await body(connection) }
            }
        }
    }

    private static func inTransaction<Result: Sendable>(
        _ connection: PostgresConnection, logger: Logger,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        do {
            return try await connection.withTransaction(logger: logger) { try await body($0) }
        } catch let error as PostgresTransactionError {
            // The rule or query that failed, not the wrapper: a refusal keeps its code, a lost
            // connection its 503.
            throw error.closureError ?? error.beginError ?? error.commitError ?? error
        }
    }

    /// Gives up after `timeout`, answering 503 without waiting for the work: the work is
    /// cancelled (which stops a wait for a connection at once) and its later answer dropped. A
    /// query on a PostgreSQL that stopped answering cannot be interrupted, and waiting for it
    /// kept SIGTERM's shutdown waiting for that request forever (the pool, which would close the
    /// connection, stops only after the HTTP server). The deadline is a timer on the event loop,
    /// not a task sleeping beside each operation (that took a task, a Dispatch timer and the
    /// sleeper's wake-up on every request: about a sixth of the server's CPU under load).
    ///
    /// At the deadline the work's connection, if it has one, is closed: PostgreSQL rolls back a
    /// transaction whose client went away before its COMMIT, so a write in a transaction answered
    /// 503 is not written later (a COMMIT or a single statement already sent may still apply:
    /// the window every timeout has), and the pool replaces the connection instead of lending it
    /// again.
    private func bounded<Result: Sendable>(
        _ body: @escaping @Sendable (ConnectionLease) async throws -> Result
    ) async throws -> Result {
        metrics.operationsInFlight.increment()
        defer { metrics.operationsInFlight.decrement() }
        let answer = FirstAnswer<Result>()
        let lease = ConnectionLease()
        let work = Task {
            do {
                answer.answer(.success(try await body(lease)))
            } catch {
                answer.answer(.failure(error))
            }
        }
        let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: .init(timeout)) {
            // Answered before the cancellation, so the work's CancellationError is the one dropped.
            answer.answer(.failure(APIError.databaseUnavailable))
            work.cancel()
            lease.abandon()
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await answer.value()
        } onCancel: {
            work.cancel()
        }
    }
}
