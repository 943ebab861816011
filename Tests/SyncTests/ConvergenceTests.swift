import Clubhouse
import ClubhouseSync
import ClubhouseTestSupport
import Foundation
import Testing

/// Three devices of one account change records offline at random, through the library, and sync
/// in random orders; once every device has synced until nothing moves, the three devices and the
/// server hold the same records (compared by key, local ids aside). One fixed seed always runs;
/// `SYNC_SEEDS=n` runs n more, drawn at random and printed (a failure names its seed, so
/// `SYNC_SEED=s` replays it alone).
@Suite("Convergence", .heavy, .serialized)
struct ConvergenceTests {
    static let fixedSeed: UInt64 = 20_261_125

    static var seeds: [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let replay = environment["SYNC_SEED"].flatMap(UInt64.init) { return [replay] }
        let more = environment["SYNC_SEEDS"].flatMap(Int.init) ?? 0
        var system = SystemRandomNumberGenerator()
        return [fixedSeed] + (0..<max(0, more)).map { _ in system.next() }
    }

    @Test func threeDevicesOfflineThenSyncedHoldTheSameRecordsAsTheServer() async throws {
        for seed in Self.seeds {
            try await converge(seed: seed, steps: 240)
        }
    }

    func converge(seed: UInt64, steps: Int) async throws {
        let server = try await TestSyncServer.start()
        let username = "club\(seed % 1_000_000)"
        let laptop = try await Device.make("laptop", username: username, server: server, register: true)
        let phone = try await Device.make("phone", username: username, server: server)
        let tablet = try await Device.make("tablet", username: username, server: server)
        let devices = [laptop, phone, tablet]
        var changes = RandomChanges(seed: seed)
        var syncs = 0
        for _ in 0..<steps {
            let device = changes.pick(devices)
            if changes.chance(12) {
                _ = try await device.sync()
                syncs += 1
            } else {
                try changes.change(device.app)
            }
        }

        // Until a whole round (in a random order) sends and receives nothing.
        var quiet = false
        for _ in 0..<8 where !quiet {
            quiet = true
            for device in devices.shuffled(using: &changes.generator) {
                let report = try await device.sync()
                if report.pushed + report.refused + report.pulled > 0 { quiet = false }
            }
        }
        let context =
            "seed \(seed) (SYNC_SEED=\(seed) replays it): \(changes.made) changes, \(changes.refused) refused by the app, \(syncs) syncs"
        #expect(quiet, "never quiet; \(context)")

        let held = try await server.dump(token: try await server.token(username))
        #expect(held.records.count > 0, "the server holds nothing; \(context)")
        for device in devices {
            let differences = try device.dump().differences(from: held)
            #expect(
                differences.isEmpty,
                "\(device.name) (here) and the server (there) differ; \(context):\n\(differences.joined(separator: "\n"))"
            )
            #expect(try device.waiting() == 0, "\(device.name) still has changes to send; \(context)")
            let problems = try device.problems()
            #expect(problems == [], "check on \(device.name); \(context):\n\(problems.joined(separator: "\n"))")
        }
        // What a person sees, through the library: the same squad everywhere (local ids aside).
        let squads = try devices.map { try $0.app.readPlayers(around: nil, count: 1000).rows.map(Self.shown).sorted() }
        #expect(squads.allSatisfy { $0 == squads[0] }, "the player lists differ; \(context)")
    }

    /// A player who sat in a gather is deleted on another device: the gather's seat keeps the
    /// player as they were, and reads the same on every device and the server.
    @Test func aDeletedPlayersSeatReadsTheSameEverywhere() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "seats", server: server, register: true)
        let phone = try await Device.make("phone", username: "seats", server: server)
        for name in ["Ana", "Bea", "Kai", "Mia"] { try laptop.app.addPlayer(name) }
        let ids = try laptop.app.playerIDs()
        try laptop.app.startGather(teamA: [ids[0], ids[1]], teamB: [ids[2], ids[3]])
        try laptop.app.play(.score(.a, by: 1))
        try laptop.app.endGather()
        _ = try await laptop.sync()
        _ = try await phone.sync()
        try phone.app.deletePlayer(try #require(try phone.player("Kai")).id)
        _ = try await phone.sync()
        _ = try await laptop.sync()
        let held = try await server.dump(token: try await server.token("seats"))
        for device in [laptop, phone] {
            let differences = try device.dump().differences(from: held)
            #expect(
                differences == [], "\(device.name) (here), the server (there):\n\(differences.joined(separator: "\n"))")
        }
    }

    /// Every declared field, "-" for none.
    static func shown(_ player: Player) -> String {
        PlayerField.allCases.map { player.fields[$0] == .null ? "-" : player.fields[$0].formText }.joined(
            separator: "|")
    }
}
