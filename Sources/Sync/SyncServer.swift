internal import AsyncHTTPClient
import Clubhouse
internal import ClubhouseSyncWire
import Foundation
internal import NIOCore
internal import NIOHTTP1

/// The server's `/v1` API as this device uses it: sign in, push, pull, handoff. One value per
/// sync; ``shutdown()`` when done. The token goes in the Authorization header and nowhere else
/// (never into an error or a log).
final class SyncServer: Sendable {
    let url: String
    let token: String?
    let client: HTTPClient
    /// The largest answer read (a page of 1 000 changes is far below it).
    private static let answerLimit = 64 * 1024 * 1024

    /// `readTimeout`: how long an answer may stay silent (a change stream's keep-alives come
    /// every ``SyncLimits/streamKeepAlive``).
    init(url: String, token: String? = nil, readTimeout: Duration = .seconds(60)) {
        self.url = url
        self.token = token
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .seconds(10), read: .init(readTimeout))
        configuration.redirectConfiguration = .disallow
        // Servers close a connection idle for 30 s (clubhouse-server's --idle-timeout): let go of
        // one sooner, so a request never goes out on a connection the server is closing.
        configuration.connectionPool = .init(idleTimeout: .seconds(20))
        self.client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func shutdown() async {
        try? await client.shutdown()
    }

    /// An address the client can use: http or https, a host, no query; without a trailing slash.
    static func normalized(_ text: String) throws(SyncError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        // Credentials travel in the sign-in's body, never in the address (which is stored, shown
        // and logged): refused, and the refusal does not echo them.
        let shown = ServerAddress.shown(trimmed)
        guard shown == trimmed else { throw .addressWithCredentials(shown) }
        guard let components = URLComponents(string: trimmed),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty, components.query == nil, components.fragment == nil,
            components.user == nil, components.password == nil,
            // NIO traps on a port it cannot hold: refuse it here, from `remote set` or a tampered file.
            components.port.map({ (1...65_535).contains($0) }) ?? true
        else { throw .invalidURL(text) }
        var result = trimmed
        while result.hasSuffix("/") { result.removeLast() }
        return result
    }

    // MARK: Accounts

    struct Credentials: Encodable {
        var username: String
        var password: String
        /// Sign-in only; nil is left out (a registration, or no cookie yet).
        var deviceCookie: String?
    }

    struct Session: Decodable {
        var token: String
        /// Absent from a server older than 0.9.0.
        var deviceCookie: String?
    }

    func register(username: String, password: String) async throws -> Int {
        let (status, _) = try await send(
            .POST, "/v1/accounts", body: Credentials(username: username, password: password), authorized: false,
            accept: [201])
        return status
    }

    /// The token, and the device cookie to keep for the next sign-in. `deviceCookie` is the one
    /// kept from the last, sent only when it has the shape servers give (a tampered file's is not).
    func signIn(username: String, password: String, deviceCookie: String?) async throws -> Session {
        let cookie = deviceCookie.flatMap { SessionSecret.isWellFormed($0) ? $0 : nil }
        let (_, body) = try await send(
            .POST, "/v1/sessions", body: Credentials(username: username, password: password, deviceCookie: cookie),
            authorized: false, accept: [201, 200])
        var session = try decode(Session.self, body)
        if let answered = session.deviceCookie, !SessionSecret.isWellFormed(answered) { session.deviceCookie = nil }
        return session
    }

    func signOut() async throws {
        _ = try await send(.DELETE, "/v1/sessions/current", body: Optional<Credentials>.none, accept: [200, 204])
    }

    // MARK: Sync

    /// Measures the clock too: (serverTime, sent, received) in Unix ms.
    struct Timed<Value> {
        var value: Value
        var sent: Int64
        var received: Int64
    }

    /// Throws `TooSlow` when the server did not finish the page in time (the same changes can be
    /// sent again in smaller pages).
    func push(_ request: SyncPushRequest) async throws -> Timed<SyncPushResponse> {
        let sent = Self.now()
        let (_, body) = try await exchange(.POST, "/v1/sync/push", body: request, accept: [200])
        return Timed(value: try decode(SyncPushResponse.self, body), sent: sent, received: Self.now())
    }

    /// Throws `TooSlow` when the server did not read the page in time (a smaller one may fit).
    func changes(device: UUID, after: Int64, limit: Int) async throws -> Timed<SyncChangesPage> {
        let sent = Self.now()
        // The wire's version: a server sends an older device only the fields it knows.
        let path =
            "/v1/sync/changes?device=\(SyncKey.text(device))&after=\(after)&limit=\(limit)&wire=\(SyncWireVersion.current)"
        let (_, body) = try await exchange(.GET, path, body: Optional<Credentials>.none, accept: [200])
        return Timed(value: try decode(SyncChangesPage.self, body), sent: sent, received: Self.now())
    }

