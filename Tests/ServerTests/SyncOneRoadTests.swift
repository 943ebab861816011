import ClubhouseSyncWire
import ClubhouseTestSupport
import ClubhouseWireTestSupport
import Foundation
import Testing

/// Every write of the server takes one road, the sync applier: a REST write is a change with no
/// device. So burials, refusals and the log's entries are the same whichever way a write arrives.
@Suite("Sync: one write path", .heavy)
struct SyncOneRoadTests {
    /// A key every device shares (an ISBN) is never buried by one device's refused create (issue
    /// 27, case 2): another device's create of it applies, a REST save of it is an ordinary add
    /// or update, and later edits apply.
    @Test func aRefusedBookCreateBuriesNoISBN() async throws {
        try await TestServer.run { api, database in
            let token = try await api.signedIn("ana")
            var deviceA = SyncDevice(api, token: token)
            var deviceB = SyncDevice(api, token: token)
            var tooDear = SyncBookFields(title: "Dune", priceCents: 200_000_000)
            let refused = try await deviceA.push(
                deviceA.change(.book, SyncSamples.dune, .put, tooDear.fields))
            #expect(refused.status == .refused)
            #expect(refused.code == .invalid)

            tooDear[.price] = .integer(999)
            let created = try await deviceB.push(deviceB.change(.book, SyncSamples.dune, .put, tooDear.fields))
            #expect(created.status == .applied, "\(created)")
            #expect(try await database.values("SELECT key FROM sync_tombstones") == [])

            let saved = try await api.call(
                .post, "/v1/books", body: ["isbn": SyncSamples.dune, "title": "Dune", "price": "9.99"], token: token)
            #expect(saved.status == .ok, "\(saved.text)")
            #expect(saved["cleared"] as? [String] == [])

            _ = try await deviceB.pull()
            let edit = try await deviceB.push(
                deviceB.change(.book, SyncSamples.dune, .put, ["author": .string("Frank Herbert")]))
            #expect(edit.status == .applied, "\(edit)")
            #expect(try await database.values("SELECT author FROM books") == ["Frank Herbert"])
            // Device A, whose create was refused, now pulls the book like any other.
            let pulled = try await deviceA.pull().changes.filter { $0.key == SyncSamples.dune }
            #expect(pulled.map(\.kind) == [.create, .update, .update])
        }
    }

    /// A refused create of a record keyed by a UUID still buries its key: only the device that
    /// made it knows it.
    @Test func aRefusedPlayerCreateStillBuriesItsKey() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            let device = SyncDevice(api, token: token)
            let key = SyncKey.make()
            let refused = try await device.push(device.change(.player, key, .put, SyncSamples.player("", age: 20)))
            #expect(refused.code == .invalid)
            let again = try await device.push(device.change(.player, key, .put, SyncSamples.player("Kai")))
            #expect(again.code == .unknown)
        }
    }

    /// The log says what each change is: a create when the record was not there, an update
    /// otherwise (a book's create of an ISBN the account has, a gather's seats copied before its
    /// player's delete), a delete; REST writes alike.
    @Test func theLogSaysWhatEachChangeIs() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            var device = SyncDevice(api, token: token)
            let id = try await api.addPlayer("Ana", token: token)
            #expect(try await api.call(.patch, "/v1/players/\(id)", body: ["age": 30], token: token).status == .ok)
            let (kai, gather) = (SyncKey.make(), SyncKey.make())
            let pushed = try await device.push([
                device.change(.player, kai, .put, SyncSamples.player("Kai")),
                device.change(.player, kai, .put, SyncSamples.player("Kai", age: 20)),
                device.change(.book, SyncSamples.dune, .put, SyncSamples.book("Dune")),
                device.change(.book, SyncSamples.dune, .put, SyncSamples.book("Dune", author: "Frank Herbert")),
                device.change(
                    .gather, gather, .put,
                    SyncSamples.gather(a: [SyncSamples.seat("Kai", key: kai)], b: [SyncSamples.seat("Lea")])),
                device.change(.player, kai, .put, ["name": .string("Kai B")]),
                device.change(.player, kai, .delete),
            ])
            #expect(pushed.allSatisfy { $0.status == .applied }, "\(pushed)")
            #expect(try await api.call(.delete, "/v1/players/\(id)", token: token).status == .noContent)
            let kinds = try await device.pull().changes.map { "\($0.entity.rawValue) \($0.kind.rawValue)" }
            #expect(
                kinds == [
                    "player create", "player update", "player create", "player update", "book create", "book update",
                    "gather create", "player update", "gather update", "player delete", "player delete",
                ])
        }
    }
}
