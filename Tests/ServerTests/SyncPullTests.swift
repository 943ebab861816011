import ClubhouseSyncWire
import ClubhouseTestSupport
import Foundation
import Hummingbird
import Testing

/// GET /v1/sync/changes (paging), the REST writes in the log, and PUT/GET /v1/sync/handoff.
@Suite("Sync pull and handoff", .heavy)
struct SyncPullTests {
    @Test func pagesOfTheLog() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            let device = SyncDevice(api, token: token)
            let changes = (0..<7).map { device.change(.player, SyncKey.make(), .put, SyncSamples.player("P\($0)")) }
            #expect(try await device.push(changes).allSatisfy { $0.status == .applied })

            let first = try await device.pullPage(after: 0, limit: 3)
            #expect(first.changes.count == 3)
            #expect(first.more)
            #expect(first.next == first.changes.last?.seq)
            let second = try await device.pullPage(after: first.next, limit: 3)
            #expect(second.more)
            let third = try await device.pullPage(after: second.next, limit: 3)
            #expect(third.changes.count == 1)
            #expect(!third.more)
            let seqs = (first.changes + second.changes + third.changes).map(\.seq)
            #expect(seqs == seqs.sorted())
            #expect((first.changes + second.changes + third.changes).compactMap(\.change?.change) == changes.map(\.id))
            // Past the end: nothing, and the cursor stays.
            let past = try await device.pullPage(after: third.next, limit: 3)
            #expect(past.changes.isEmpty)
            #expect(past.next == third.next)
            #expect(!past.more)
            // The default page holds them all.
            #expect(try await device.pullPage(after: 0).changes.count == 7)
            #expect(try await device.pullPage(after: 0).serverTime > 1_700_000_000_000)

