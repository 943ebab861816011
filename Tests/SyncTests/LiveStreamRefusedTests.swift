import Clubhouse
import ClubhouseSync
import ClubhouseTestSupport
import Foundation
import Testing

/// Issue 42, item 3: an instance whose change streams are all taken (429 `too_many_streams`: by
/// other accounts, since registration is open) still serves a live device: it pulls every few
/// seconds meanwhile, as from a server without streams (it heard nothing for as long as it lasted).
@Suite("Live sync refused a stream", .heavy)
struct LiveStreamRefusedTests {
    @Test func aDeviceRefusedAStreamStillReceivesChanges() async throws {
        let server = try await TestSyncServer.start(live: true) { $0.maximumStreams = 0 }
        let a = try await Device.make("A", username: "live-refused", server: server, register: true)
        let b = try await Device.make("B", username: "live-refused", server: server)
        let liveA = LiveRun(a)
        defer { liveA.stop() }
        // The refusal is not a failure to show: the device syncs.
        try await liveA.until { $0 == .synced }

        try b.app.addPlayer("Kai")
        _ = try await b.sync()
        try await eventually("A has B's player though it cannot stream") { try a.player("Kai") != nil }
        // And its own changes still go.
        try a.app.addPlayer("Ola")
        try await eventually("A sent its player") { try a.waiting() == 0 }
        await liveA.stopped()
        _ = try await b.sync()
        #expect(try b.player("Ola") != nil)
        #expect(!liveA.statuses.contains { if case .failed = $0 { true } else { false } }, "\(liveA.statuses)")
    }
}
