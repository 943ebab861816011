import Clubhouse
import ClubhouseSync
import ClubhouseTestSupport
import Foundation
import Testing

/// What `sync` says it did: `pushed` the local changes the server took, `pulled` ("received") the
/// changes made elsewhere — another device's, the REST API's — never this device's own coming back.
@Suite("The sync report", .heavy)
struct SyncReportTests {
    @Test func receivedCountsOnlyChangesMadeElsewhere() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "report", server: server, register: true)
        let phone = try await Device.make("phone", username: "report", server: server)
        try laptop.app.addPlayer("Kai")
        try laptop.app.addPlayer("Mia")
        let sent = try await laptop.sync()
        #expect(sent.pushed == 2)
        #expect(sent.pulled == 0, "its own two changes came back: not news")
        let received = try await phone.sync()
        #expect(received.pushed == 0)
        #expect(received.pulled == 2)

        let token = try await server.token("report")
        let added = try await server.call(.post, "/v1/players", json: #"{"name":"Ola"}"#, token: token)
        #expect(added.status == .created, "\(added.text)")
        try phone.app.addPlayer("Bea")
        let both = try await phone.sync()
        #expect(both.pushed == 1)
        #expect(both.pulled == 1, "the REST API's Ola, not its own Bea")
        #expect(try await laptop.sync().pulled == 2)
    }

    /// A change that carries only what changed (Kai's age, Dune's price) is named by what people
    /// call the record, read here once it is applied, not by its key (issue 45).
    @Test func aReceivedUpdateIsNamedAsItIsHere() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "names", server: server, register: true)
        let phone = try await Device.make("phone", username: "names", server: server)
        let kai = try laptop.app.addPlayer("Kai")
        try laptop.app.addBook("9780441013593", title: "Dune")
        _ = try await laptop.sync()
        _ = try await phone.sync()
        try laptop.app.editPlayer(kai, .age, "30")
        try laptop.app.addBook("9780441013593", title: "Dune", [.price: "9.99"])
        _ = try await laptop.sync()
        let received = try await phone.sync().received
        let player = try #require(received.first { $0.entity == "player" })
        #expect(player.kind == "update" && player.fields == ["age"])
        #expect(player.label == "Kai")
        let book = try #require(received.first { $0.entity == "book" })
        #expect(book.label == "Dune")
    }

    /// Two devices replace the laptop's age of Kai, one after the other: the laptop lost one
    /// edit and is told so once, not once for each change that replaced it.
    @Test func aLossReplacedTwiceIsToldOnce() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "twice", server: server, register: true)
        let phone = try await Device.make("phone", username: "twice", server: server)
        let tablet = try await Device.make("tablet", username: "twice", server: server)
        try laptop.app.addPlayer("Kai")
        _ = try await laptop.sync()
        _ = try await phone.sync()
        _ = try await tablet.sync()
        try laptop.app.editPlayer(try laptop.app.playerIDs()[0], .age, "30")
        try phone.app.editPlayer(try phone.app.playerIDs()[0], .age, "31")
        try tablet.app.editPlayer(try tablet.app.playerIDs()[0], .age, "32")
        _ = try await laptop.sync()
        _ = try await phone.sync()
        _ = try await tablet.sync()
        let told = try await laptop.sync().notices
        #expect(told.map(\.code) == ["field_replaced"], "\(told)")
        #expect(try await laptop.sync().notices == [], "told once")
    }
}
