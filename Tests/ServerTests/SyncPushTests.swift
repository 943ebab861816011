import ClubhouseSyncWire
import ClubhouseTestSupport
import ClubhouseWireTestSupport
import Foundation
import Hummingbird
import Testing

/// POST /v1/sync/push: creates of every entity, refusals with their codes, idempotent repeats,
/// reordered pushes and the body's limits.
@Suite("Sync push", .heavy)
struct SyncPushTests {
    @Test func createsOfEveryEntityArePulledBackByAnotherDevice() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            let laptop = SyncDevice(api, token: token)
            var phone = SyncDevice(api, token: token)
            let ana = SyncKey.make()
            let gather = SyncKey.make()
            let question = SyncKey.make()
            let player = SyncPlayerFields(
                name: "  Ana ", age: 30, skill: "amateur", position: "winger", favouriteTeam: "Porto")
            let changes = [
                laptop.change(.player, ana, .put, player.fields),
                laptop.change(.book, SyncSamples.dune, .put, SyncSamples.book("Dune", author: "Frank Herbert")),
                laptop.change(
                    .gather, gather, .put,
                    SyncSamples.gather(a: [SyncSamples.seat("Ana", key: ana)], b: [SyncSamples.seat("Bea")])),
                laptop.change(
                    .question, question, .put,
                    SyncQuestionFields(
                        text: "Anything about a desert?", answer: "One book fits.", askedAt: 1_764_000_000_123,
                        books: [SyncSamples.dune]
                    ).fields),
            ]
            let results = try await laptop.push(changes)
            #expect(results.map(\.status) == [.applied, .applied, .applied, .applied], "\(results)")

            let pulled = try await phone.pull().changes
            #expect(pulled.map(\.entity) == [.player, .book, .gather, .question])
            #expect(pulled.map(\.change) == changes.map(\.id))
            #expect(pulled.allSatisfy { $0.device == laptop.id && $0.op == .put })
            // Logged as stored: the name trimmed, as the Domain's rules store it.
            var stored = player
            stored[.name] = .text("Ana")
            #expect(try SyncPlayerFields(pulled[0].fields) == stored)
            let teams = try SyncGatherFields(pulled[2].fields).teams
            #expect(teams.a == [SyncSamples.seat("Ana", key: ana)])
            #expect(try SyncQuestionFields(pulled[3].fields).askedAt == 1_764_000_000_123)

