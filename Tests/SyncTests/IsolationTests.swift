import Clubhouse
import ClubhouseSync
import ClubhouseSyncWire
import ClubhouseTestSupport
import Foundation
import Testing

/// Rule 7: another account's device never receives a change, a notice or a handoff that is not its
/// own, even when it sends a key the first account uses.
@Suite("Isolation", .heavy, .serialized)
struct IsolationTests {
    @Test func anotherAccountsDeviceReceivesOnlyItsOwn() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("ana's laptop", username: "ana", server: server, register: true)
        let phone = try await Device.make("ana's phone", username: "ana", server: server)
        let bea = try await Device.make("bea's phone", username: "bea", server: server, register: true)

        var changes = RandomChanges(seed: 7)
        for _ in 0..<60 { try changes.change(laptop.app) }
        try laptop.app.addPlayer("Kai")
        _ = try await laptop.sync()
        _ = try await phone.sync()
        // A conflict on ana's side (an edit lost to a delete), so that there is a notice to keep to
        // ana, and a place in the app to hand off.
        try laptop.app.addPlayer("Lost")
        _ = try await laptop.sync()
        _ = try await phone.sync()
        try laptop.app.editPlayer(try #require(try laptop.player("Lost")).id, .age, "30")
        try phone.app.deletePlayer(try #require(try phone.player("Lost")).id)
        _ = try await laptop.sync()
        _ = try await phone.sync()
        #expect(try await laptop.sync().notices.map(\.code) == ["edit_lost"])
        try phone.app.open("players/\(try #require(try phone.player("Kai")).id)")
        _ = try await phone.sync()

        try bea.app.addPlayer("Bea's own")
        let report = try await bea.sync()
        #expect(report.notices == [])
        let beas = try bea.dump()
        #expect(beas.records.count == 1, "\(beas)")
        #expect(try bea.app.playerIDs().count == 1)

        // Bea sends a create under one of ana's keys: it is another record, bea's own.
        let anas = try await server.dump(token: try await server.token("ana"))
        let anaKai = try #require(anas.records.first { $0.value["name"] == .string("Kai") }?.key)
        let beaToken = try await server.token("bea")
        let create = SyncChange(
            entity: .player, key: anaKai.key, op: .put,
            fields: [
                "name": .string("Not Kai"), "age": .null, "skill": .null, "position": .null, "favouriteTeam": .null,
            ],
            base: 0, madeAt: Int64(Date().timeIntervalSince1970 * 1000))
        let pushed = try await server.send(
            .post, "/v1/sync/push", SyncPushRequest(device: UUID(), changes: [create]), token: beaToken)
        #expect(pushed.status == .ok, "\(pushed.text)")
        #expect(
            (try JSONDecoder().decode(SyncPushResponse.self, from: pushed.body)).results.map(\.status) == [.applied])
        #expect(try await server.dump(token: try await server.token("ana")) == anas, "ana's records are untouched")

        _ = try await bea.sync()
        let names = try bea.app.readPlayers(around: nil, count: 100).rows.map(\.name).sorted()
        #expect(names == ["Bea's own", "Not Kai"])
        for device in [laptop, phone] {
            _ = try await device.sync()
            #expect(try device.player("Not Kai") == nil, "\(device.name)")
            let differences = try device.dump().differences(from: anas)
            #expect(differences == [], "\(device.name)")
        }

        // Ana's handoffs are ana's: bea's devices have none to continue from.
        let beaDevice = try #require(try bea.app.remote()?.device)
        let handoff = try await server.call(
            .get, "/v1/sync/handoff?device=\(beaDevice)&scene=main", token: beaToken)
        #expect(handoff.status == .notFound, "\(handoff.text)")
        // And the whole log bea can read holds bea's changes only.
        let log = try await server.log(token: beaToken)
        #expect(log.count == 2)
        #expect(Set(log.map(\.key)).count == 2)
    }
}
