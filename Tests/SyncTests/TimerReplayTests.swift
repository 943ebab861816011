import Clubhouse
import ClubhouseSync
import ClubhouseTestSupport
import Foundation
import Testing

/// A countdown changed on two devices: the log gives each change the whole countdown as the
/// server holds it, so a device replaying another device's earlier change over its own newer one
/// (sent, on its way back in the same pull) never holds an impossible countdown, never skips the
/// change, and ends where the server is.
@Suite("A countdown replayed", .heavy, .serialized)
struct TimerReplayTests {
    @Test func aShorterDurationSentWhileAnotherDevicePausedEndsTheSameEverywhere() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "replay", server: server, register: true)
        let phone = try await Device.make("phone", username: "replay", server: server)
        for name in ["Ana", "Bea"] { try laptop.app.addPlayer(name) }
        let ids = try laptop.app.playerIDs()
        try laptop.app.startGather(teamA: [ids[0]], teamB: [ids[1]])
        _ = try await laptop.sync()
        _ = try await phone.sync()
        // The phone runs the countdown a moment and pauses it (about 10:00 left of 10:00)...
        try phone.app.play(.startTimer)
        try phone.app.play(.pauseTimer)
        _ = try await phone.sync()
        // ...while the laptop, not knowing, sets it to 5:00; its pull brings the phone's pause,
        // with more time left than its own new duration, before its own change comes back.
        try laptop.app.play(.setTimer(5 * 60_000))
        let report = try await laptop.sync()
        #expect(report.notices.filter { $0.code == "not_applied" } == [], "\(report.notices)")
        _ = try await phone.sync()
        let held = try await server.dump(token: try await server.token("replay"))
        for device in [laptop, phone] {
            let differences = try device.dump().differences(from: held)
            #expect(
                differences == [], "\(device.name) (here), the server (there):\n\(differences.joined(separator: "\n"))")
        }
    }
}
