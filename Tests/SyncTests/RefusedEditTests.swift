import Clubhouse
import ClubhouseSync
import ClubhouseTestSupport
import Foundation
import Testing

/// An edit the server refuses does not stay on the device that made it: the server logs the
/// fields it set again as it holds them, and that device's pull puts them back, so every device
/// ends with the server's record (and the sender is told why, once).
@Suite("A refused edit", .heavy, .serialized)
struct RefusedEditTests {
    /// The phone shortens the countdown while the laptop, not knowing, pauses it with more time
    /// left than the new duration: merged with the phone's duration, the pause is invalid.
    @Test func aPauseRefusedOverAShorterDurationIsUndoneOnTheDeviceThatPaused() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "refused", server: server, register: true)
        let phone = try await Device.make("phone", username: "refused", server: server)
        for name in ["Ana", "Bea"] { try laptop.app.addPlayer(name) }
        let ids = try laptop.app.playerIDs()
        try laptop.app.startGather(teamA: [ids[0]], teamB: [ids[1]])
        _ = try await laptop.sync()
        _ = try await phone.sync()
        try laptop.app.play(.startTimer)
        _ = try await laptop.sync()
        try phone.app.play(.setTimer(5 * 60_000))  // the phone has not seen the start
        _ = try await phone.sync()
        try laptop.app.play(.pauseTimer)
        let report = try await laptop.sync()
        // (Also told: the phone's 5:00 replaced the countdown the laptop started.)
        #expect(report.notices.filter { $0.code == "invalid" }.count == 1, "\(report.notices)")
        _ = try await phone.sync()
        let held = try await server.dump(token: try await server.token("refused"))
        for device in [laptop, phone] {
            let differences = try device.dump().differences(from: held)
            #expect(
                differences == [], "\(device.name) (here), the server (there):\n\(differences.joined(separator: "\n"))")
        }
        #expect(try laptop.app.gatherInProgress()?.gather.timer.state == .running)
    }
}
