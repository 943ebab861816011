import Clubhouse
import ClubhouseServerTestSupport
import ClubhouseSync
import ClubhouseTestSupport
import Foundation
import Testing

/// A gather's countdown across devices whose clocks disagree. The phone is the `clubhouse` command
/// run with its clock minutes off the server's (`CLUBHOUSE_CLOCK_SKEW_MS`: the library's clock,
/// so the gathers' instants and the sync's own timing); the laptop and the server keep the
/// machine's. Either way round, the countdown shows the time really left. The skew is the
/// library's, not a preloaded library's (faketime, which these tests used, never reached the
/// static build), so `CLUBHOUSE_BIN` may name the binary users install.
@Suite("Clock", .heavy, .serialized)
struct ClockTests {
    /// `clubhouse ARGS` on the phone's file with its clock `seconds` off (300 fast, -420 slow).
    static func skewed(_ seconds: Int, _ arguments: [String], database: String) async throws -> String {
        let process = try CLIProcess.skewed(seconds: seconds, arguments, database: database)
        let ending = try await process.wait()
        #expect(ending == .exited(0), "clubhouse \(arguments.joined(separator: " ")): \(process.stderr)")
        return process.stdout
    }

    static func remaining(_ json: String) throws -> Int {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let timer = try #require(object?["timer"] as? [String: Any], "\(json)")
        return try #require((timer["remaining"] as? NSNumber)?.intValue, "\(json)")
    }

    static func squad(_ laptop: Device) throws -> [Player.ID] {
        for name in ["Ana", "Bea", "Kai", "Mia"] { try laptop.app.addPlayer(name) }
        return try laptop.app.playerIDs()
    }

    @Test func aCountdownStartedOnTheServersTimeShowsRightOnAPhoneFiveMinutesFast() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "clock1", server: server, register: true)
        let phone = try await Device.make("phone", username: "clock1", server: server)
        let ids = try Self.squad(laptop)
        try laptop.app.startGather(teamA: [ids[0], ids[1]], teamB: [ids[2], ids[3]])
        try laptop.app.play(.startTimer)
        _ = try await laptop.sync()

        _ = try await Self.skewed(300, ["sync"], database: phone.path)
        let left = try Self.remaining(
            try await Self.skewed(300, ["gather", "show", "--json"], database: phone.path))
        // 10:00 started moments ago; uncorrected, the phone would show about 5:00.
        #expect((570...600).contains(left), "the phone shows \(left) s left")
        let offset = try #require(try phone.app.remote()?.clockOffsetMs)
        #expect((-310_000 ... -290_000).contains(offset), "the phone's offset is \(offset) ms")
    }

    @Test func aCountdownStartedOnAPhoneSevenMinutesSlowShowsRightOnTheLaptop() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "clock2", server: server, register: true)
        let phone = try await Device.make("phone", username: "clock2", server: server)
        _ = try Self.squad(laptop)
        _ = try await laptop.sync()
        _ = try await Self.skewed(-420, ["sync"], database: phone.path)
        let ids = try phone.app.playerIDs().map(String.init)
        _ = try await Self.skewed(
            -420, ["gather", "new", "--team-a", "\(ids[0]),\(ids[1])", "--team-b", "\(ids[2]),\(ids[3])"],
            database: phone.path)
        _ = try await Self.skewed(-420, ["gather", "timer", "start"], database: phone.path)
        _ = try await Self.skewed(-420, ["sync"], database: phone.path)

        _ = try await laptop.sync()
        let gather = try #require(try laptop.app.gatherInProgress())
        #expect((570...600).contains(gather.remainingSeconds), "the laptop shows \(gather.remainingSeconds) s left")
        // And the phone, on its own slow clock, agrees.
        let left = try Self.remaining(
            try await Self.skewed(-420, ["gather", "show", "--json"], database: phone.path))
        #expect(abs(left - gather.remainingSeconds) <= 5, "phone \(left) s, laptop \(gather.remainingSeconds) s")
        // The phone's clock was slow indeed: without that, this test would hold on any clock.
        let offset = try #require(try phone.app.remote()?.clockOffsetMs)
        #expect((410_000...430_000).contains(offset), "the phone's offset is \(offset) ms")
    }
}
