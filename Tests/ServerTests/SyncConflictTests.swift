import ClubhouseSyncWire
import ClubhouseTestSupport
import ClubhouseWireTestSupport
import Foundation
import Hummingbird
import Testing

/// The conflict rules as the server decides them (docs/server.md, "Sync"), one test each, and
/// isolation between accounts: changes pushed over the wire as a device would, each answer and
/// notice checked to the letter. This is the rules' home; what devices make of them (a change
/// waiting to be sent kept over a pull, a notice told once, a refused gather removed, the file
/// converging) is SyncTests' `ConflictPolicyTests`.
@Suite("Sync conflicts", .heavy)
struct SyncConflictTests {
    /// Two devices, both having seen `key`'s create.
    static func twoDevices(_ api: API, _ token: String, creating key: String) async throws -> (SyncDevice, SyncDevice) {
        var laptop = SyncDevice(api, token: token)
        var phone = SyncDevice(api, token: token)
        let create = laptop.change(.player, key, .put, SyncPlayerFields(name: "Kai", age: 20, skill: "beginner").fields)
        guard try await laptop.push(create).status == .applied else { throw ClusterError("create refused") }
        _ = try await laptop.pull()
        _ = try await phone.pull()
        return (laptop, phone)
    }

    static func player(_ api: API, _ token: String) async throws -> [String: Any] {
        let page = try await api.call(.get, "/v1/players", token: token)
        return (page["players"] as? [[String: Any]])?.first ?? [:]
    }

