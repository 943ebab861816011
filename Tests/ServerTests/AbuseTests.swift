import ClubhouseServer
import ClubhouseTestSupport
import Foundation
import Hummingbird
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The server under a hostile client: sign-in guesses sent at once on two instances, connections
/// that send slowly or not at all, more connections than it takes, broken chunking and uploads cut
/// off. Against the built binary (or in-process instances on real ports) and a real PostgreSQL.
@Suite("The server under abuse", .heavy)
struct AbuseTests {
    /// Thirty wrong passwords for one username sent at once, fifteen to each of two instances on
    /// one PostgreSQL: the count lives in PostgreSQL, so together they are checked six times (the
    /// five allowed and the one that starts the wait), as one after the other would be. (Each
    /// instance lets the client have all fifteen in its hashing line.)
    @Test func guessesAtOnceOnTwoInstancesCountAsOne() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let configure: @Sendable (inout ServerConfiguration) -> Void = {
            $0.firstSignInWait = .seconds(60)
            $0.hashesWaitingPerClient = 15
            $0.listensForChanges = false
        }
        let first = try await LiveServer.start(database, configure: configure)
        let second = try await LiveServer.start(database, configure: configure)
        _ = try await first.token("ana")
        let statuses = try await statusesAtOnce(30) { index in
            try await (index.isMultiple(of: 2) ? first : second).call(
                .post, "/v1/sessions", json: #"{"username":"ana","password":"wrong password"}"#
            ).status
        }
        #expect(statuses.filter { $0 == .unauthorized }.count == 6)
        #expect(statuses.filter { $0 == .tooManyRequests }.count == 24)
        try await first.stop()
        try await second.stop()
    }

    /// Connections that never finish their headers and bodies that stop half-way are closed once
    /// they have sent nothing for the idle timeout (they used to stay open for good), and an upload
    /// cut off by its client is no error line; the server answers others all along.
    @Test func slowHeadersAndStalledBodiesAreClosedQuietly() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let server = try await ServerProcess.serving(database.url, ["--idle-timeout", "5"])
        var connections: [RawConnection] = []
        for index in 0..<20 {
            let connection = try RawConnection(port: server.port)
            if index.isMultiple(of: 2) {
                try connection.send("GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            } else {
                try connection.send(
                    "POST /v1/accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 100\r\n\r\n{\"username\":")
            }
            connections.append(connection)
        }
        #expect(try await server.call(.get, "/health").status == .ok)
        for (index, connection) in connections.enumerated() {
            #expect(try await connection.readUntilClosed(within: 60) != nil, "connection \(index) is still open")
        }
        // An upload its client gives up on.
        for _ in 0..<5 {
            let cut = try RawConnection(port: server.port)
            try cut.send(
                "POST /v1/accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 100\r\n\r\n{\"user")
        }
        #expect(try await server.call(.get, "/health").status == .ok)
        server.signal(SIGTERM)
        #expect(try await server.wait() == .exited(0))
        let errors = (server.stdout + server.stderr).split(separator: "\n").filter {
            $0.split(separator: " ").dropFirst().first == "error"
        }
        #expect(errors.isEmpty, "\(errors)")
    }

    /// Past `--max-clients` a connection is not accepted: its request waits unanswered until one
    /// of the open connections closes, then it is answered.
    @Test func aConnectionPastTheBoundWaitsForAPlace() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let server = try await ServerProcess.serving(database.url, ["--max-clients", "3"])
        var held = try (0..<3).map { _ in try RawConnection(port: server.port) }
        // Each held connection is answered once: the server has surely accepted all three.
        for connection in held {
            try connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.read(until: "\r\n\r\n", within: 60)?.hasPrefix("HTTP/1.1 200") == true)
        }
        let waiting = try RawConnection(port: server.port)
        try waiting.send("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(try await waiting.read(until: "HTTP/1.1", within: 2) == nil, "answered past the bound")
        held.removeLast()
        let answer = try await waiting.read(until: "\r\n\r\n", within: 60)
        #expect(answer?.hasPrefix("HTTP/1.1 200") == true, "\(answer ?? "no answer once a place was free")")
    }

    /// A chunked body whose chunk size is not a number is the client's mistake: 400
    /// `malformed_body`, nothing written (it answered 500).
    @Test func brokenChunkingIsA400() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let server = try await ServerProcess.serving(database.url)
        let connection = try RawConnection(port: server.port)
        try connection.send(
            "POST /v1/accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Connection: close\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{\"username\":\"ana\"}\r\n0\r\n\r\n")
        let answer = try #require(try await connection.readUntilClosed(within: 60))
        #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
        #expect(answer.contains("\"malformed_body\""), "\(answer)")
        #expect(try await database.values("SELECT count(*)::text FROM users") == ["0"])
    }
}
