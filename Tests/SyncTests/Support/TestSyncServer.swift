import ClubhouseServer
import ClubhouseServerTestSupport
import ClubhouseSyncWire
import Foundation
import Hummingbird
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// The server the devices sync with, on a fresh database of the shared throwaway PostgreSQL
/// cluster, listening on a loopback port. Either the built `clubhouse-server` as a process (which
/// a test can SIGKILL and start again on the same port and database, as an operator's server
/// crashes and comes back), or the same server in this process with passwords hashed at the
/// testing cost (a sign-in at the CLI's cost takes a second and 128 MiB; most tests sign in
/// several devices and are about sync, not hashing).
final class TestSyncServer: @unchecked Sendable {
    static let password = "correct horse"

    enum Kind {
        case process, inProcess
    }

    let database: TestDatabase
    let port: Int
    private(set) var process: ServerProcess?
    private var service: Task<Void, any Error>?

    var url: String { "http://127.0.0.1:\(port)" }

    private init(database: TestDatabase, port: Int, process: ServerProcess?, service: Task<Void, any Error>?) {
        self.database = database
        self.port = port
        self.process = process
        self.service = service
    }

    /// `live`: an in-process server LISTENs for the change stream (one more PostgreSQL connection
    /// each, on a cluster dozens of test servers share); a server process always does.
    /// `configure` changes an in-process server's configuration further.
    static func start(
        _ kind: Kind = .inProcess, live: Bool = false,
        configure: @Sendable (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> TestSyncServer {
        let database = try await PostgresCluster.shared().createDatabase()
        switch kind {
        case .process:
            let process = try await ServerProcess.serving(database.url)
            return TestSyncServer(database: database, port: process.port, process: process, service: nil)
        case .inProcess:
            return try await inProcess(on: database, migrating: true, live: live, configure: configure)
        }
    }

    /// A second server instance, in this process, on the same database: what a deployment with
    /// several `clubhouse-server` processes on one PostgreSQL looks like to each device.
    func alongside() async throws -> TestSyncServer {
        try await Self.inProcess(on: database, migrating: false, live: true)
    }

    private static func inProcess(
        on database: TestDatabase, migrating: Bool, live: Bool,
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> TestSyncServer {
        var configuration = ServerConfiguration.inTestProcess(on: database)
        configuration.listensForChanges = live
        configure(&configuration)
        var logger = Logger(label: "sync-test-server")
        logger.logLevel = .critical
        if migrating { try await ClubhouseServer.migrate(database.address, logger: logger) }
        let (ports, listening) = AsyncStream<Int>.makeStream()
        let app = ClubhouseServer.application(configuration, logger: logger) { port in listening.yield(port) }
        // A server that fails before listening ends the stream, so the wait below ends too.
        let service = Task {
            defer { listening.finish() }
            try await app.runService(gracefulShutdownSignals: [])
        }
        guard let port = await ports.first(where: { _ in true }) else {
            // Ended by a failure to start, or by this test's cancellation (which stops it too).
            service.cancel()
            let failure = await service.result
            throw ClusterError("the in-process server did not listen: \(failure)")
        }
        return TestSyncServer(database: database, port: port, process: nil, service: service)
    }

    deinit {
        service?.cancel()
    }

    /// SIGKILL: whatever it was doing is cut off (the process kind only).
    func kill() async throws {
        guard let process else { throw ClusterError("only a server process can be killed") }
        process.signal(SIGKILL)
        _ = try await process.wait(atMost: 30)
    }

    /// Starts it again on the same port (the devices keep its address) and database.
    func restart() async throws {
        guard let process else { throw ClusterError("only a server process can be restarted") }
        if process.poll() == nil { try await kill() }
        self.process = try await ServerProcess.serving(database.url, ["--port", String(port)])
    }

    /// One request on a connection of its own.
    func call(_ method: HTTPRequest.Method, _ path: String, json: String? = nil, token: String? = nil) async throws
        -> Reply
    {
        try await ServerProcess.call(port: port, method, path, json: json, token: token)
    }

    /// Raw JSON to the sync API (what a device would send), answered as it comes.
    func send(_ method: HTTPRequest.Method, _ path: String, _ body: some Encodable, token: String) async throws -> Reply
    {
        try await call(
            method, path, json: String(decoding: try JSONEncoder().encode(body), as: UTF8.self), token: token)
    }

    /// A bearer token of the account, as a script using the REST API gets one.
    func token(_ username: String) async throws -> String {
        let body = #"{"username":"\#(username)","password":"\#(Self.password)"}"#
        let reply = try await call(.post, "/v1/sessions", json: body)
        guard let token = reply["token"] as? String else { throw ClusterError("sign in \(username): \(reply.text)") }
        return token
    }

    /// Every change of the account's log, in order, read from the start as a device that has never
    /// synced reads it (its own notices aside, which a new device id never has).
    func log(token: String) async throws -> [SyncLoggedChange] {
        let reader = UUID().uuidString.lowercased()
        var after: Int64 = 0
        var changes: [SyncLoggedChange] = []
        while true {
            let reply = try await call(
                .get, "/v1/sync/changes?device=\(reader)&after=\(after)&limit=1000&wire=\(SyncWireVersion.current)",
                token: token)
            guard reply.status == .ok else { throw ClusterError("sync/changes: \(reply.status) \(reply.text)") }
            let page = try JSONDecoder().decode(SyncChangesPage.self, from: reply.body)
            changes += page.changes.compactMap(\.change)
            guard page.more, page.next > after else { return changes }
            after = page.next
        }
    }

    /// The account's records as the server's log makes them.
    func dump(token: String) async throws -> RecordDump {
        var dump = RecordDump()
        for change in try await log(token: token) {
            dump.apply(change.entity, key: change.key, op: change.op, fields: change.fields)
        }
        return dump
    }
}