            let id = device.id.uuidString.lowercased()
            for (query, field) in [
                ("device=\(id)&limit=0", "limit"), ("device=\(id)&limit=1001", "limit"),
                ("device=\(id)&after=-1", "after"),
                ("device=\(id)&after=x", "after"), ("after=0", "device"), ("device=nope", "device"),
            ] {
                let reply = try await api.call(.get, "/v1/sync/changes?\(query)", token: token)
                #expect(reply.status == .badRequest, "\(query)")
                #expect(reply.error?.field == field, "\(query)")
            }
            #expect(try await api.call(.get, "/v1/sync/changes?device=\(id)").status == .unauthorized)
        }
    }

    @Test func restWritesAppearInTheLogWithNoDevice() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            var device = SyncDevice(api, token: token)
            let added = try await api.call(.post, "/v1/players", body: ["name": "Kai", "age": 20], token: token)
            let key = try #require(added["key"] as? String)
            #expect(SyncKey.isUUIDKey(key))
            let id = try #require((added["id"] as? NSNumber)?.int64Value)
            let other = try await api.addPlayer("Lea", token: token)
            #expect(try await api.call(.patch, "/v1/players/\(id)", body: ["age": 21], token: token).status == .ok)
            // A refused write logs nothing.
            #expect(
                try await api.call(.patch, "/v1/players/\(id)", body: ["age": 2], token: token).status
                    == .unprocessableContent)
            let gather = try await api.call(
                .post, "/v1/gathers", body: ["teamA": [id], "teamB": [other]], token: token)
            let gatherID = try #require((gather["id"] as? NSNumber)?.int64Value)
            #expect(
                try await api.call(.post, "/v1/gathers/\(gatherID)/goals", body: ["team": "a"], token: token).status
                    == .ok)
            #expect(try await api.call(.post, "/v1/gathers/\(gatherID)/end", token: token).status == .ok)
            #expect(try await api.call(.delete, "/v1/gathers/\(gatherID)", token: token).status == .noContent)
            #expect(
                try await api.call(
                    .post, "/v1/books",
                    body: ["isbn": "0-441-01359-7", "title": "Dune", "description": "A desert planet"],
                    token: token
                ).status == .created)
            let asked = try await api.call(
                .post, "/v1/questions", body: ["text": "Anything about a desert?"], token: token)
            let questionID = try #require((asked["id"] as? NSNumber)?.int64Value)
            #expect(try await api.call(.delete, "/v1/books/9780441013593", token: token).status == .noContent)
            #expect(try await api.call(.delete, "/v1/questions/\(questionID)", token: token).status == .noContent)
            #expect(try await api.call(.delete, "/v1/players/\(id)", token: token).status == .noContent)

            let log = try await device.pull().changes
            #expect(log.allSatisfy { $0.device == nil })
            let summary = log.map {
                "\($0.entity.rawValue) \($0.op.rawValue) \($0.fields.keys.sorted().joined(separator: ","))"
            }
            #expect(
                summary == [
                    "player put age,favouriteTeam,name,position,shirtNumber,skill",
                    "player put age,favouriteTeam,name,position,shirtNumber,skill",
                    "player put age",
                    "gather put endedAt,scoreA,scoreB,startedAt,teams,timerDurationMs,timerPlayedMs,timerRemainingMs,timerStartedMs,timerState,winner",
                    "gather put scoreA",
                    "gather put endedAt,winner",
                    "gather delete ",
                    "book put author,description,owned,priceCents,published,publisher,title",
                    "question put answer,askedAt,books,text",
                    "book put owned",
                    "question delete ",
                    "player delete ",
                ], "\(summary)")
            #expect(log[0].key == key)
            #expect(log[2].fields == ["age": .int(21)])
            let teams = try SyncGatherFields(log[3].fields).teams
            #expect(teams.a.map(\.player) == [key])
            #expect(try SyncQuestionFields(log[8].fields).books == ["9780441013593"])
            #expect(log[9].fields == ["owned": .bool(false)])
            #expect(Set(log.map(\.change)).count == log.count)

            // A device's put of the deleted player is refused: the REST delete is a tombstone too.
            #expect(try await device.push(device.change(.player, key, .put, ["age": .int(30)])).code == .deleted)
        }
    }

    @Test func handoffGoesToTheOtherDevicesOfTheAccount() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            let bobToken = try await api.signedIn("bob")
            let laptop = UUID()
            let phone = UUID()
            func put(
                _ device: UUID, _ name: String, scene: String = "main", state: SyncValue, madeAt: Int64, token: String
            )
                async throws -> Reply
            {
                let body = try JSONEncoder().encode(
                    SyncHandoffPush(device: device, scene: scene, deviceName: name, state: state, madeAt: madeAt))
                return try await api.call(
                    .put, "/v1/sync/handoff", json: String(decoding: body, as: UTF8.self), token: token)
            }
            func get(_ device: UUID, scene: String = "main", token: String) async throws -> Reply {
                try await api.call(.get, "/v1/sync/handoff?device=\(device)&scene=\(scene)", token: token)
            }
            let state = SyncValue.object([
                "stack": .array([.string("players/\(SyncKey.make())")]), "tab": .string("players"),
            ])
            #expect(try await put(laptop, "laptop", state: state, madeAt: 10, token: token).status == .noContent)
            // Not to itself, not to another account.
            let own = try await get(laptop, token: token)
            #expect(own.status == .notFound)
            #expect(own.error?.code == "no_handoff")
            #expect(try await get(phone, token: bobToken).status == .notFound)
            let found = try await get(phone, token: token)
            #expect(found.status == .ok)
            let handoff = try JSONDecoder().decode(SyncHandoff.self, from: found.body)
            #expect(handoff == SyncHandoff(device: laptop, deviceName: "laptop", state: state, madeAt: 10))
            // The newest of the other devices; per scene.
            let tablet = UUID()
            #expect(try await put(tablet, "tablet", state: .object([:]), madeAt: 20, token: token).status == .noContent)
            #expect(
                try await put(laptop, "laptop", scene: "work", state: .null, madeAt: 30, token: token).status
                    == .noContent)
            #expect(
                try JSONDecoder().decode(SyncHandoff.self, from: try await get(phone, token: token).body).deviceName
                    == "tablet")
            #expect(
                try JSONDecoder().decode(SyncHandoff.self, from: try await get(tablet, token: token).body).deviceName
                    == "laptop")
            #expect(
                try JSONDecoder().decode(SyncHandoff.self, from: try await get(phone, scene: "work", token: token).body)
                    .madeAt == 30)

            // The server's arrival order decides, never a device's clock: a handoff stamped ten
            // years ahead loses to one sent after it, and its instant reads as no later than the
            // server's clock.
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            let tenYears: Int64 = 10 * 365 * 24 * 3600 * 1000
            #expect(
                try await put(tablet, "tablet", scene: "far", state: .null, madeAt: now + tenYears, token: token)
                    .status == .noContent)
            let clamped = try JSONDecoder().decode(
                SyncHandoff.self, from: try await get(phone, scene: "far", token: token).body)
            #expect(clamped.deviceName == "tablet")
            #expect(clamped.madeAt <= Int64(Date().timeIntervalSince1970 * 1000) + 1000)
            #expect(
                try await put(laptop, "laptop", scene: "far", state: .null, madeAt: now - 5_000, token: token).status
                    == .noContent)
            #expect(
                try JSONDecoder().decode(SyncHandoff.self, from: try await get(phone, scene: "far", token: token).body)
                    .deviceName == "laptop")

            // Refusals.
            #expect(
                try await put(laptop, "laptop", scene: "-x", state: .null, madeAt: 1, token: token).error?.field
                    == "scene")
            #expect(try await put(laptop, "", state: .null, madeAt: 1, token: token).error?.field == "deviceName")
            #expect(
                try await put(laptop, "a\u{7}b", state: .null, madeAt: 1, token: token).error?.field == "deviceName")
            let big = SyncValue.string(String(repeating: "x", count: SyncLimits.handoffStateBytes))
            #expect(try await put(laptop, "laptop", state: big, madeAt: 1, token: token).error?.field == "state")
            let huge = SyncValue.string(String(repeating: "x", count: SyncLimits.handoffBodyBytes))
            #expect(try await put(laptop, "laptop", state: huge, madeAt: 1, token: token).status == .contentTooLarge)
            let nul = try await put(laptop, "laptop", state: .string("a\u{0}b"), madeAt: 1, token: token)
            #expect(nul.status == .badRequest)
            #expect(nul.error?.field == "state")
            #expect(try await get(phone, scene: "-x", token: token).error?.field == "scene")
            #expect(try await api.call(.get, "/v1/sync/handoff?scene=main", token: token).error?.field == "device")
        }
    }
}
