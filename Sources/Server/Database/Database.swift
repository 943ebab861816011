import Logging
import PostgresNIO

/// The pool of PostgreSQL connections every route goes through. Each use is bounded in time, so
/// that while PostgreSQL is down or restarting a request answers 503 (`database_unavailable`)
/// instead of waiting for the pool's reconnection; and counted, for the pool-use metrics.
package final class Database: Sendable {
    package let client: PostgresClient
    let timeout: Duration
    let logger: Logger
    let metrics: ServerMetrics

    package init(client: PostgresClient, timeout: Duration, logger: Logger, metrics: ServerMetrics) {
        self.client = client
        self.timeout = timeout
        self.logger = logger
        self.metrics = metrics
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws, so no
    /// request ever leaves half its writes.
    package func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await bounded { [client, logger, metrics] in
            do {
                return try await client.withTransaction(logger: logger) { connection in
                    try await metrics.leased { try await body(connection) }
                }
            } catch let error as PostgresTransactionError {
                // The rule or query that failed, not the wrapper: a refusal keeps its code, a
                // lost connection its 503.
                throw error.closureError ?? error.beginError ?? error.commitError ?? error
            }
        }
    }

    /// Runs `body` on one connection, outside any explicit transaction (reads).
    package func read<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await bounded { [client, metrics] in
            try await client.withConnection { connection in try await metrics.leased { try await body(connection) } }
        }
    }

    /// Gives up after `timeout`: cancelling stops a wait for a connection at once.
    private func bounded<Result: Sendable>(
        _ body: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        metrics.operationsInFlight.increment()
        defer { metrics.operationsInFlight.decrement() }
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask { try await body() }
            group.addTask { [timeout] in
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let result = first else {
                throw APIError.databaseUnavailable
            }
            return result
        }
    }
}
