import Clubhouse
import ClubhouseSync
import Foundation
import Testing

/// What `sync` says it did: `pushed` the local changes the server took, `pulled` ("received") the
/// changes made elsewhere — another device's, the REST API's — never this device's own coming back.
@Suite("The sync report")
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
}
