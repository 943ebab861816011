import ClubhouseServer
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// A server instance run in-process with its services (the pool, live sync's listener) on a real
/// loopback port, as `clubhouse-server` runs them: several of these on one database are several
/// instances. `stop` shuts it down gracefully, as SIGTERM does.
final class LiveServer: Sendable {
    let port: Int
    private let group: ServiceGroup
    private let running: Task<Void, any Error>

    private init(port: Int, group: ServiceGroup, running: Task<Void, any Error>) {
        self.port = port
        self.group = group
        self.running = running
    }

    /// An instance on `database` (migrated already, or migrated here), scrypt at the testing cost.
    static func start(
        _ database: TestDatabase, configure: @Sendable (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> LiveServer {
        var configuration = ServerConfiguration.inTestProcess(on: database)
        configure(&configuration)
        var logger = Logger(label: "live-test-server")
        logger.logLevel = .critical
        try await ClubhouseServer.migrate(database.address, logger: logger)
        let (ports, listening) = AsyncStream<Int>.makeStream()
        let app = ClubhouseServer.application(configuration, logger: logger) { port in listening.yield(port) }
        let group = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        // A server that fails before listening ends the stream, so the wait below ends too.
        let running = Task {
            defer { listening.finish() }
            try await group.run()
        }
        guard let port = await ports.first(where: { _ in true }) else {
            // Ended by a failure to start, or by this test's cancellation (which stops it too).
            running.cancel()
            let failure = await running.result
            throw ClusterError("the in-process server did not listen: \(failure)")
        }
        return LiveServer(port: port, group: group, running: running)
    }

    /// Graceful shutdown (SIGTERM's); returns once every service has stopped.
    func stop() async throws {
        await group.triggerGracefulShutdown()
        // A test cancelled (by its watchdog) while the server drains stops the server too.
        let running = running
        try await withTaskCancellationHandler {
            try await running.value
        } onCancel: {
            running.cancel()
        }
    }

    deinit {
        running.cancel()
    }

    func call(_ method: HTTPRequest.Method, _ path: String, json: String? = nil, token: String? = nil)
        async throws -> Reply
    {
        try await ServerProcess.call(port: port, method, path, json: json, token: token)
    }

    /// Registers `username` (if new) and signs in: a bearer token.
    func token(_ username: String, register: Bool = true) async throws -> String {
        let body = #"{"username":"\#(username)","password":"correct horse"}"#
        if register {
            let registered = try await call(.post, "/v1/accounts", json: body)
            guard registered.status == .created else { throw ClusterError("register: \(registered.text)") }
        }
        let session = try await call(.post, "/v1/sessions", json: body)
        guard let token = session["token"] as? String else { throw ClusterError("sign in: \(session.text)") }
        return token
    }

    /// A metric's value as `/metrics` prints it (a line `NAME VALUE`).
    func metric(_ name: String) async throws -> Double? {
        let text = try await call(.get, "/metrics").text
        let line = text.split(separator: "\n").first { $0.hasPrefix("\(name) ") }
        return line?.split(separator: " ").last.flatMap { Double($0) }
    }
}
