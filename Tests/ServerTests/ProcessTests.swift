import ClubhouseTestSupport
import Foundation
import Hummingbird
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built `clubhouse-server` as a process: refusing to start, two starting at once, SIGTERM
/// with requests in flight (and with PostgreSQL no longer answering them), and PostgreSQL
/// restarted under it.
@Suite("clubhouse-server process", .heavy, .serialized)
struct ProcessTests {
    @Test func refusesToStartWithOneClearLine() async throws {
        let (noURL, noURLError) = try await ServerProcess.run([])
        #expect(noURL == .exited(1))
        #expect(noURLError == "error: no database: pass --database-url or set DATABASE_URL\n")

        let (badURL, badURLError) = try await ServerProcess.run(["--database-url", "mysql://x@y/z"])
        #expect(badURL == .exited(1))
        #expect(badURLError.hasPrefix("error: the database URL must look like postgres://"))

        let cluster = try PostgresCluster()
        let url = "postgres://postgres@127.0.0.1:\(cluster.port)/postgres"
        try cluster.stop()
        let (down, downError) = try await ServerProcess.run([], environment: ["DATABASE_URL": url])
        #expect(down == .exited(1))
        #expect(
            downError.hasPrefix("error: cannot connect to PostgreSQL at 127.0.0.1:\(cluster.port) database postgres: "))
        #expect(downError.filter { $0 == "\n" }.count == 1)

