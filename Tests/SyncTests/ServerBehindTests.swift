import Clubhouse
import ClubhouseSync
import ClubhouseTestSupport
import Foundation
import Testing

/// A device whose cursor is past the end of the account's log has seen changes the server no
/// longer holds (its database was replaced or restored, or the file was changed): its sync
/// says so and how to start again, instead of pulling nothing, silently, for ever.
@Suite("A server behind the device", .heavy)
struct ServerBehindTests {
    @Test func aCursorPastTheLogIsToldAndRemoteSetAgainSendsEverything() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "behind", server: server, register: true)
        try laptop.app.addPlayer("Kai")
        _ = try await laptop.sync()
        // As if the server's database had been restored from before the laptop's last syncs.
        try sqlite(laptop.path, "UPDATE sync_remote SET cursor = cursor + 1000000")
        try laptop.app.addPlayer("Mia")
        await #expect {
            try await laptop.sync()
        } throws: { error in
            guard case SyncError.refused(409, "cursor_ahead", let message) = error else { return false }
            return message.contains("remote unset, then remote set")
        }
        // The push comes before the pull: Mia was sent; only pulling is refused.
        #expect(try laptop.waiting() == 0)

        // What the message says to do: every record of the laptop is sent again.
        try await laptop.app.unsetRemote()
        try await laptop.app.setRemote(
            url: server.url, username: "behind", password: TestSyncServer.password, deviceName: "laptop")
        _ = try await laptop.sync()
        let phone = try await Device.make("phone", username: "behind", server: server)
        _ = try await phone.sync()
        #expect(try phone.player("Kai") != nil)
        #expect(try phone.player("Mia") != nil)
    }
}