    @Test func fieldLevelLastWriterWinsByArrival() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            let key = SyncKey.make()
            var (laptop, phone) = try await Self.twoDevices(api, token, creating: key)
            // Different fields: both kept.
            #expect(try await laptop.push(laptop.change(.player, key, .put, ["age": .int(30)])).status == .applied)
            #expect(
                try await phone.push(phone.change(.player, key, .put, ["skill": .string("amateur")])).status == .applied
            )
            var player = try await Self.player(api, token)
            #expect(player["age"] as? Int == 30)
            #expect(player["skill"] as? String == "amateur")
            // No notice: nobody's field was replaced.
            #expect(try await laptop.pull().notices.isEmpty)
            #expect(try await phone.pull().notices.isEmpty)

            // The same field: the later arrival wins, and the earlier writer is told.
            #expect(try await laptop.push(laptop.change(.player, key, .put, ["age": .int(31)])).status == .applied)
            #expect(try await phone.push(phone.change(.player, key, .put, ["age": .int(32)])).status == .applied)
            player = try await Self.player(api, token)
            #expect(player["age"] as? Int == 32)
            let told = try await laptop.pull()
            #expect(
                told.notices == [
                    SyncNotice(
                        code: .fieldReplaced,
                        message: #"your change to player "Kai"'s age was replaced by another device's"#,
                        entity: .player, key: key)
                ])
            // Both puts are in the log, in arrival order: a device applying it ends where the server is.
            #expect(told.changes.map { $0.fields["age"] } == [.int(31), .int(32)])
            #expect(try await phone.pull().notices.isEmpty)

            // The same value from both: nothing was lost, nobody is told.
            #expect(
                try await laptop.push(laptop.change(.player, key, .put, ["skill": .string("professional")])).status
                    == .applied)
            #expect(
                try await phone.push(phone.change(.player, key, .put, ["skill": .string("professional")])).status
                    == .applied)
            #expect(try await laptop.pull().notices.isEmpty)
            _ = try await phone.pull()

            // A change based on what the other device wrote replaces nothing concurrent: no notice.
            #expect(try await laptop.push(laptop.change(.player, key, .put, ["age": .int(33)])).status == .applied)
            #expect(try await phone.pull().notices.isEmpty)
        }
    }

    @Test func deleteWinsOverAConcurrentEdit() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            let key = SyncKey.make()
            var (laptop, phone) = try await Self.twoDevices(api, token, creating: key)
            var tablet = SyncDevice(api, token: token)
            _ = try await tablet.pull()

            // The phone edits, then the laptop (which had not seen the edit) deletes: the phone is told.
            #expect(try await phone.push(phone.change(.player, key, .put, ["age": .int(25)])).status == .applied)
            #expect(try await laptop.push(laptop.change(.player, key, .delete)).status == .applied)
            let phoneSaw = try await phone.pull()
            #expect(
                phoneSaw.notices == [
                    SyncNotice(
                        code: .editLost,
                        message: #"your edit of player "Kai" was lost: it was deleted on another device"#,
                        entity: .player, key: key)
                ])
            #expect(phoneSaw.changes.last?.op == .delete)
            #expect(try await laptop.pull().notices.isEmpty)
            #expect(try await tablet.pull().notices.isEmpty)

            // An edit arriving after the delete is refused, and nothing comes back.
            let late = try await tablet.push(tablet.change(.player, key, .put, ["age": .int(26)]))
            #expect(late.code == .deleted)
            #expect(late.message == #"player "Kai" was deleted on another device; this change was not kept"#)
            // A full create of the same key does not bring it back either.
            let again = try await tablet.push(tablet.change(.player, key, .put, SyncSamples.player("Kai")))
            #expect(again.code == .deleted)
            // Deleting it again changes nothing and is not an error.
            #expect(try await tablet.push(tablet.change(.player, key, .delete)).status == .applied)
            #expect(try await tablet.pull().isEmpty)
            #expect(try await api.call(.get, "/v1/players", token: token)["players"] as? [Any] != nil)
            #expect(try await Self.player(api, token).isEmpty)
        }
    }

    @Test func oneGatherInProgressTheLaterStartLoses() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            var laptop = SyncDevice(api, token: token)
            let phone = SyncDevice(api, token: token)
            let first = SyncKey.make()
            let second = SyncKey.make()
            let teams = (a: [SyncSamples.seat("A")], b: [SyncSamples.seat("B")])
            #expect(
                try await laptop.push(laptop.change(.gather, first, .put, SyncSamples.gather(a: teams.a, b: teams.b)))
                    .status == .applied)
            let refused = try await phone.push(
                phone.change(.gather, second, .put, SyncSamples.gather(a: teams.a, b: teams.b)))
            #expect(refused.code == .gatherInProgress)
            #expect(
                refused.message?.hasPrefix("a gather is already in progress (started 2025-11-24 16:00 UTC)") == true)
            // The refused gather's later changes are unknown, even a full put.
            #expect(try await phone.push(phone.change(.gather, second, .put, ["scoreA": .int(1)])).code == .unknown)
            #expect(try await phone.push(phone.change(.gather, second, .delete)).code == .unknown)
            #expect(
                try await phone.push(phone.change(.gather, second, .put, SyncSamples.gather(a: teams.a, b: teams.b)))
                    .code
                    == .unknown)
            // The REST API refuses a second start too.
            let player = try await api.addPlayer("Kai", token: token)
            let other = try await api.addPlayer("Lea", token: token)
            let rest = try await api.call(
                .post, "/v1/gathers", body: ["teamA": [player], "teamB": [other]], token: token)
            #expect(rest.status == .conflict)

            // Once the first has ended, a new gather may start.
            let ended = try await laptop.push(
                laptop.change(.gather, first, .put, ["endedAt": .int(1_764_000_600_000), "winner": .string("None")]))
            #expect(ended.status == .applied)
            let third = SyncKey.make()
            #expect(
                try await phone.push(phone.change(.gather, third, .put, SyncSamples.gather(a: teams.a, b: teams.b)))
                    .status == .applied)
            // An ended gather takes no more changes, as in the app and REST: not a reopening (which
            // would make two in progress), not a goal from a device that had not seen the end
            // (its winner would contradict the score).
            let reopen = try await laptop.push(
                laptop.change(.gather, first, .put, ["endedAt": .null, "winner": .null]))
            #expect(reopen.code == .invalid)
            #expect(reopen.message?.hasSuffix("has ended; it can no longer change") == true, "\(reopen)")
            let late = try await phone.push(phone.change(.gather, first, .put, ["scoreB": .int(1)]))
            #expect(late.code == .invalid)
            let log = try await laptop.pull().changes
            #expect(!log.contains { $0.key == second })
            // The late goal's sender gets the score back as the server holds it (rule 9).
            let restored = log.last { $0.key == first }
            #expect(restored?.device == nil && restored?.fields["scoreB"] == .int(0), "\(String(describing: restored))")
        }
    }

    @Test func booksMergeByISBN() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            var laptop = SyncDevice(api, token: token)
            var phone = SyncDevice(api, token: token)
            let fromLaptop = SyncBookFields(title: "Dune", author: "Frank Herbert", priceCents: 999)
            let fromPhone = SyncBookFields(title: "Dune (1965)", description: "Sand")
            #expect(
                try await laptop.push(laptop.change(.book, SyncSamples.dune, .put, fromLaptop.fields)).status
                    == .applied)
            #expect(
                try await phone.push(phone.change(.book, SyncSamples.dune, .put, fromPhone.fields)).status == .applied)
            let book = try await api.call(.get, "/v1/books/\(SyncSamples.dune)", token: token)
            // One book: the later create's fields over the earlier's, field by field.
            #expect(book["title"] as? String == "Dune (1965)")
            #expect(book["author"] == nil)
            #expect(book["description"] as? String == "Sand")
            #expect(try await api.call(.get, "/v1/books", token: token)["total"] as? Int == 1)
            // Removing is a put of owned false; a partial put keeps the rest.
            _ = try await phone.pull()
            #expect(
                try await phone.push(phone.change(.book, SyncSamples.dune, .put, ["owned": .bool(false)])).status
                    == .applied)
            let removed = try await api.call(.get, "/v1/books/\(SyncSamples.dune)", token: token)
            #expect(removed["onShelf"] as? Bool == false)
            #expect(removed["title"] as? String == "Dune (1965)")
            let pulled = try await laptop.pull()
            // The laptop is told, once, which of its values the phone's create replaced.
            #expect(
                pulled.notices.map(\.message) == [
                    #"your changes to book "Dune"'s title, author, description and price were replaced by another device's"#
                ])
            let log = pulled.changes
            #expect(log.map(\.key) == [SyncSamples.dune, SyncSamples.dune, SyncSamples.dune])
            #expect(log[2].fields == ["owned": .bool(false)])
        }
    }

    @Test func anotherAccountNeverSeesAChange() async throws {
        try await TestServer.run { api, _ in
            let anaToken = try await api.signedIn("ana")
            let bobToken = try await api.signedIn("bob")
            // The same device id and the same key under two accounts are two devices, two records.
            let deviceID = UUID()
            let key = SyncKey.make()
            var ana = SyncDevice(api, token: anaToken, id: deviceID)
            var anaPhone = SyncDevice(api, token: anaToken)
            var bob = SyncDevice(api, token: bobToken, id: deviceID)
            _ = try await anaPhone.pull()
            #expect(try await ana.push(ana.change(.player, key, .put, SyncSamples.player("Ana's"))).status == .applied)
            #expect(try await bob.pull().isEmpty)
            #expect(try await bob.push(bob.change(.player, key, .put, ["age": .int(30)])).code == .unknown)
            #expect(try await bob.push(bob.change(.player, key, .put, SyncSamples.player("Bob's"))).status == .applied)
            #expect(try await bob.push(bob.change(.player, key, .delete)).status == .applied)
            // Ana's record is untouched by Bob's delete; Ana's log holds only Ana's change.
            let anaLog = try await ana.pull()
            #expect(anaLog.changes.map(\.fields["name"]) == [.string("Ana's")])
            #expect(try await SyncConflictTests.player(api, anaToken)["name"] as? String == "Ana's")
            // A notice for Ana's phone is not Bob's (nor his device's, whose id is the same).
            #expect(try await anaPhone.push(anaPhone.change(.player, key, .put, ["age": .int(40)])).status == .applied)
            #expect(try await ana.push(ana.change(.player, key, .put, ["age": .int(41)])).status == .applied)
            #expect(try await anaPhone.pull().notices.count == 1)
            let bobLog = try await bob.pull()
            #expect(bobLog.notices.isEmpty)
            #expect(bobLog.changes.allSatisfy { $0.fields["name"] != .string("Ana's") && $0.fields["age"] != .int(41) })
            #expect(try await api.call(.get, "/v1/players", token: bobToken)["players"] as? [Any] != nil)
        }
    }
}
