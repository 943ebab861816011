import Clubhouse
import ClubhouseSync
import ClubhouseTestSupport
import Foundation
import Testing

/// Live sync while the file's remote changes under it: `remote set` to another server, or another
/// local user (with a remote of their own) signing in. The change stream must follow the remote
/// the file has now; the stream used to stay on the old one, so what was made on the new remote
/// never arrived (no poke) while the status said `synced` (found by the hostile pass on issue 28).
@Suite("Live sync follows the file's remote", .heavy) struct LiveSyncRemoteChangeTests {
    @Test("remote set to another server while live: changes made there arrive with no local commit")
    func remoteSetToAnotherServer() async throws {
        let one = try await TestSyncServer.start(live: true)
        let two = try await TestSyncServer.start(live: true)
        let a = try await Device.make("A", username: "live-moved", server: one, register: true)
        let liveA = LiveRun(a)
        defer { liveA.stop() }
        try await liveA.until { $0 == .synced }

        // The account moves to another server while A is live.
        _ = try await a.app.setRemote(
            url: two.url, username: "live-moved", password: TestSyncServer.password, register: true, deviceName: "A")
        // A commit of A's own, to know that A syncs with the new server (it sends this there).
        _ = try a.app.addPlayer("Ola")
        let token = try await two.token("live-moved")
        _ = try await eventuallyAsync("the new server has Ola (live sync said \(liveA.statuses))") {
            try await two.call(.get, "/v1/players", token: token).text.contains("Ola")
        }
        try await liveA.until { $0 == .synced }

        // B, on the new server, adds Kai; nobody touches A's file.
        let b = try await Device.make("B", username: "live-moved", server: two)
        _ = try b.app.addPlayer("Kai")
        _ = try await b.sync()
        try await eventually("Kai reached A (its stream still listens to the old server)") {
            try a.player("Kai") != nil
        }
    }

    @Test("another local user signs in while live: their account's changes arrive with no local commit")
    func anotherUserSignsIn() async throws {
        let one = try await TestSyncServer.start(live: true)
        let two = try await TestSyncServer.start(live: true)
        let a = try await Device.make("A", username: "live-first", server: one, register: true)
        // A second user of A's file, with a remote of their own on another server.
        try a.app.signOut()
        try a.app.register(username: "live-second", password: TestSyncServer.password, signingIn: true)
        _ = try await a.app.setRemote(
            url: two.url, username: "live-second", password: TestSyncServer.password, register: true,
            deviceName: "A")
        try a.app.signOut()
        try a.app.signIn(username: "live-first", password: TestSyncServer.password)

        let liveA = LiveRun(a)
        defer { liveA.stop() }
        try await liveA.until { $0 == .synced }

        try a.app.signOut()
        try a.app.signIn(username: "live-second", password: TestSyncServer.password)
        _ = try a.app.addPlayer("Ola")
        let token = try await two.token("live-second")
        _ = try await eventuallyAsync("the second user's server has Ola; live sync said \(liveA.statuses)") {
            try await two.call(.get, "/v1/players", token: token).text.contains("Ola")
        }
        try await liveA.until { $0 == .synced }

        let b = try await Device.make("B", username: "live-second", server: two)
        _ = try b.app.addPlayer("Kai")
        _ = try await b.sync()
        try await eventually("Kai reached A (its stream is still the first user's)") {
            try a.player("Kai") != nil
        }
    }
}
