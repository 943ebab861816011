import Clubhouse
import ClubhouseSync
import ClubhouseTestSupport
import Foundation
import Testing

/// Issue 27, case 1, through two devices and the server: a pulled score of a gather this device
/// had deleted (its delete sent) was read as that gather being started, and this device's own
/// gather in progress was set aside as ended for good (its start behind the cursor), silently,
/// while the server and the other device held it in progress.
@Suite("Pulled changes applied by kind", .heavy, .serialized)
struct PulledKindTests {
    @Test func aScoreOfAGatherDeletedHereSetsNothingAside() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "kinds", server: server, register: true)
        let phone = try await Device.make("phone", username: "kinds", server: server)
        for name in ["Ana", "Bea"] { try laptop.app.addPlayer(name) }
        let ids = try laptop.app.playerIDs()
        let x = try laptop.app.startGather(teamA: [ids[0]], teamB: [ids[1]])
        _ = try await laptop.sync()
        _ = try await phone.sync()
        // The laptop ends X and starts Y, and syncs: Y's start is behind its cursor from now on.
        try laptop.app.endGather()
        try laptop.app.startGather(teamA: [ids[1]], teamB: [ids[0]])
        _ = try await laptop.sync()
        // The phone, not knowing, scores X (in progress there) and syncs: logged, X being there.
        try phone.app.play(.score(.a, by: 1))
        _ = try await phone.sync()
        // The laptop deletes X and syncs: its delete is sent, then the phone's score comes in.
        _ = try laptop.app.perform(Command(link: .screen(.gather(x.id)), .deleteGather))
        _ = try await laptop.sync()
        _ = try await phone.sync()
        _ = try await laptop.sync()
        #expect(try laptop.app.gatherInProgress() != nil, "the laptop's gather in progress was set aside")
        let held = try await server.dump(token: try await server.token("kinds"))
        for device in [laptop, phone] {
            let differences = try device.dump().differences(from: held)
            #expect(
                differences == [], "\(device.name) (here), the server (there):\n\(differences.joined(separator: "\n"))")
            #expect(try device.problems() == [])
        }
    }
}
