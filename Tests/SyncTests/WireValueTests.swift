import Clubhouse
import ClubhouseSync
import ClubhouseSyncWire
import ClubhouseTestSupport
import Foundation
import Testing

/// Issue 42, item 5: values from the wire or from the file never make a device trap. A handoff
/// an older server kept with any instant at all, and clock offsets at Int64's ends, are read as
/// the nearest instant a person can mean.
@Suite("Wire values on a device", .heavy, .serialized)
struct WireValueTests {
    @Test func aHandoffStampedAtInt64MinIsContinuedOnADeviceWhoseClockIsBehind() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "stamp", server: server, register: true)
        let phone = try await Device.make("phone", username: "stamp", server: server)
        try laptop.app.open("players/new")
        _ = try await laptop.sync()
        _ = try await phone.sync()
        // What a server before this release took and kept: the hostile run's stamp.
        try await server.database.execute("UPDATE sync_handoffs SET made_at = -9223372036854775808")
        // A positive offset (the server's clock ahead of this one's) is what overflowed.
        try sqlite(phone.path, "UPDATE sync_remote SET clock_offset_ms = 5000")

        let report = try await phone.app.continueFromOtherDevice(scene: .main)
        #expect(report.deviceName == "laptop")
        #expect(report.madeAt == Date(timeIntervalSince1970: 0))
        #expect(try phone.app.state()?.currentScreen.path == "players/new")

        // An offset the file holds at Int64's end is read within the offsets that mean anything,
        // so no one who shows or converts with it can overflow.
        try sqlite(phone.path, "UPDATE sync_remote SET clock_offset_ms = -9223372036854775808")
        let remote = try #require(try phone.app.remote())
        #expect(remote.clockOffsetMs == SyncInstants.offsets.lowerBound)
        let continued = try await phone.app.continueFromOtherDevice(scene: .main)
        #expect(continued.madeAt == Date(timeIntervalSince1970: 0))
    }

    /// The clock measured from answers no one checked: a server time at either end, a stored
    /// offset at either end. Each conversion saturates within the offsets that mean anything.
    @Test func clockOffsetsFromHostileAnswersAndFilesStayInRange() {
        var fromStored = ClockOffset(stored: .min)
        fromStored.add(serverTime: 5, sent: 0, received: 10)
        #expect(fromStored.current == 0)
        for stored in [Int64.min, -1, 0, .max, nil] {
            for serverTime in [Int64.min, 0, .max] {
                var clock = ClockOffset(stored: stored)
                clock.add(serverTime: serverTime, sent: .max - 1, received: .min)
                clock.add(serverTime: serverTime, sent: .min, received: .max)
                #expect(SyncInstants.offsets.contains(clock.current), "\(String(describing: stored)) \(serverTime)")
            }
        }
    }
}
