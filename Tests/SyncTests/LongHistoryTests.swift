import Clubhouse
import ClubhouseServer
import ClubhouseServerTestSupport
import ClubhouseSync
import ClubhouseTestSupport
import Foundation
import Hummingbird
import Logging
import Testing

/// Issue 27, case 3: a device holding 600 ended gathers of 22 players each runs `remote set` and
/// `sync`. Its first push page used to be 500 gathers (1.5 MB), which outlasted the server's 5 s
/// database deadline: answered 503, and the same page was sent again on every sync, for ever.
/// Pages are now sized by their weight and halved when the server does not finish one in time.
/// The server here is a `clubhouse-server` process with its default 5 s deadline, as an operator
/// runs it (in this test process, a server shares two threads with every other test, and its
/// deadline measured those tests' waits more than its own work).
@Suite("A long history", .heavy, .serialized)
struct LongHistoryTests {
    static let gathers = 600
    static let seats = 22

    @Test func sixHundredGathersOfTwentyTwoPlayersReachTheServer() async throws {
        // The server's own default deadline, as an operator's server runs.
        let defaults = ServerConfiguration(
            database: DatabaseAddress(host: "127.0.0.1", port: 5432, username: "u", database: "d"), port: 0)
        #expect(defaults.databaseTimeout == .seconds(5))
        let server = try await TestSyncServer.start(.process)
        let laptop = try await Device.signedIn("laptop", username: "history")
        try Self.fill(laptop.path)
        try await laptop.app.setRemote(
            url: server.url, username: "history", password: TestSyncServer.password, register: true,
            deviceName: "laptop")
        #expect(try laptop.waiting() == Self.gathers + Self.seats)
        let clock = ContinuousClock()
        let start = clock.now
        let syncs = try await Self.syncUntilSent(laptop)
        let took = clock.now - start
        print("LongHistoryTests: \(Self.gathers) gathers of \(Self.seats) players pushed in \(took), \(syncs) sync(s)")
        #expect(try laptop.waiting() == 0)

        // Every gather is on the server: a new device brings them all in, seats included.
        let phone = try await Device.signedIn("phone", username: "history")
        try await phone.app.setRemote(
            url: server.url, username: "history", password: TestSyncServer.password, deviceName: "phone")
        try await Self.pullUntilDone(phone)
        #expect(try sqlite(phone.path, "SELECT count(*) FROM gathers") == String(Self.gathers))
        #expect(try sqlite(phone.path, "SELECT count(*) FROM gather_players") == String(Self.gathers * Self.seats))
        #expect(try phone.dump().differences(from: try laptop.dump()) == [])
    }

    /// Syncs until nothing waits. On a loaded machine at the default deadline a sync may still
    /// fail, but never without having sent something: a push that sends nothing at one sync sends
    /// nothing at every sync, for ever (as the first page of 500 gathers was answered 503). Returns
    /// how many syncs it took.
    static func syncUntilSent(_ device: Device) async throws -> Int {
        for attempt in 1...20 {
            let before = try device.waiting()
            // All sent, though the sync that sent the last of it failed afterwards (in its pull).
            if before == 0 { return attempt - 1 }
            do {
                let report = try await device.sync()
                #expect(report.refused == 0)
                if try device.waiting() == 0 { return attempt }
            } catch {
                guard try device.waiting() < before else {
                    Issue.record("a sync sent nothing of the \(before) changes waiting: \(error)")
                    throw error
                }
            }
        }
        Issue.record("20 syncs did not send \(Self.gathers + Self.seats) changes")
        return 20
    }

    /// Pulls until a sync succeeds (pulling is not what this test is about: a loaded machine at
    /// the default deadline may fail one; each pulled page stays applied).
    static func pullUntilDone(_ device: Device) async throws {
        for attempt in 1...10 {
            do {
                _ = try await device.sync()
                return
            } catch  where attempt < 10 {
                continue
            }
        }
    }

    /// 22 players and 600 ended gathers of all of them, written straight into the file before
    /// the remote is set (nothing is queued yet; `remote set` queues them all).
    static func fill(_ path: String) throws {
        try sqlite(
            path,
            """
            BEGIN;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(seats))
            INSERT INTO players (owner_id, name) SELECT (SELECT id FROM users), 'Player ' || i FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(gathers))
            INSERT INTO gathers (owner_id, started_at, ended_at, winner, score_a, score_b, timer_duration_ms,
                timer_state, timer_remaining_ms)
            SELECT (SELECT id FROM users),
                strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (2 * i) || ' hours'),
                strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (2 * i + 1) || ' hours'),
                'Team A', 3, 1, 600000, 'stopped', 0 FROM n;
            INSERT INTO gather_players (gather_id, team, seat, player_id, name)
            SELECT g.id, CASE WHEN p.n <= \(seats / 2) THEN 'a' ELSE 'b' END, (p.n - 1) % \(seats / 2), p.id, p.name
            FROM gathers g, (SELECT id, name, row_number() OVER (ORDER BY id) AS n FROM players) p;
            COMMIT;
            """)
    }
}