    func putHandoff(_ handoff: SyncHandoffPush) async throws {
        _ = try await send(.PUT, "/v1/sync/handoff", body: handoff, accept: [204, 200])
    }

    /// The newest handoff of another device for `scene`, nil when there is none.
    func handoff(device: UUID, scene: String) async throws -> SyncHandoff? {
        let path = "/v1/sync/handoff?device=\(SyncKey.text(device))&scene=\(scene)"
        let (status, body) = try await send(.GET, path, body: Optional<Credentials>.none, accept: [200, 404])
        return status == 404 ? nil : try decode(SyncHandoff.self, body)
    }

    /// This device's time: the library's clock (with its skew, if any: `ClubhouseApp.now()`).
    static func now() -> Int64 { ClubhouseApp.now() }

    // MARK: Inside

    private struct ErrorAnswer: Decodable {
        struct Body: Decodable {
            var code: String
            var message: String
        }
        var error: Body
    }

    /// A request the server did not finish in time: answered 503 or 504 (its database deadline
    /// passed), or not answered before this client's timeout. `error` says so as any other
    /// unreachable server.
    struct TooSlow: Error {
        var error: SyncError
    }

    private func send<Body: Encodable>(
        _ method: HTTPMethod, _ path: String, body: Body?, authorized: Bool = true, accept: Set<Int>
    ) async throws -> (Int, ByteBuffer) {
        do {
            return try await exchange(method, path, body: body, authorized: authorized, accept: accept)
        } catch let slow as TooSlow {
            throw slow.error
        }
    }

    private func exchange<Body: Encodable>(
        _ method: HTTPMethod, _ path: String, body: Body?, authorized: Bool = true, accept: Set<Int>
    ) async throws -> (Int, ByteBuffer) {
        var request = HTTPClientRequest(url: url + path)
        request.method = method
        request.headers.add(name: "Accept", value: "application/json")
        if authorized, let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            let data = try JSONEncoder().encode(body)
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: data))
        }
        let status: Int
        let answer: ByteBuffer
        do {
            let response = try await client.execute(request, timeout: .seconds(120))
            status = Int(response.status.code)
            answer = try await response.body.collect(upTo: Self.answerLimit)
        } catch {
            let reason = Self.reason(error)
            let unreachable = SyncError.unreachable(url: url, reason: reason, waiting: 0)
            throw reason == Self.noAnswerInTime ? TooSlow(error: unreachable) : unreachable
        }
        guard !accept.contains(status) else { return (status, answer) }
        throw refusal(status: status, answer)
    }

    /// The error an answer with a status not asked for stands for.
    func refusal(status: Int, _ answer: ByteBuffer) -> any Error {
        let refusal = try? JSONDecoder().decode(ErrorAnswer.self, from: Data(answer.readableBytesView))
        switch (status, refusal?.error.code) {
        case (401, "wrong_credentials"): return SyncError.wrongCredentials
        case (401, _): return SyncError.signedOut(url: url)
        case (429, let code) where code != "too_many_streams": return SyncError.tooManyAttempts
        case (502...504, _):
            let unreachable = SyncError.unreachable(
                url: url, reason: refusal?.error.message ?? "the server answered \(status)", waiting: 0)
            return status == 502 ? unreachable : TooSlow(error: unreachable)
        default:
            return SyncError.refused(
                status: status, code: refusal?.error.code ?? "http_\(status)",
                message: refusal?.error.message ?? "HTTP status \(status)")
        }
    }

    private func decode<Value: Decodable>(_ type: Value.Type, _ body: ByteBuffer) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(body.readableBytesView))
        } catch {
            throw SyncError.badResponse("not the expected \(type)")
        }
    }

    static let noAnswerInTime = "the server did not answer in time"

    /// Why a request did not get an answer, in a few words.
    static func reason(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("connectTimeout") || text.contains("ConnectTimeout") { return "the connection timed out" }
        if text.contains("refused") || text.contains("ECONNREFUSED") || text.contains("errno: 111") {
            return "connection refused"
        }
        if text.contains("deadlineExceeded") || text.contains("readTimeout") { return noAnswerInTime }
        if text.contains("UnknownHost") || text.contains("NXDOMAIN") || text.contains("resolve")
            || text.contains("getaddrinfo")
            || text.contains("lookup")
        {
            return "the host name could not be resolved"
        }
        if text.contains("unreachable") || text.contains("ENETUNREACH") || text.contains("EHOSTUNREACH") {
            return "the network is unreachable"
        }
        if text.contains("remoteConnectionClosed") || text.contains("ECONNRESET") {
            return "the server closed the connection"
        }
        if text.contains("TLS") || text.contains("SSL") || text.contains("handshake") {
            return "the secure connection failed"
        }
        return "the server could not be reached"
    }
}
