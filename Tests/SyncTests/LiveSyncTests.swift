import Clubhouse
import ClubhouseSync
import ClubhouseTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Live sync (`LiveSync`) through the library: devices each running it against real servers on a
/// real PostgreSQL, changes made through the library appearing on the other device with nobody
/// syncing by hand. The terminal app's own live tests are in EndToEndTests.
@Suite("Live sync", .heavy) struct LiveSyncTests {
    @Test("a player and a goal made on one device reach the other through another server instance")
    func acrossInstances() async throws {
        let server = try await TestSyncServer.start(live: true)
        let other = try await server.alongside()
        let a = try await Device.make("A", username: "live-across", server: server, register: true)
        let b = try await Device.make("B", username: "live-across", server: other)
        let liveA = LiveRun(a)
        let liveB = LiveRun(b)
        defer {
            liveA.stop()
            liveB.stop()
        }
        try await liveA.until { $0 == .synced }
        try await liveB.until { $0 == .synced }

        let kai = try a.app.addPlayer("Kai")
        let ola = try a.app.addPlayer("Ola")
        try await eventually("B has both players") { try b.player("Kai") != nil && b.player("Ola") != nil }
        _ = try a.app.startGather(teamA: [kai], teamB: [ola])
        try await eventually("B shows the gather") { try b.app.gatherInProgress() != nil }
        try a.app.play(.score(.a, by: 1))
        try await eventually("B shows the goal") { try b.app.gatherInProgress()?.gather.score.a == 1 }
        // And back: B's own edit reaches A.
        try b.app.editPlayer(try #require(try b.player("Kai")).id, .age, "31")
        try await eventually("A has B's edit") { try a.player("Kai")?.age == 31 }
        await liveA.stopped()
        await liveB.stopped()
        #expect(try a.dump().differences(from: b.dump()) == [])
        #expect(try a.waiting() == 0 && b.waiting() == 0)
        // Pokes, not per-change requests: each device pulled a handful of times, not per change.
        #expect(liveB.reports.count < 20)
    }

    @Test("a device whose server is down queues, says it is offline, and converges once it is back")
    func offlineThenBack() async throws {
        let server = try await TestSyncServer.start(.process)
        let a = try await Device.make("A", username: "live-offline", server: server, register: true)
        let b = try await Device.make("B", username: "live-offline", server: server)
        let liveA = LiveRun(a)
        defer { liveA.stop() }
        try await liveA.until { $0 == .synced }

        try await server.kill()
        try await liveA.until {
            if case .offline = $0 { true } else { false }
        }
        _ = try a.app.addPlayer("Mia")
        _ = try a.app.addPlayer("Noah")
        try await liveA.until {
            if case .offline(_, let waiting) = $0 { waiting == 2 } else { false }
        }
        try await server.restart()
        // Nobody syncs A by hand: it finds the server again, sends what waited.
        try await liveA.until { $0 == .synced }
        await liveA.stopped()
        #expect(try a.waiting() == 0)
        _ = try await b.sync()
        #expect(try b.player("Mia") != nil && b.player("Noah") != nil)
        #expect(try a.dump().differences(from: b.dump()) == [])
    }

    @Test("a revoked token stops live sync with a status that says so; remote set resumes it")
    func revoked() async throws {
        let server = try await TestSyncServer.start(live: true)
        let a = try await Device.make("A", username: "live-revoked", server: server, register: true)
        let liveA = LiveRun(a)
        defer { liveA.stop() }
        try await liveA.until { $0 == .synced }
        let token = try sqlite(a.path, "SELECT token FROM sync_remote").trimmingCharacters(in: .whitespacesAndNewlines)
        let reply = try await server.call(.delete, "/v1/sessions/current", token: token)
        #expect(reply.status.code == 204 || reply.status.code == 200)
        try await liveA.until {
            if case .signedOut = $0 { true } else { false }
        }
        _ = try a.app.addPlayer("Bea")
        try await a.app.setRemote(
            url: server.url, username: "live-revoked", password: TestSyncServer.password, deviceName: "A")
        try await liveA.until { $0 == .synced }
        let rest = try await server.call(.get, "/v1/players", token: try await server.token("live-revoked"))
        #expect(rest.text.contains("Bea"))
    }
    @Test("sync --watch prints a line per change received and stops at Ctrl-C")
    func watch() async throws {
        let server = try await TestSyncServer.start(live: true)
        let a = try await Device.make("A", username: "live-watch", server: server, register: true)
        let b = try await Device.make("B", username: "live-watch", server: server)
        let watching = try CLIProcess(["sync", "--watch"], database: b.path)
        try await eventually("the watch is live") { watching.stderr.contains("note: sync: synced") }
        let kai = try a.app.addPlayer("Kai")
        try a.app.editPlayer(kai, .age, "30")
        _ = try await a.sync()
        try await eventually("the watch printed both changes") {
            watching.stdout.split(separator: "\n").count >= 2
        }
        #expect(watching.stdout.hasPrefix("player added: \"Kai\"\n"))
        #expect(watching.stdout.contains("player updated: "))
        // A change made on B's own file while it watches is sent without a sync by hand.
        _ = try b.app.addPlayer("Ola")
        try await eventually("B's player reached the server") {
            try b.waiting() == 0 && b.player("Ola") != nil
        }
        _ = try await a.sync()
        #expect(try a.player("Ola") != nil)
        kill(watching.pid, SIGINT)
        #expect(try await watching.wait(atMost: 20) == .exited(130))
        #expect(!watching.stderr.contains("error"))
    }
}

/// A `LiveSync` run in a task, keeping what it said.
final class LiveRun: Sendable {
    private final class Said: Sendable {
        let value = Mutex<(statuses: [LiveStatus], reports: [SyncReport])>(([], []))
        func withLock<T>(_ body: (inout (statuses: [LiveStatus], reports: [SyncReport])) -> T) -> T {
            value.withLock { body(&$0) }
        }
    }
    private let task: Task<Void, any Error>
    private let said = Said()

