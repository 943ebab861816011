import ClubhouseSyncWire
import ClubhouseTestSupport
import ClubhouseWireTestSupport
import Foundation
import Hummingbird
import Testing

/// A gather's seats name their players by key while the players live; a deleted (or never
/// pushed) player's seat keeps the player as they were and no key, as on every device.
@Suite("Sync seats", .heavy)
struct SyncSeatTests {
    @Test func aSeatWhosePlayerIsGoneHasNoKey() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            var device = SyncDevice(api, token: token)
            let kai = SyncKey.make()
            let never = SyncKey.make()
            let gather = SyncKey.make()
            let teams = SyncTeams(
                a: [SyncSamples.seat("Kai", key: kai)], b: [SyncSamples.seat("Nobody", key: never)])
            let results = try await device.push([
                device.change(.player, kai, .put, SyncSamples.player("Kai")),
                device.change(
                    .gather, gather, .put, SyncGatherFields(startedAt: 1_764_000_000_000, teams: teams).fields),
            ])
            #expect(results.map(\.status) == [.applied, .applied])
            let created = try #require(try await device.pull().changes.last)
            let logged = try SyncGatherFields(created.fields).teams
            #expect(logged.a.map(\.player) == [kai])
            #expect(logged.b.map(\.player) == [nil])

            #expect(try await device.push(device.change(.player, kai, .delete)).status == .applied)
            let current = try await api.call(.get, "/v1/gathers/current", token: token)
            #expect((current["teamA"] as? [[String: Any]])?.first?["playerId"] == nil)
            // A put that still names the deleted key stores and logs no key.
            _ = try await device.pull()
            #expect(
                try await device.push(device.change(.gather, gather, .put, ["teams": teams.value])).status == .applied)
            let entry = try #require(try await device.pull().changes.last)
            #expect(Set(entry.fields.keys) == ["teams"])
            let teamsValue = try #require(entry.fields["teams"])
            let again = try #require(SyncTeams(teamsValue))
            #expect(again.a == [SyncSeat(player: nil, name: "Kai")])
        }
    }
}
