import Clubhouse
import ClubhouseSync
import ClubhouseSyncWire
import ClubhouseTestSupport
import Foundation
import Testing

/// A player deleted while they sit in a gather in progress: the gather keeps them as last seen
/// (their fields at the delete, not as the gather started), as one device always did, and the
/// seat reads the same on every device, in the server's log and through its REST API, whoever
/// deleted them. The seed 20261125 of the convergence test first showed the devices and the
/// server disagree here.
@Suite("A deleted player's seat", .heavy, .serialized)
struct DeletedSeatTests {
    struct Club {
        let server: TestSyncServer
        let username: String
        let laptop: Device
        let phone: Device
    }

    /// Kai, 20, and three more on both devices; then the laptop starts a gather with Kai in it and
    /// makes him 25 (the seat's copy stays 20: while the gather is played, it shows him live), and
    /// syncs. The phone has not seen the gather.
    static func gatherWithKaiChanged(_ username: String) async throws -> Club {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: username, server: server, register: true)
        let phone = try await Device.make("phone", username: username, server: server)
        try laptop.app.addPlayer("Kai", [.age: "20"])
        for name in ["Ana", "Bea", "Mia"] { try laptop.app.addPlayer(name) }
        _ = try await laptop.sync()
        _ = try await phone.sync()
        let ids = try laptop.app.playerIDs()
        try laptop.app.startGather(teamA: [ids[0], ids[1]], teamB: [ids[2], ids[3]])
        try laptop.app.editPlayer(try #require(try laptop.player("Kai")).id, .age, "25")
        _ = try await laptop.sync()
        return Club(server: server, username: username, laptop: laptop, phone: phone)
    }

    /// Kai's seat in the one gather of `dump`: its fields, nil when he has none.
    static func kaiSeat(_ dump: RecordDump) -> [String: SyncValue]? {
        for (record, fields) in dump.records where record.entity == .gather {
            guard case .object(let teams)? = fields["teams"] else { continue }
            for case .array(let seats) in teams.values {
                for case .object(let seat) in seats where seat["name"] == .string("Kai") { return seat }
            }
        }
        return nil
    }

    func expectSameEverywhere(_ club: Club) async throws {
        let held = try await club.server.dump(token: try await club.server.token(club.username))
        let seat = try #require(Self.kaiSeat(held), "the server's log has no seat for Kai")
        #expect(seat["age"] == .int(25), "the server's seat: \(seat)")
        #expect(seat["player"] == .null, "the server's seat: \(seat)")
        for device in [club.laptop, club.phone] {
            let differences = try device.dump().differences(from: held)
            #expect(
                differences == [], "\(device.name) (here), the server (there):\n\(differences.joined(separator: "\n"))")
            let shown = try #require(try device.app.gatherInProgress(), "\(device.name) has no gather in progress")
            let kai = try #require(
                (shown.gather.teamA + shown.gather.teamB).first { $0.name == "Kai" }, "\(device.name)")
            #expect(kai.age == 25, "\(device.name) shows Kai as \(kai)")
            #expect(kai.playerID == nil, "\(device.name) shows Kai as \(kai)")
        }
        // The REST API reads its own tables, not the log: the same seat.
        let token = try await club.server.token(club.username)
        let current = try await club.server.call(.get, "/v1/gathers/current", token: token)
        let seats = ((current["teamA"] as? [[String: Any]]) ?? []) + ((current["teamB"] as? [[String: Any]]) ?? [])
        let kai = try #require(seats.first { $0["name"] as? String == "Kai" }, "\(current.text)")
        #expect(kai["age"] as? Int == 25, "\(current.text)")
    }

    /// The phone, which has not seen the gather, deletes Kai; the laptop, whose seat copy is the
    /// start's, pulls the delete.
    @Test func deletedOnADeviceThatHasNotSeenTheGather() async throws {
        let club = try await Self.gatherWithKaiChanged("seat-device")
        try club.phone.app.deletePlayer(try #require(try club.phone.player("Kai")).id)
        _ = try await club.phone.sync()
        _ = try await club.laptop.sync()
        _ = try await club.phone.sync()
        try await expectSameEverywhere(club)
    }

    /// A script deletes Kai through the REST API (rule 6).
    @Test func deletedThroughTheRESTAPI() async throws {
        let club = try await Self.gatherWithKaiChanged("seat-rest")
        let token = try await club.server.token(club.username)
        let players = try await club.server.call(.get, "/v1/players?limit=100", token: token)
        let kai = try #require(
            (players["players"] as? [[String: Any]])?.first { $0["name"] as? String == "Kai" }, "\(players.text)")
        let id = try #require(kai["id"] as? Int)
        let deleted = try await club.server.call(.delete, "/v1/players/\(id)", token: token)
        #expect(deleted.status == .noContent, "\(deleted.text)")
        _ = try await club.laptop.sync()
        _ = try await club.phone.sync()
        try await expectSameEverywhere(club)
    }
}