    init(_ device: Device) {
        let said = self.said
        let live = LiveSync(path: device.path)
        task = Task {
            try await live.run { event in
                said.withLock {
                    switch event {
                    case .status(let status): $0.statuses.append(status)
                    case .synced(let report): $0.reports.append(report)
                    }
                }
            }
        }
    }

    var status: LiveStatus? { said.withLock { $0.statuses.last } }
    var statuses: [LiveStatus] { said.withLock { $0.statuses } }
    var reports: [SyncReport] { said.withLock { $0.reports } }

    func stop() { task.cancel() }

    /// Stops it and waits until it has (its connection to the file is closed).
    func stopped() async {
        task.cancel()
        _ = await task.result
    }

    /// Waits until the latest status passes `test`.
    func until(seconds: Double = liveBound, _ test: (LiveStatus) -> Bool) async throws {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if let status, test(status) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("live sync never got there; it said \(said.withLock { $0.statuses })")
        throw CancellationError()
    }
}

/// How long live sync's tests wait for what must happen. The bound says "it happens", not how
/// fast (LiveBenchmark measures that): generous, since under the full suite's load a clean-clone
/// CI run once took over 10 s for a change to cross two instances, and a push over 20 s on a
/// machine slower than this one, where each takes a few hundred milliseconds alone, and a
/// clean-clone run with a busy core once saw an in-process server answer nothing useful for 60 s
/// (the end-to-end tests that start thirty CLI registrations and six writers at once ended just
/// as it gave up).
let liveBound: Double = 120

/// Polls `condition` until it holds or `seconds` pass (then records what did not happen).
func eventually(_ what: String, seconds: Double = liveBound, _ condition: () throws -> Bool) async throws {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
        if try condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("\(what): not within \(seconds) s")
    throw CancellationError()
}

/// `eventually` for a condition that awaits.
func eventuallyAsync(
    _ what: @autoclosure () -> String, seconds: Double = liveBound, _ condition: () async throws -> Bool
) async throws {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record("\(what()): not within \(seconds) s")
    throw CancellationError()
}
