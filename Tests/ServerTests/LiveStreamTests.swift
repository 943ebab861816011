import ClubhouseSyncWire
import ClubhouseTestSupport
import Foundation
import Hummingbird
import Logging
import PostgresNIO
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `GET /v1/sync/stream` on real instances (in-process, on loopback ports) sharing one real
/// PostgreSQL: the head at open, pokes from a write through any instance, sign-out and expiry,
/// the bounds, graceful shutdown, and PostgreSQL restarted under a running instance.
@Suite("Live change stream", .heavy)
struct LiveStreamTests {
    static func push(_ device: UUID, name: String) -> String {
        let change =
            #"{"id":"\#(UUID())","entity":"player","key":"\#(UUID().uuidString.lowercased())","op":"put","fields":{"name":"\#(name)","age":null,"skill":null,"position":null,"favouriteTeam":null},"base":0,"madeAt":1}"#
        return #"{"device":"\#(device.uuidString.lowercased())","changes":[\#(change)]}"#
    }

    @Test func headAtOpenThenPokesFromWritesThroughAnotherInstance() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let a = try await LiveServer.start(database)
        let b = try await LiveServer.start(database)
        let token = try await a.token("ana")
        #expect(try await a.call(.post, "/v1/players", json: #"{"name":"Kai"}"#, token: token).status == .created)

        let stream = try await StreamReader.open(port: b.port, token: token)
        #expect(stream.status == 200)
        #expect(stream.header("Content-Type") == "text/event-stream")
        #expect(stream.header("Cache-Control") == "no-cache")
        let opened = try await stream.wait("the head at open") { events, _ in !events.isEmpty }
        #expect(opened.first == .head(1))

        // A REST write through A, then a push through A: each pokes the stream on B.
        #expect(try await a.call(.post, "/v1/players", json: #"{"name":"Lu"}"#, token: token).status == .created)
        try await stream.waitForHead(atLeast: 2)
        let pushed = try await a.call(.post, "/v1/sync/push", json: Self.push(UUID(), name: "Zoë"), token: token)
        #expect(pushed.status == .ok, "\(pushed.text)")
        try await stream.waitForHead(atLeast: 3)
        // Heads only grow, and each is sent once.
        let heads = stream.events.compactMap { event -> Int64? in if case .head(let h) = event { h } else { nil } }
        #expect(heads == heads.sorted() && Set(heads).count == heads.count, "\(heads)")

