import Clubhouse
import ClubhouseServerTestSupport
import ClubhouseSyncWire
import ClubhouseTestSupport
import Foundation
import Testing

@testable import ClubhouseSync

/// Issue 42, item 1: two syncs of one file at once (the app in two terminals, `sync --watch`
/// beside a `clubhouse sync`), one of them answered slowly. Its page, asked before the other
/// moved the cursor, must not be laid over what the other applied: it brought a player deleted
/// on the server back under a new local id, and later syncs found nothing more to pull. The two
/// processes are two apps on the file; the slow one's page is fetched first and applied last.
@Suite("Two syncs of one file", .heavy, .serialized)
struct TwoSyncsOneFileTests {
    @Test func aPageAskedBeforeAnotherSyncMovedTheCursorIsNotLaidOverIt() async throws {
        let server = try await TestSyncServer.start()
        let phone = try await Device.make("phone", username: "twice", server: server, register: true)
        let laptop = try await Device.make("laptop", username: "twice", server: server)
        _ = try await laptop.sync()
        let start = try Self.cursor(laptop)
        let kai = try phone.app.addPlayer("Kai")
        _ = try await phone.sync()
        try phone.app.deletePlayer(kai)
        _ = try await phone.sync()
        try phone.app.addPlayer("Ola")
        _ = try await phone.sync()

        // The first process asks for a page after the cursor; its answer is slow to come.
        let slow = try await Self.page(server, laptop, after: start, limit: 1)
        #expect(slow.changes.count == 1)  // Kai's create
        // Meanwhile a second process on the file pulls two pages: Kai's create and delete, then Ola.
        let second = try ClubhouseApp(path: laptop.path)
        let first = try await Self.page(server, laptop, after: start, limit: 2)
        #expect(try second.syncApply(first.changes.map(\.body), from: start, next: first.next))
        // The slow answer lands between the second process's pages: it is not applied.
        #expect(try !laptop.app.syncApply(slow.changes.map(\.body), from: start, next: slow.next))
        let rest = try await Self.page(server, laptop, after: first.next, limit: 500)
        #expect(try second.syncApply(rest.changes.map(\.body), from: first.next, next: rest.next))

        #expect(try laptop.player("Kai") == nil, "Kai, deleted on the server, came back")
        #expect(try laptop.player("Ola") != nil)
        #expect(try Self.cursor(laptop) == rest.next)
        // And a sync of the first process (whose cursor was `start`) asks again from the file's.
        _ = try await laptop.sync()
        let token = try await server.token("twice")
        #expect(try laptop.dump().differences(from: try await server.dump(token: token)) == [])
    }

    static func cursor(_ device: Device) throws -> Int64 {
        Int64(try sqlite(device.path, "SELECT cursor FROM sync_remote").trimmingCharacters(in: .whitespacesAndNewlines))
            ?? -1
    }

    /// A page as the device's own request gets it (its id, its token).
    static func page(_ server: TestSyncServer, _ device: Device, after: Int64, limit: Int) async throws
        -> SyncChangesPage
    {
        let row = try sqlite(device.path, "SELECT device_id || ' ' || token FROM sync_remote")
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        let reply = try await server.call(
            .get,
            "/v1/sync/changes?device=\(row[0])&after=\(after)&limit=\(limit)&wire=\(SyncWireVersion.current)",
            token: String(row[1]))
        guard reply.status == .ok else { throw ClusterError("changes: \(reply.status) \(reply.text)") }
        return try JSONDecoder().decode(SyncChangesPage.self, from: reply.body)
    }
}
