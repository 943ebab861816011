import CoreMetrics
import Hummingbird
import Prometheus

/// The server's metrics, through swift-metrics into a Prometheus registry of the server's own (not
/// the process-wide MetricsSystem, so that several servers in one test process keep theirs apart).
/// `GET /metrics` prints the registry.
package final class ServerMetrics: Sendable {
    package let registry = PrometheusCollectorRegistry()
    let factory: PrometheusMetricsFactory
    /// Connections leased from the pool right now, and database operations under way (leased or
    /// waiting for a connection: the difference is the queue).
    let connectionsInUse: Meter
    let operationsInFlight: Meter
    /// Requests being answered right now.
    let requestsInFlight: Meter
    /// Change streams open on this instance, `head` events written to them, and whether the live
    /// listener is connected (1) or reconnecting (0).
    let liveStreams: Meter
    let livePokes: CoreMetrics.Counter
    let liveListening: Meter

    package init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        // Loopback requests take well under a millisecond to a few: finer buckets than the default.
        factory.defaultDurationHistogramBuckets = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .seconds(2), .seconds(5),
        ]
        self.factory = factory
        connectionsInUse = Meter(label: "clubhouse_db_connections_in_use", factory: factory)
        operationsInFlight = Meter(label: "clubhouse_db_operations_in_flight", factory: factory)
        requestsInFlight = Meter(label: "clubhouse_http_requests_in_flight", factory: factory)
        liveStreams = Meter(label: "clubhouse_live_streams", factory: factory)
        livePokes = CoreMetrics.Counter(label: "clubhouse_live_pokes_total", factory: factory)
        liveListening = Meter(label: "clubhouse_live_listener_connected", factory: factory)
    }

    func recordRequest(method: String, route: String, status: Int, duration: Duration) {
        let dimensions = [("method", method), ("route", route), ("status", String(status))]
        Counter(label: "clubhouse_http_requests_total", dimensions: dimensions, factory: factory).increment()
        Timer(
            label: "clubhouse_http_request_duration_seconds", dimensions: [("method", method), ("route", route)],
            factory: factory
        )
        .recordNanoseconds(duration.nanoseconds)
    }

    func leased<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        connectionsInUse.increment()
        defer { connectionsInUse.decrement() }
        return try await body()
    }

    package var text: String { registry.emitToString() }
}

extension Duration {
    fileprivate var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// Counts every request and times it, by method, route pattern (never the raw path, whose ids
/// would make a metric per record) and status.
package struct MetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    package init(metrics: ServerMetrics) {
        self.metrics = metrics
    }

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        metrics.requestsInFlight.increment()
        defer { metrics.requestsInFlight.decrement() }
        let response = try await next(request, context)
        metrics.recordRequest(
            method: request.method.rawValue, route: context.endpointPath ?? "unmatched",
            status: response.status.code, duration: ContinuousClock.now - start)
        return response
    }
}