            // The REST API shows the same records, with their keys.
            let players = try await api.call(.get, "/v1/players", token: token)
            let shown = try #require((players["players"] as? [[String: Any]])?.first)
            #expect(shown["key"] as? String == ana)
            #expect(shown["name"] as? String == "Ana")
            let current = try await api.call(.get, "/v1/gathers/current", token: token)
            #expect(current["key"] as? String == gather)
            #expect(((current["teamA"] as? [[String: Any]])?.first?["playerId"] as? NSNumber) != nil)
            let questions = try await api.call(.get, "/v1/questions", token: token)
            #expect((questions["questions"] as? [[String: Any]])?.first?["key"] as? String == question)
            #expect(
                try await api.call(.get, "/v1/books/\(SyncSamples.dune)", token: token)["author"] as? String
                    == "Frank Herbert")
        }
    }

    @Test func refusalsSayWhyAndOnlyARefusedEditIsLoggedBackAsStored() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            var device = SyncDevice(api, token: token)
            let known = SyncKey.make()
            #expect(
                try await device.push(device.change(.player, known, .put, SyncSamples.player("Kai"))).status == .applied
            )
            _ = try await device.pull()
            let cases: [(SyncChange, SyncRefusal, String)] = [
                (
                    device.change(.player, SyncKey.make(), .put, SyncSamples.player("Kid", age: 3)), .invalid,
                    "age must be between 5 and 99"
                ),
                (
                    device.change(.player, known, .put, ["height": .int(180)]), .invalid,
                    "height is not a field of this record"
                ),
                (
                    device.change(.player, known, .put, ["age": .string("ten")]), .invalid,
                    "age must be an integer or null"
                ),
                (device.change(.player, known, .put, ["name": .string("")]), .invalid, "name must not be empty"),
                (
                    device.change(.player, known, .put, ["skill": .string("expert")]), .invalid,
                    "skill must be one of: beginner, amateur, professional"
                ),
                (
                    device.change(.player, SyncKey.make(), .put, ["age": .int(30)]), .unknown,
                    "is not known to the server and this change does not create it (name is required to create the record)"
                ),
                (device.change(.player, SyncKey.make(), .delete), .unknown, "is not known to the server"),
                (
                    device.change(.player, known.uppercased(), .put, ["age": .int(30)]), .invalid,
                    "a player's key is a lowercase UUID"
                ),
                (device.change(.book, "9780441013590", .put, SyncSamples.book("Dune")), .invalid, "ISBN-13"),
                (device.change(.book, SyncSamples.dune, .delete), .invalid, "a book is never deleted"),
                (
                    device.change(
                        .question, SyncKey.make(), .put,
                        SyncQuestionFields(
                            text: "Anything at all here?", answer: "No.", askedAt: 1, books: [SyncSamples.dune]
                        )
                        .fields), .invalid, "book 9780441013593 is not on the server"
                ),
                (
                    device.change(
                        .question, SyncKey.make(), .put,
                        SyncQuestionFields(text: "Hm?", answer: "No.", askedAt: 1, books: []).fields), .invalid,
                    "a question must be 10–100 characters"
                ),
                (
                    device.change(
                        .gather, SyncKey.make(), .put, SyncSamples.gather(a: [SyncSamples.seat("Ana")], b: [])),
                    .invalid, "both teams need at least one player"
                ),
                (
                    device.change(
                        .gather, SyncKey.make(), .put,
                        SyncGatherFields(
                            startedAt: 1, scoreA: 101,
                            teams: SyncTeams(a: [SyncSamples.seat("A")], b: [SyncSamples.seat("B")])
                        ).fields), .invalid, "each team's score must be between 0 and 100"
                ),
                (
                    device.change(
                        .gather, SyncKey.make(), .put,
                        SyncGatherFields(
                            startedAt: 1, timerState: "running",
                            teams: SyncTeams(a: [SyncSamples.seat("A")], b: [SyncSamples.seat("B")])
                        ).fields), .invalid, "timerStartedMs is set exactly when the timer is running"
                ),
                (
                    device.change(
                        .gather, SyncKey.make(), .put,
                        SyncGatherFields(
                            startedAt: -5, teams: SyncTeams(a: [SyncSamples.seat("A")], b: [SyncSamples.seat("B")])
                        ).fields), .invalid, "startedAt must be an instant between 1970 and 9999"
                ),
            ]
            let results = try await device.push(cases.map(\.0))
            for (result, (change, code, message)) in zip(results, cases) {
                #expect(result.status == .refused, "\(change.fields)")
                #expect(result.code == code, "\(change.fields): \(result)")
                #expect(result.message?.contains(message) == true, "\(result.message ?? "")")
            }
            // No refused change is logged; the two edits of Kai refused by the Domain's rules (not by
            // the wire's typing, which no device could hold) log the fields they set again, as
            // stored, with no device: the sender's pull puts them back.
            let entries = try await device.pull()
            let restores = entries.compactMap(\.change)
            #expect(restores.count == entries.count)
            #expect(restores.allSatisfy { $0.key == known && $0.op == .put && $0.device == nil }, "\(restores)")
            #expect(restores.map { $0.fields.keys.sorted() } == [["name"], ["skill"]], "\(restores)")
            #expect(restores.first?.fields["name"] == .string("Kai"))
            // The record the refused edits aimed at is as it was.
            let players = try await api.call(.get, "/v1/players", token: token)
            #expect((players["players"] as? [[String: Any]])?.first?["name"] as? String == "Kai")
        }
    }

    /// A value the Domain's rules let through but PostgreSQL refuses: that change alone is
    /// refused, the rest of the page applies. (The known value, a book dated in year 0000, is now
    /// refused by the Domain too; a CHECK only this test's database has stands for the next one.)
    @Test func aWriteThePostgresRefusesRefusesThatChangeAlone() async throws {
        try await TestServer.run { api, database in
            try await database.execute(
                "ALTER TABLE books ADD CONSTRAINT test_only_refused CHECK (title <> 'Refused by PostgreSQL')")
            let token = try await api.signedIn("ana")
            var device = SyncDevice(api, token: token)
            let book = SyncBookFields(title: "Refused by PostgreSQL")
            let changes = [
                device.change(.player, SyncKey.make(), .put, SyncSamples.player("Kai")),
                device.change(.book, SyncSamples.dune, .put, book.fields),
                device.change(.player, SyncKey.make(), .put, SyncSamples.player("Lea")),
            ]
            let results = try await device.push(changes)
            #expect(results.map(\.status) == [.applied, .refused, .applied])
            #expect(results[1].code == .invalid)
            #expect(results[1].message == "the server could not store this change: a value is out of range")
            #expect(try await device.pull().changes.map(\.change) == [changes[0].id, changes[2].id])
            #expect(try await api.call(.get, "/v1/books", token: token)["total"] as? Int == 0)
        }
    }

    /// Untrusted text that reaches a message (a key, a field's name) is cut and its control
    /// characters replaced, so a NUL PostgreSQL cannot store refuses the change, not the page.
    @Test func hostileKeysAndNamesAreRefusedOneByOne() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            let device = SyncDevice(api, token: token)
            let known = SyncKey.make()
            let nul = SyncKey.make()
            let changes = [
                device.change(.player, "a\u{0}b", .put, SyncSamples.player("Kai")),
                device.change(.book, String(repeating: "9", count: 100_000), .put, SyncSamples.book("Dune")),
                device.change(.player, known, .put, SyncSamples.player("Kai")),
                device.change(.player, known, .put, ["x\u{0}y": .int(1)]),
                device.change(.player, nul, .put, SyncSamples.player("Ka\u{0}i")),
                device.change(.player, nul, .put, ["age": .int(30)]),
            ]
            let results = try await device.push(changes)
            #expect(results.map(\.status) == [.refused, .refused, .applied, .refused, .refused, .refused])
            #expect(results[0].message == "a player's key is a lowercase UUID: a\u{FFFD}b is not one")
            #expect(results[1].message?.count ?? .max < 200)
            #expect(results[3].message == "x\u{FFFD}y is not a field of this record")
            #expect(results[4].code == .invalid)
            // The refused create buries its key under the key itself, never the refused name.
            #expect(results[5].code == .unknown)
            #expect(results[5].message == "player \(nul) was never kept by the server: its creation was refused")
        }
    }

    @Test func aRepeatedChangeAnswersItsFirstResultAndChangesNothing() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            var device = SyncDevice(api, token: token)
            let key = SyncKey.make()
            let create = device.change(.player, key, .put, SyncSamples.player("Kai", age: 20))
            let edit = device.change(.player, key, .put, ["age": .int(21)])
            // Twice in one page, then the whole page again (a retry after a lost answer).
            let first = try await device.push([create, edit, create])
            #expect(first.map(\.status) == [.applied, .applied, .applied])
            let again = try await device.push([create, edit])
            #expect(again == Array(first.prefix(2)))
            let log = try await device.pull().changes
            #expect(log.map(\.change) == [create.id, edit.id])
            let players = try await api.call(.get, "/v1/players", token: token)
            #expect((players["players"] as? [[String: Any]])?.first?["age"] as? Int == 21)

            // A refusal is answered again too, even once the change would now apply.
            let running = SyncKey.make()
            let other = SyncKey.make()
            let teams = (a: [SyncSamples.seat("A")], b: [SyncSamples.seat("B")])
            #expect(
                try await device.push(device.change(.gather, running, .put, SyncSamples.gather(a: teams.a, b: teams.b)))
                    .status == .applied)
            let second = device.change(.gather, other, .put, SyncSamples.gather(a: teams.a, b: teams.b))
            let refused = try await device.push(second)
            #expect(refused.code == .gatherInProgress)
            #expect(try await device.push(device.change(.gather, running, .delete)).status == .applied)
            #expect(try await device.push(second) == refused)
        }
    }

    /// Pushes that reach the server out of the order they were made in: arrival decides, and a
    /// change that arrives before its record's create is refused for good (its id answers so).
    @Test func reorderedPushes() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            var laptop = SyncDevice(api, token: token)
            var phone = SyncDevice(api, token: token)
            let key = SyncKey.make()
            let create = laptop.change(.player, key, .put, SyncSamples.player("Kai", age: 20))
            let edit = laptop.change(.player, key, .put, ["age": .int(21)])
            #expect(try await laptop.push(edit).code == .unknown)
            #expect(try await laptop.push(create).status == .applied)
            #expect(try await laptop.push(edit).code == .unknown)
            _ = try await laptop.pull()
            _ = try await phone.pull()

            // The phone's edit was made later but arrives first: the laptop's, arriving last, wins.
            var later = phone.change(.player, key, .put, ["age": .int(40)])
            later.madeAt = 2_000_000_000_000
            var earlier = laptop.change(.player, key, .put, ["age": .int(30)])
            earlier.madeAt = 1_000_000_000_000
            #expect(try await phone.push(later).status == .applied)
            #expect(try await laptop.push(earlier).status == .applied)
            let player = try #require(
                (try await api.call(.get, "/v1/players", token: token)["players"] as? [[String: Any]])?.first)
            #expect(player["age"] as? Int == 30)
        }
    }

    @Test func bodyLimitsAndMalformedRequests() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            let device = SyncDevice(api, token: token)
            let tooMany = (0...SyncLimits.changesPerPush).map { _ in
                device.change(.player, SyncKey.make(), .put, SyncSamples.player("P"))
            }
            let many = try await device.pushReply(tooMany)
            #expect(many.status == .badRequest)
            #expect(many.error?.field == "changes")
            #expect(many.error?.message == "a push carries at most 500 changes (this one has 501)")
            // 500 is allowed, in one transaction.
            let full = try await device.push(Array(tooMany.prefix(SyncLimits.changesPerPush)))
            #expect(full.allSatisfy { $0.status == .applied })

            let huge = String(repeating: "x", count: SyncLimits.pushBodyBytes)
            let large = try await device.pushReply([
                device.change(.player, SyncKey.make(), .put, ["name": .string(huge)])
            ])
            #expect(large.status == .contentTooLarge)
            #expect(large.error?.code == "body_too_large")

            let path = "/v1/sync/push"
            let malformed = try await api.call(.post, path, json: "[1,", token: token)
            #expect(malformed.error?.code == "malformed_json")
            let noDevice = try await api.call(.post, path, json: #"{"changes":[]}"#, token: token)
            #expect(noDevice.error?.field == "device")
            let badEntity = try await api.call(
                .post, path,
                json:
                    #"{"device":"\#(UUID())","changes":[{"id":"\#(UUID())","entity":"team","key":"k","op":"put","base":0,"madeAt":0}]}"#,
                token: token)
            #expect(badEntity.status == .badRequest)
            #expect(badEntity.error?.field == "changes.0.entity")
            let noToken = try await api.call(.post, path, json: #"{"device":"\#(UUID())","changes":[]}"#)
            #expect(noToken.status == .unauthorized)
            let empty = try await device.push([])
            #expect(empty.isEmpty)
        }
    }
}
