import ClubhouseSyncWire
import ClubhouseTestSupport
import Foundation
import Hummingbird
import Testing

/// Issue 42, item 5: every instant and number the sync endpoints take and no record's rule checks
/// (a handoff's and a change's `madeAt`, a change's `base`) is range-checked: out of range, the
/// request is refused with a 400 naming the field, and nothing is kept.
@Suite("Wire numbers", .heavy)
struct WireNumberTests {
    /// Instants outside 1970–9999: the one the hostile run stored, and the first past each end.
    static let badInstants: [Int64] = [.min, -1, SyncInstants.range.upperBound + 1, .max]

    @Test func aHandoffStampedOutOfRangeIsRefusedNamingMadeAt() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            let laptop = UUID()
            let phone = UUID().uuidString.lowercased()
            for madeAt in Self.badInstants {
                let body = SyncHandoffPush(
                    device: laptop, scene: "main", deviceName: "laptop", state: .object(["tab": .string("players")]),
                    madeAt: madeAt)
                let json = String(decoding: try JSONEncoder().encode(body), as: UTF8.self)
                let reply = try await api.call(.put, "/v1/sync/handoff", json: json, token: token)
                #expect(reply.status == .badRequest, "madeAt \(madeAt): \(reply.status) \(reply.text)")
                #expect(reply.error?.code == "invalid_field")
                #expect(reply.error?.field == "madeAt", "\(reply.text)")
            }
            let nothing = try await api.call(.get, "/v1/sync/handoff?device=\(phone)&scene=main", token: token)
            #expect(nothing.status == .notFound, "\(nothing.text)")

            // The bounds themselves are taken.
            for madeAt in [SyncInstants.range.lowerBound, SyncInstants.range.upperBound] {
                let body = SyncHandoffPush(
                    device: laptop, scene: "main", deviceName: "laptop", state: .object([:]), madeAt: madeAt)
                let json = String(decoding: try JSONEncoder().encode(body), as: UTF8.self)
                let reply = try await api.call(.put, "/v1/sync/handoff", json: json, token: token)
                #expect(reply.status == .noContent, "madeAt \(madeAt): \(reply.text)")
            }
        }
    }

    @Test func aPushWithAChangeStampedOrBasedOutOfRangeIsRefusedNamingIt() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            let laptop = SyncDevice(api, token: token)
            var phone = SyncDevice(api, token: token)
            let good = laptop.change(.player, SyncKey.make(), .put, SyncSamples.player("Kai"))
            for madeAt in Self.badInstants {
                var bad = laptop.change(.player, SyncKey.make(), .put, SyncSamples.player("Mo"))
                bad.madeAt = madeAt
                let reply = try await laptop.pushReply([good, bad])
                #expect(reply.status == .badRequest, "madeAt \(madeAt): \(reply.status) \(reply.text)")
                #expect(reply.error?.field == "changes.1.madeAt", "\(reply.text)")
            }
            for base in [Int64.min, -1] {
                var bad = laptop.change(.player, SyncKey.make(), .put, SyncSamples.player("Mo"))
                bad.base = base
                let reply = try await laptop.pushReply([bad, good])
                #expect(reply.status == .badRequest, "base \(base): \(reply.status) \(reply.text)")
                #expect(reply.error?.field == "changes.0.base", "\(reply.text)")
            }
            // Nothing of a refused push was kept, not even its valid change.
            #expect(try await phone.pull().isEmpty)
        }
    }
}
