import ClubhouseServer
@_exported import ClubhouseServerTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging

/// Runs the server in-process on a fresh database of the shared test cluster, with scrypt at the
/// testing cost (every test registers accounts).
enum TestServer {
    /// `prepare` runs on the empty database before the migrations (a database an older release made).
    static func run<Value: Sendable>(
        configure: @Sendable (inout ServerConfiguration) -> Void = { _ in },
        prepare: @Sendable (TestDatabase) async throws -> Void = { _ in },
        _ test: @Sendable (API, TestDatabase) async throws -> Value
    ) async throws -> Value {
        let database = try await PostgresCluster.shared().createDatabase()
        try await prepare(database)
        var configuration = ServerConfiguration.inTestProcess(on: database)
        // The router tests read no change stream: no LISTEN connection per server (LiveServer has one).
        configuration.listensForChanges = false
        configure(&configuration)
        var logger = Logger(label: "clubhouse-server-test")
        logger.logLevel = .critical
        try await ClubhouseServer.migrate(database.address, logger: logger)
        let app = ClubhouseServer.application(configuration, logger: logger)
        return try await app.test(.router) { client in try await test(API(client: client), database) }
    }
}

/// A client of the API under test: raw requests, and the common steps (an account signed in).
struct API: Sendable {
    let client: any TestClientProtocol

    func call(
        _ method: HTTPRequest.Method, _ path: String, json: String? = nil, token: String? = nil,
        headers extra: HTTPFields = [:]
    ) async throws -> Reply {
        var headers = extra
        if json != nil { headers[.contentType] = "application/json" }
        if let token { headers[.authorization] = "Bearer \(token)" }
        let response = try await client.executeRequest(
            uri: path, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
        return Reply(status: response.status, headers: response.headers, body: Data(buffer: response.body))
    }

    func call(_ method: HTTPRequest.Method, _ path: String, body: [String: Any], token: String? = nil)
        async throws -> Reply
    {
        let data = try JSONSerialization.data(withJSONObject: body)
        return try await call(method, path, json: String(decoding: data, as: UTF8.self), token: token)
    }

    /// Registers `username` and signs in; returns the bearer token.
    func signedIn(_ username: String, password: String = "correct horse") async throws -> String {
        let registered = try await call(.post, "/v1/accounts", body: ["username": username, "password": password])
        guard registered.status == .created else { throw ClusterError("register \(username): \(registered.text)") }
        let session = try await call(.post, "/v1/sessions", body: ["username": username, "password": password])
        guard session.status == .created, let token = session["token"] as? String else {
            throw ClusterError("sign in \(username): \(session.text)")
        }
        return token
    }

    /// Adds a player and returns its id.
    func addPlayer(_ name: String, token: String, _ extra: [String: Any] = [:]) async throws -> Int64 {
        var body = extra
        body["name"] = name
        let reply = try await call(.post, "/v1/players", body: body, token: token)
        guard reply.status == .created, let id = (reply["id"] as? NSNumber)?.int64Value else {
            throw ClusterError("add player \(name): \(reply.text)")
        }
        return id
    }
}