        let database = try await PostgresCluster.shared().createDatabase()
        try await database.execute(
            "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now());"
                + "INSERT INTO schema_migrations (version, name) VALUES (1, '0001_initial'), (2, '0002_sync'), (3, '0003_sync_kind'), (4, '0004_live'), (5, '0005_device_cookies'), (6, '0006_shirt_number'), (7, '0007_username_skeletons'), (8, '0008_from_the_future')"
        )
        let (newer, newerError) = try await ServerProcess.run(["--database-url", database.url.url, "--port", "0"])
        #expect(newer == .exited(1))
        #expect(
            newerError.hasPrefix("error: the database's schema is version 8, newer than this clubhouse-server's (7)"))
    }

    @Test func twoServersStartingAtOnceMigrateOnce() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let first = try ServerProcess(["--database-url", database.url.url, "--port", "0"])
        let second = try ServerProcess(["--database-url", database.url.url, "--port", "0"])
        try await first.waitUntilListening()
        try await second.waitUntilListening()
        #expect(try await database.values("SELECT count(*)::text FROM schema_migrations") == ["7"])
        for server in [first, second] {
            #expect(try await server.call(.get, "/health").status == .ok)
        }
        // What one writes the other reads.
        let token = try await first.signedIn("ana")
        #expect(try await second.call(.get, "/v1/account", token: token)["username"] as? String == "ana")
        first.signal(SIGTERM)
        second.signal(SIGTERM)
        #expect(try await first.wait() == .exited(0))
        #expect(try await second.wait() == .exited(0))
    }

    /// Three registrations are in flight when SIGTERM arrives (held there by a PostgreSQL that has
    /// stopped answering, so that they are still in flight however busy the machine is): once it
    /// answers again each is answered, every account is stored, then the server exits 0.
    @Test func sigtermFinishesRequestsInFlightThenExitsZero() async throws {
        let cluster = try PostgresCluster()
        defer { try? cluster.stop() }
        let url = DatabaseAddressText(url: "postgres://postgres@127.0.0.1:\(cluster.port)/postgres")
        let server = try await ServerProcess.serving(url, ["--database-timeout", "120"])
        let names = ["ana", "kai", "lu"]
        try cluster.freeze()
        try await withThrowingTaskGroup(of: Reply.self) { group in
            for name in names {
                group.addTask {
                    try await server.call(
                        .post, "/v1/accounts", json: #"{"username":"\#(name)","password":"correct horse"}"#)
                }
            }
            try await Self.waitUntilInFlight(3, on: server)
            server.signal(SIGTERM)
            // Still serving what it had: nothing is answered before PostgreSQL is.
            try await Task.sleep(for: .milliseconds(500))
            #expect(server.poll() == nil)
            try cluster.thaw()
            for try await reply in group {
                #expect(reply.status == .created, "\(reply.text)")
            }
        }
        #expect(try await server.wait() == .exited(0))
        let database = TestDatabase(address: cluster.address())
        #expect(try await database.values("SELECT username FROM users ORDER BY username") == names)
    }

    /// PostgreSQL stops answering (a paused host: its connections stay open, queries wait) with
    /// requests in flight on it, then SIGTERM: each request answers 503 at its database
    /// deadline and the server exits 0. (It used to wait for those queries forever: the pool
    /// that would close their connections shuts down only after the HTTP server.)
    @Test func sigtermWhilePostgresStoppedAnsweringExitsZero() async throws {
        let cluster = try PostgresCluster()
        defer { try? cluster.stop() }
        let url = DatabaseAddressText(url: "postgres://postgres@127.0.0.1:\(cluster.port)/postgres")
        // A deadline long enough for the requests to be seen in flight on a busy machine.
        let server = try await ServerProcess.serving(url, ["--database-timeout", "10"])
        let token = try await server.signedIn("ana")
        try cluster.freeze()
        try await withThrowingTaskGroup(of: Reply.self) { group in
            for name in ["Kai", "Lu", "Zoë"] {
                group.addTask {
                    try await server.call(.post, "/v1/players", json: #"{"name":"\#(name)"}"#, token: token)
                }
            }
            try await Self.waitUntilInFlight(3, on: server)
            server.signal(SIGTERM)
            // The bound is this wait's, not a latency figure: the requests' 10 s deadline, then
            // the pool's closing, with a wide margin for a busy machine. A server still running
            // then is killed, and its requests fail.
            #expect(try await server.wait(atMost: 90) == .exited(0))
            for try await reply in group {
                #expect(reply.status == .serviceUnavailable, "\(reply.text)")
                #expect(reply.error?.code == "database_unavailable")
            }
        }
    }

    /// Waits until the server says `count` requests are being answered besides the metrics
    /// request that asks; a deadline makes a run where they never are fail rather than hang.
    static func waitUntilInFlight(_ count: Int, on server: ServerProcess) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        var line: Substring?
        while ContinuousClock.now < deadline {
            let metrics = try await server.call(.get, "/metrics").text
            line = metrics.split(separator: "\n").first { $0.hasPrefix("clubhouse_http_requests_in_flight ") }
            if let value = line?.split(separator: " ").last.flatMap({ Double($0) }), value >= Double(count + 1) {
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("\(count) requests were never in flight together: \(line ?? "no gauge")")
    }

    /// A write answered 503 at its deadline (PostgreSQL stopped answering mid-request) is not
    /// written later: the deadline closes the request's connection, so once PostgreSQL answers
    /// again it rolls the open transaction back instead of the server committing it after all.
    @Test func aWriteAnsweredUnavailableIsNotWrittenOncePostgresAnswersAgain() async throws {
        let cluster = try PostgresCluster()
        defer { try? cluster.stop() }
        let url = DatabaseAddressText(url: "postgres://postgres@127.0.0.1:\(cluster.port)/postgres")
        let server = try await ServerProcess.serving(url, ["--database-timeout", "2"])
        let token = try await server.signedIn("ana")
        #expect(try await server.call(.post, "/v1/players", json: #"{"name":"Kai"}"#, token: token).status == .created)
        try cluster.freeze()
        try await withThrowingTaskGroup(of: Reply.self) { group in
            for name in ["Lu", "Zoë"] {
                group.addTask {
                    try await server.call(.post, "/v1/players", json: #"{"name":"\#(name)"}"#, token: token)
                }
            }
            for try await reply in group {
                #expect(reply.status == .serviceUnavailable, "\(reply.text)")
                #expect(reply.error?.code == "database_unavailable")
            }
        }
        try cluster.thaw()
        var names: [String]?
        for _ in 0..<300 {
            let reply = try await server.call(.get, "/v1/players", token: token)
            if reply.status == .ok, let players = reply["players"] as? [[String: Any]] {
                names = players.compactMap { $0["name"] as? String }
                break
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(names == ["Kai"], "answered 503, then written")
        // A transaction left on an open connection would commit as soon as PostgreSQL answers:
        // look again after a while.
        try await Task.sleep(for: .seconds(1))
        let later = try await server.call(.get, "/v1/players", token: token)
        #expect((later["players"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Kai"])
        server.signal(SIGTERM)
        #expect(try await server.wait(atMost: 60) == .exited(0))
    }

    /// PostgreSQL stops under a running server: requests fail with the JSON error (503), then
    /// succeed again once it is back, without restarting the server.
    @Test func postgresRestartedUnderTheServer() async throws {
        let cluster = try PostgresCluster()
        defer { try? cluster.stop() }
        let url = DatabaseAddressText(url: "postgres://postgres@127.0.0.1:\(cluster.port)/postgres")
        let server = try await ServerProcess.serving(url, ["--database-timeout", "2"])
        let token = try await server.signedIn("ana")
        #expect(try await server.call(.post, "/v1/players", json: #"{"name":"Kai"}"#, token: token).status == .created)

        try cluster.halt()
        for path in ["/v1/players", "/health"] {
            let reply = try await server.call(.get, path, token: token)
            #expect(reply.status == .serviceUnavailable, "\(path): \(reply.text)")
            #expect(reply.error?.code == "database_unavailable")
            #expect(reply.headers[.retryAfter] == "1")
        }
        let refused = try await server.call(.post, "/v1/players", json: #"{"name":"Lu"}"#, token: token)
        #expect(refused.error?.code == "database_unavailable")

        try cluster.resume()
        var recovered: Reply?
        for _ in 0..<300 {
            let reply = try await server.call(.get, "/v1/players", token: token)
            if reply.status == .ok {
                recovered = reply
                break
            }
            #expect(reply.error?.code == "database_unavailable", "\(reply.text)")
            try await Task.sleep(for: .milliseconds(100))
        }
        let players = try #require(recovered?["players"] as? [[String: Any]])
        #expect(players.compactMap { $0["name"] as? String } == ["Kai"])
        #expect(server.poll() == nil, "the same server process answered throughout")
        server.signal(SIGTERM)
        #expect(try await server.wait() == .exited(0))
    }
}
