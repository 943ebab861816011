import Clubhouse
import ClubhouseSync
import ClubhouseTestSupport
import Foundation
import Testing

/// `continue` across real devices: the other device's tab, stack and half-typed form arrive with
/// this device's own ids, and a stack is cut (with a warning) where this device lacks the record.
@Suite("Handoff", .heavy, .serialized)
struct HandoffTests {
    @Test func continueTakesTheOtherDevicesPlaceWithThisDevicesIDs() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "handoff", server: server, register: true)
        let phone = try await Device.make("phone", username: "handoff", server: server)
        // Different local ids for the same players: the phone has one of its own first.
        try phone.app.addPlayer("Phone's first")
        try laptop.app.addPlayer("Kai")
        _ = try await laptop.sync()
        _ = try await phone.sync()
        let kaiOnLaptop = try #require(try laptop.player("Kai")).id
        let kaiOnPhone = try #require(try phone.player("Kai")).id
        #expect(kaiOnLaptop != kaiOnPhone)

        try laptop.app.open("players/\(kaiOnLaptop)/edit/age")
        try laptop.app.type([("age", "31")])
        _ = try await laptop.sync()
        _ = try await phone.sync()

        let before = try #require(try phone.app.state())
        let report = try await phone.app.continueFromOtherDevice(scene: .main)
        #expect(report.deviceName == "laptop")
        #expect(report.warnings == [])
        let state = try #require(try phone.app.state())
        #expect(state.selectedTab == .players)
        #expect(
            state.stacks[.players]?.map(\.path) == [
                "players", "players/\(kaiOnPhone)", "players/\(kaiOnPhone)/edit/age",
            ])
        #expect(state.currentScreen.draft?["age"] == "31")
        // Through the normal road: undo takes the phone back to where it was.
        try phone.app.undo()
        let undone = try #require(try phone.app.state())
        #expect(undone.selectedTab == before.selectedTab)
        #expect(undone.currentScreen.path == before.currentScreen.path)

        // The phone deletes Kai (not synced yet): the laptop's place is cut where Kai was.
        try phone.app.deletePlayer(kaiOnPhone)
        let cut = try await phone.app.continueFromOtherDevice(scene: .main)
        #expect(cut.warnings.count == 1, "\(cut.warnings)")
        #expect(try phone.app.state()?.stacks[.players]?.map(\.path) == ["players"])
    }

    /// Each home page's own stack goes along, with this device's ids: the squad keeps the player
    /// it opened while the laptop reads another page.
    @Test func continueCarriesEveryHomePagesStack() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "pages", server: server, register: true)
        let phone = try await Device.make("phone", username: "pages", server: server)
        try phone.app.addPlayer("Phone's first")
        try laptop.app.addPlayer("Kai")
        _ = try await laptop.sync()
        _ = try await phone.sync()
        let kaiOnLaptop = try #require(try laptop.player("Kai")).id
        let kaiOnPhone = try #require(try phone.player("Kai")).id

        try laptop.app.perform(Command(link: .page(.squad), .show(.player(kaiOnLaptop))))
        try laptop.app.perform(Command(.turnPage(by: 2)))
        _ = try await laptop.sync()
        _ = try await phone.sync()

        let report = try await phone.app.continueFromOtherDevice(scene: .main)
        #expect(report.warnings == [])
        let state = try #require(try phone.app.state())
        #expect(state.selectedPage == .reading)
        #expect(state.currentPlace == "home/reading")
        #expect(state.stack(on: .squad).map(\.path) == ["home", "players/\(kaiOnPhone)"])
        try phone.app.perform(Command(.turnPage(by: -2)))
        #expect(try phone.app.state()?.currentScreen.path == "players/\(kaiOnPhone)")
    }
}
