import Clubhouse
import ClubhouseSync
import ClubhouseTestSupport
import Foundation
import Testing

/// A sync that removes a record this device's screens show (a player deleted on another device,
/// a gather the server refused) leaves no stored navigation naming it: the screens are cut as the
/// next command would cut them, so the file passes `check` right after the sync.
@Suite("Navigation after a sync", .heavy, .serialized)
struct NavigationAfterSyncTests {
    @Test func aPlayerDeletedElsewhereIsCutFromTheScreens() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "nav-player", server: server, register: true)
        let phone = try await Device.make("phone", username: "nav-player", server: server)
        try laptop.app.addPlayer("Kai")
        _ = try await laptop.sync()
        _ = try await phone.sync()
        let kai = try #require(try phone.player("Kai")).id
        try phone.app.perform(Command(link: .screen(.player(kai))))
        // A second scene on the player too.
        try ClubhouseApp(path: phone.path, scene: try SceneName("work")).perform(Command(link: .screen(.player(kai))))
        try laptop.app.deletePlayer(try #require(try laptop.player("Kai")).id)
        _ = try await laptop.sync()
        _ = try await phone.sync()
        #expect(try phone.player("Kai") == nil)
        #expect(try phone.problems() == [])
        #expect(try phone.app.state()?.stack(for: .players).map(\.path) == ["players"])
    }

    @Test func aRefusedGatherIsCutFromTheScreens() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "nav-gather", server: server, register: true)
        let phone = try await Device.make("phone", username: "nav-gather", server: server)
        for name in ["Ana", "Bea"] { try laptop.app.addPlayer(name) }
        _ = try await laptop.sync()
        _ = try await phone.sync()
        let ids = { (device: Device) in try device.app.playerIDs() }
        try laptop.app.startGather(teamA: [try ids(laptop)[0]], teamB: [try ids(laptop)[1]])
        let discarded = try phone.app.startGather(teamA: [try ids(phone)[0]], teamB: [try ids(phone)[1]])
        #expect(try phone.app.state()?.stack(for: .players).contains { $0.path == "gathers/\(discarded.id)" } == true)
        _ = try await laptop.sync()
        let report = try await phone.sync()
        #expect(report.notices.map(\.code) == ["gather_in_progress"])
        #expect(try phone.problems() == [])
    }
}
