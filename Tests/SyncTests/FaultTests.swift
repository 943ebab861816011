import Clubhouse
import ClubhouseServerTestSupport
import ClubhouseSync
import ClubhouseSyncWire
import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Syncs cut off the hard way: `clubhouse sync` killed with SIGKILL while it pushes and while it
/// pulls, the server killed while a push is under way, pushes sent twice and out of order by raw
/// HTTP. Afterwards nothing is lost, nothing is applied twice, and the device's file passes
/// `clubhouse check`.
@Suite("Faults", .heavy, .serialized)
struct FaultTests {
    /// Enough changes for several pages of push and pull: a window to kill in.
    static let volume = 3_000

    /// Adds `count` players in one statement: the outbox triggers queue each, as they queue any
    /// insert (this is the quick way to a large outbox, not a different road).
    static func addPlayers(_ device: Device, count: Int, prefix: String) throws {
        try sqlite(
            device.path,
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            INSERT INTO players (owner_id, name, age) SELECT (SELECT user_id FROM sync_remote),
                '\(prefix) ' || i, 5 + i % 90 FROM n
            """)
    }

    static func outbox(_ device: Device) throws -> Int {
        Int(try sqlite(device.path, "SELECT count(*) FROM sync_outbox")) ?? -1
    }

    static func cursor(_ device: Device) throws -> Int64 {
        Int64(try sqlite(device.path, "SELECT cursor FROM sync_remote")) ?? -1
    }

    /// Every key's entries in the server's log: each create exactly once.
    static func expectLoggedOnce(_ server: TestSyncServer, username: String, players: Int) async throws {
        let log = try await server.log(token: try await server.token(username))
        var seen: [String: Int] = [:]
        for change in log where change.entity == .player { seen[change.key, default: 0] += 1 }
        #expect(seen.count == players)
        #expect(seen.values.allSatisfy { $0 == 1 }, "keys logged more than once: \(seen.filter { $0.value > 1 }.count)")
        #expect(Set(log.map(\.change)).count == log.count, "a change id logged twice")
    }

    static func expectCheckPasses(_ device: Device) async throws {
        let (ending, process) = try await CLIProcess.run(["check"], database: device.path)
        #expect(ending == .exited(0), "check on \(device.name): \(process.stdout) \(process.stderr)")
    }

    /// Waits until `condition` holds (the sync under way got that far) or the process ended.
    static func waitFor(_ process: CLIProcess, _ condition: () throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline, process.poll() == nil {
            if (try? condition()) == true { return }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test func killedWhilePushingAndPullingLosesNothingAndAppliesNothingTwice() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "kills", server: server, register: true)
        try Self.addPlayers(laptop, count: Self.volume, prefix: "Player")
        #expect(try Self.outbox(laptop) == Self.volume)

        // Push: killed after the first answered page, then at other points, three times.
        var kills = 0
        for attempt in 0..<3 {
            let before = try Self.outbox(laptop)
            guard before > 0 else { break }
            let sync = try CLIProcess(["sync"], database: laptop.path)
            if attempt == 0 {
                try await Self.waitFor(sync) { try Self.outbox(laptop) < before }
            } else {
                try await Task.sleep(for: .milliseconds(40 * attempt))
            }
            if sync.poll() == nil { kills += 1 }
            try await sync.killHard()
            try await Self.expectCheckPasses(laptop)
        }
        #expect(kills > 0, "no sync was still pushing when killed")
        let (finished, last) = try await CLIProcess.run(["sync"], database: laptop.path)
        #expect(finished == .exited(0), "\(last.stderr)")
        #expect(try Self.outbox(laptop) == 0)
        try await Self.expectLoggedOnce(server, username: "kills", players: Self.volume)

        // Pull into a new device: killed once some pages are in, then at other points.
        let phone = try await Device.make("phone", username: "kills", server: server)
        var pullKills = 0
        for attempt in 0..<3 {
            let sync = try CLIProcess(["sync"], database: phone.path)
            let before = try Self.cursor(phone)
            if attempt == 0 {
                try await Self.waitFor(sync) { try Self.cursor(phone) > before }
            } else {
                try await Task.sleep(for: .milliseconds(40 * attempt))
            }
            if sync.poll() == nil { pullKills += 1 }
            try await sync.killHard()
            try await Self.expectCheckPasses(phone)
            // A page is there whole or not at all: the players match the cursor's pages.
            let players = Int(try sqlite(phone.path, "SELECT count(*) FROM players")) ?? -1
            #expect(players % 500 == 0 || players == Self.volume, "\(players) players after a kill mid-pull")
        }
        #expect(pullKills > 0, "no sync was still pulling when killed")
        let (pulled, pulling) = try await CLIProcess.run(["sync"], database: phone.path)
        #expect(pulled == .exited(0), "\(pulling.stderr)")

        let held = try await server.dump(token: try await server.token("kills"))
        #expect(held.count(.player) == Self.volume)
        #expect(try laptop.dump().differences(from: held) == [])
        #expect(try phone.dump().differences(from: held) == [])
        #expect(try Self.outbox(phone) == 0, "pulled changes are not queued again")
        try await Self.expectCheckPasses(phone)
    }

    @Test func serverKilledDuringAPushLosesNothing() async throws {
        let server = try await TestSyncServer.start(.process)
        let laptop = try await Device.make("laptop", username: "crash", server: server, register: true)
        try Self.addPlayers(laptop, count: Self.volume, prefix: "Player")
        let sync = try CLIProcess(["sync"], database: laptop.path)
        try await Self.waitFor(sync) { try Self.outbox(laptop) < Self.volume }
        try await server.kill()
        let ending = try await sync.wait()
        #expect(ending == .exited(1) || ending == .exited(0), "\(sync.stderr)")
        if ending == .exited(1) {
            #expect(sync.stderr.hasPrefix("error: could not sync with \(server.url)"), "\(sync.stderr)")
            #expect(sync.stderr.contains("nothing was lost"), "\(sync.stderr)")
            #expect(sync.stderr.split(separator: "\n").count == 1, "\(sync.stderr)")
        }
        try await Self.expectCheckPasses(laptop)

        // The restarted server may answer 503 for a moment while PostgreSQL ends the killed
        // server's sessions: `sync` says so in one line, loses nothing, and a later one succeeds.
        try await server.restart()
        var report: SyncReport?
        for _ in 0..<10 where report == nil {
            do {
                report = try await laptop.sync()
            } catch let error as SyncError {
                guard case .unreachable = error else { throw error }
                try await Task.sleep(for: .seconds(2))
            }
        }
        let synced = try #require(report)
        #expect(synced.waiting == 0)
        try await Self.expectLoggedOnce(server, username: "crash", players: Self.volume)
        #expect(
            try laptop.dump().differences(from: try await server.dump(token: try await server.token("crash"))) == [])
    }

    @Test func pushesSentTwiceAndOutOfOrderAreAppliedOnce() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "raw", server: server, register: true)
        let token = try await server.token("raw")
        let device = UUID()
        let key = SyncKey.make()
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let create = SyncChange(
            entity: .player, key: key, op: .put,
            fields: [
                "name": .string("Raw"), "age": .int(20), "skill": .null, "position": .null, "favouriteTeam": .null,
            ], base: 0, madeAt: now)
        let age = SyncChange(entity: .player, key: key, op: .put, fields: ["age": .int(30)], base: 0, madeAt: now + 1)
        let rename = SyncChange(
            entity: .player, key: key, op: .put, fields: ["name": .string("Raw II")], base: 0, madeAt: now + 2)
        // A put for a key the server has never seen, sent before its create.
        let early = SyncKey.make()
        let earlyEdit = SyncChange(
            entity: .player, key: early, op: .put, fields: ["age": .int(40)], base: 0, madeAt: now)
        let earlyCreate = SyncChange(
            entity: .player, key: early, op: .put,
            fields: [
                "name": .string("Early"), "age": .int(9), "skill": .null, "position": .null, "favouriteTeam": .null,
            ],
            base: 0, madeAt: now)

        func push(_ changes: [SyncChange]) async throws -> [SyncResult] {
            let reply = try await server.send(
                .post, "/v1/sync/push", SyncPushRequest(device: device, changes: changes), token: token)
            #expect(reply.status == .ok, "\(reply.text)")
            return try JSONDecoder().decode(SyncPushResponse.self, from: reply.body).results
        }

        let first = try await push([create, age])
        #expect(first.map(\.status) == [.applied, .applied])
        let logged = try await server.log(token: token).count
        #expect(try await push([create, age]) == first, "a change sent again answers its first answer")
        #expect(try await server.log(token: token).count == logged, "and is not logged again")
        let reordered = try await push([rename, age, create])
        #expect(reordered.map(\.status) == [.applied, .applied, .applied])
        #expect(try await server.log(token: token).count == logged + 1)
        let refused = try await push([earlyEdit, earlyCreate])
        #expect(refused.map(\.status) == [.refused, .applied])
        #expect(refused.first?.code == .unknown)
        #expect(try await push([earlyEdit]) == [refused[0]], "a refusal is answered again as it was")

        let held = try await server.dump(token: token)
        #expect(held.records[.init(entity: .player, key: key)]?["name"] == .string("Raw II"))
        #expect(held.records[.init(entity: .player, key: key)]?["age"] == .int(30))
        #expect(held.records[.init(entity: .player, key: early)]?["age"] == .int(9))
        _ = try await laptop.sync()
        #expect(try laptop.dump().differences(from: held) == [])
        #expect(try laptop.player("Raw II")?.age == 30)
        try await Self.expectCheckPasses(laptop)
    }
}
