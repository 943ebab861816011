import ClubhouseSyncWire
import ClubhouseTestSupport
import Foundation
import Hummingbird
import Testing

/// The log's one invariant under concurrency: an account's entries become visible in seq order,
/// so a device pulling while others push (and the REST API writes) never moves its cursor past an
/// entry still being written.
@Suite("Sync under concurrent writers", .heavy)
struct SyncConcurrencyTests {
    @Test func aPullWhileOthersPushNeverSkipsAnEntry() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            let pushers = [SyncDevice(api, token: token), SyncDevice(api, token: token)]
            let pages = 8
            let perPage = 10
            let total = pushers.count * pages * perPage + pages
            let seen = try await withThrowingTaskGroup(of: [Int64].self) { group in
                for device in pushers {
                    group.addTask {
                        for page in 0..<pages {
                            _ = try await device.push(
                                (0..<perPage).map { index in
                                    device.change(
                                        .player, SyncKey.make(), .put, SyncSamples.player("P\(page)-\(index)"))
                                })
                        }
                        return []
                    }
                }
                group.addTask {
                    for index in 0..<pages { _ = try await api.addPlayer("REST \(index)", token: token) }
                    return []
                }
                // The puller, as the writes go on, until it has seen them all: an entry it skipped
                // would never come, and it would give up with fewer.
                group.addTask {
                    var puller = SyncDevice(api, token: token)
                    var seen: [Int64] = []
                    for _ in 0..<5_000 where seen.count < total {
                        seen += try await puller.pull().map(\.seq)
                    }
                    return seen
                }
                return try await group.reduce(into: [Int64]()) { $0 += $1 }
            }
            var late = SyncDevice(api, token: token)
            let all = try await late.pull().map(\.seq)
            #expect(all.count == total)
            #expect(seen == all)
        }
    }
}