        // Another account's writes poke nobody here.
        let other = try await a.token("bea")
        #expect(try await a.call(.post, "/v1/players", json: #"{"name":"Mo"}"#, token: other).status == .created)
        #expect(try await b.metric("clubhouse_live_streams") == 1)
        #expect((try await b.metric("clubhouse_live_pokes_total") ?? 0) >= 3)
        #expect(try await b.metric("clubhouse_live_listener_connected") == 1)
        #expect(!stream.ended)
        stream.cancel()
        try await a.stop()
        try await b.stop()
    }

    @Test func refusesABadTokenAndAMissingDevice() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let server = try await LiveServer.start(database)
        let token = try await server.token("ana")
        let unknown = try await StreamReader.open(port: server.port, token: String(repeating: "A", count: 43))
        #expect(unknown.status == 401)
        #expect(unknown.refusal.contains(#""code":"unauthorized""#))
        let noDevice = try await server.call(.get, "/v1/sync/stream", token: token)
        #expect(noDevice.status == .badRequest)
        #expect(noDevice.error?.field == "device")
        try await server.stop()
    }

    @Test func signOutOnAnotherInstanceClosesThatTokensStreamsOnly() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let a = try await LiveServer.start(database)
        let b = try await LiveServer.start(database)
        let laptop = try await a.token("ana")
        let phone = try await a.token("ana", register: false)
        let revoked = try await StreamReader.open(port: b.port, token: laptop)
        let kept = try await StreamReader.open(port: b.port, token: phone)
        for stream in [revoked, kept] { try await stream.waitForHead(atLeast: 0) }

        #expect(try await a.call(.delete, "/v1/sessions/current", token: laptop).status == .noContent)
        let events = try await revoked.wait("closed, then the end") { _, ended in ended }
        guard case .closed(let code, _) = events.last else {
            Issue.record("no closed event: \(events)")
            return
        }
        #expect(code == SyncStreamEvent.signedOut)
        // The same notification checked both tokens: the live one's stream was left open.
        #expect(!kept.ended)
        #expect(!kept.events.contains { if case .closed = $0 { true } else { false } })
        // A revoked token opens nothing.
        #expect(try await StreamReader.open(port: a.port, token: laptop).status == 401)
        kept.cancel()
        try await a.stop()
        try await b.stop()
    }

    @Test func aStreamEndsWhenItsTokenExpires() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let server = try await LiveServer.start(database)
        let token = try await server.token("ana")
        // Far enough ahead that the stream opens first on a loaded machine.
        try await database.execute("UPDATE tokens SET expires_at = now() + interval '8 seconds'")
        let stream = try await StreamReader.open(port: server.port, token: token)
        #expect(stream.status == 200)
        let events = try await stream.wait("closed at expiry") { _, ended in ended }
        #expect(events.first == .head(0))
        guard case .closed(let code, _) = events.last else {
            Issue.record("no closed event: \(events)")
            return
        }
        #expect(code == SyncStreamEvent.signedOut)
        try await server.stop()
    }

    @Test func theThirtyThirdStreamOfAnAccountIsRefused() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        // A short keep-alive, so a stream whose device hung up is found out (and its place freed) soon.
        let server = try await LiveServer.start(database) { $0.streamKeepAlive = .milliseconds(200) }
        let token = try await server.token("ana")
        var streams: [StreamReader] = []
        for _ in 0..<SyncLimits.streamsPerAccount {
            let stream = try await StreamReader.open(port: server.port, token: token)
            #expect(stream.status == 200)
            streams.append(stream)
        }
        let refused = try await StreamReader.open(port: server.port, token: token)
        #expect(refused.status == 429)
        #expect(refused.header("Retry-After") == "15")
        #expect(refused.refusal.contains(#""code":"too_many_streams""#))
        // Another account is not held back by this one's.
        let other = try await StreamReader.open(port: server.port, token: try await server.token("bea"))
        #expect(other.status == 200)

        // One device hangs up: its place comes back (within two keep-alives, docs/server.md).
        streams.removeLast().cancel()
        var reopened: StreamReader?
        let deadline = ContinuousClock.now + .seconds(50)
        while reopened == nil, ContinuousClock.now < deadline {
            let attempt = try await StreamReader.open(port: server.port, token: token)
            if attempt.status == 200 { reopened = attempt } else { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(reopened != nil, "a hung-up stream's place was never freed")
        for stream in streams + [other] + (reopened.map { [$0] } ?? []) { stream.cancel() }
        try await server.stop()
    }

    @Test func theInstancesBoundCountsEveryAccount() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let server = try await LiveServer.start(database) { $0.maximumStreams = 2 }
        let ana = try await StreamReader.open(port: server.port, token: try await server.token("ana"))
        let bea = try await StreamReader.open(port: server.port, token: try await server.token("bea"))
        let cy = try await StreamReader.open(port: server.port, token: try await server.token("cy"))
        #expect([ana.status, bea.status, cy.status] == [Int]([200, 200, 429]))
        #expect(cy.header("Retry-After") != nil)
        for stream in [ana, bea] { stream.cancel() }
        try await server.stop()
    }

    /// Graceful shutdown (SIGTERM's) does not wait for the devices: each open stream is told
    /// `closed(shutting_down)` and ends, and the server stops.
    @Test func gracefulShutdownClosesOpenStreams() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let server = try await LiveServer.start(database)
        let token = try await server.token("ana")
        let stream = try await StreamReader.open(port: server.port, token: token)
        try await stream.waitForHead(atLeast: 0)
        try await server.stop()
        let events = try await stream.wait("closed, then the end") { _, ended in ended }
        guard case .closed(let code, _) = events.last else {
            Issue.record("no closed event: \(events)")
            return
        }
        #expect(code == SyncStreamEvent.shuttingDown)
    }

    /// The same through the built `clubhouse-server`: SIGTERM with a stream open exits 0.
    @Test func sigtermWithAStreamOpenClosesItAndExitsZero() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let server = try await ServerProcess.serving(database.url)
        let token = try await server.signedIn("ana")
        let stream = try await StreamReader.open(port: server.port, token: token)
        try await stream.waitForHead(atLeast: 0)
        server.signal(SIGTERM)
        let events = try await stream.wait("closed, then the end") { _, ended in ended }
        guard case .closed(let code, _) = events.last else {
            Issue.record("no closed event: \(events)")
            return
        }
        #expect(code == SyncStreamEvent.shuttingDown)
        #expect(try await server.wait(atMost: 60) == .exited(0))
    }

    /// PostgreSQL restarted under a running instance: the stream stays open, a change made after
    /// the restart is poked; then, with the listener cut off and kept off, a change is made: once
    /// it may connect again it catches up and sends the head it missed.
    @Test func postgresRestartedUnderTheServer() async throws {
        let cluster = try PostgresCluster()
        defer { try? cluster.stop() }
        let database = try await cluster.createDatabase()
        let server = try await LiveServer.start(database) { $0.databaseTimeout = .seconds(10) }
        let token = try await server.token("ana")
        let stream = try await StreamReader.open(port: server.port, token: token)
        try await stream.waitForHead(atLeast: 0)

        try cluster.halt()
        try cluster.resume()
        var written = false
        let deadline = ContinuousClock.now + .seconds(60)
        while !written, ContinuousClock.now < deadline {
            written =
                try await server.call(.post, "/v1/players", json: #"{"name":"Kai"}"#, token: token).status
                == .created
            if !written { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(written)
        try await stream.waitForHead(atLeast: 1)
        #expect(!stream.ended)

        // Catch-up: the listener's connection is cut and no connection is let in while a change
        // is logged (its NOTIFY reaches nobody); then connections are let in again.
        let name = database.address.database
        let listener = "application_name = 'clubhouse-live-listener' AND datname = '\(name)'"
        let admin = TestDatabase(address: cluster.address())
        try await database.withConnection { inDatabase in
            try await admin.withConnection { connection in
                let logger = Logger(label: "test-sql")
                func run(_ sql: String) async throws {
                    try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
                }
                try await run("ALTER DATABASE \(name) ALLOW_CONNECTIONS false")
                try await run("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE \(listener)")
                while true {
                    let rows = try await connection.query(
                        PostgresQuery(unsafeSQL: "SELECT count(*) FROM pg_stat_activity WHERE \(listener)"),
                        logger: logger)
                    var left = 0
                    for try await count in rows.decode(Int.self) { left = count }
                    if left == 0 { break }
                    try await Task.sleep(for: .milliseconds(20))
                }
                try await inDatabase.query(
                    """
                    INSERT INTO sync_log (owner_id, entity, key, op, fields, change_id)
                    SELECT id, 'player', gen_random_uuid()::text, 'put', '{"name":"Lu"}', gen_random_uuid() FROM users
                    """, logger: logger)
                try await run("ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
            }
        }
        try await stream.waitForHead(atLeast: 2, seconds: 60)
        #expect(!stream.ended)
        stream.cancel()
        try await server.stop()
    }
}
