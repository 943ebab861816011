import ClubhouseDomain
import ClubhousePersistence
import ClubhouseSyncWire
import Foundation
import GRDB
import Testing

/// The outbox of migration 0008: every write of a user with a remote is queued in the same
/// transaction, field by field; nothing is queued without a remote or while a pull applies.
@Suite struct SyncOutboxTests {
    let database: AppDatabase
    let library: Library
    let ana: User

    init() throws {
        database = try AppDatabase.inMemory()
        library = Library(database)
        ana = try library.user("ana")
    }

    private func setRemote(_ user: User? = nil) throws {
        let user = user ?? ana
        try database.writeSyncTables {
            try $0.setRemote(
                SyncRemoteRecord(
                    userID: user.id, url: "http://127.0.0.1:1", deviceID: "0b6c1d0e-2f3a-4b5c-8d9e-0f1a2b3c4d5e",
                    deviceName: "laptop", serverUsername: user.username, token: "secret-token"))
        }
    }

    /// (entity, op, fields as an object) of the queued changes, oldest first; marks them sent.
    private func queued(_ user: User? = nil) throws -> [(String, String, [String: Any])] {
        try database.writeSyncTables { try $0.nextChanges(user: (user ?? ana).id, limit: 1000) }.map {
            let json = try JSONEncoder().encode($0.fields)
            return (
                $0.entity.rawValue, $0.op.rawValue,
                (try JSONSerialization.jsonObject(with: json) as? [String: Any]) ?? [:]
            )
        }
    }

    private func addPlayer(_ name: String, age: Int? = nil, owner: User? = nil) throws -> Player {
        try database.write { try $0.players.insert(PlayerDraft(name: name, age: age), owner: (owner ?? ana).id) }
    }

    @Test func nothingIsQueuedWithoutARemoteButEveryRecordHasAKey() throws {
        let zoe = try addPlayer("Zoë")
        #expect(try queued().isEmpty)
        let key = try database.writeSyncTables { try $0.key(entity: "player", id: zoe.id, owner: ana.id) }
        #expect(key?.count == 36)
        #expect(try database.writeSyncTables { try $0.id(entity: "player", key: key ?? "", owner: ana.id) } == zoe.id)
    }

    @Test func settingARemoteQueuesEveryExistingRecordAsACreate() throws {
        _ = try addPlayer("Zoë", age: 27)
        try library.save(1, "Dune", author: "Frank Herbert", owner: ana)
        let bob = try library.user("bob")
        _ = try addPlayer("Bob's", owner: bob)
        try setRemote()
        let changes = try queued()
        #expect(changes.map(\.0) == ["player", "book"])
        #expect(changes[0].2["name"] as? String == "Zoë" && changes[0].2["age"] as? Int == 27)
        #expect(changes[1].2["title"] as? String == "Dune" && changes[1].2["owned"] as? Bool == true)
        #expect(try queued(bob).isEmpty)
    }

    @Test func anEditQueuesOnlyTheFieldsItChanged() throws {
        try setRemote()
        var zoe = try addPlayer("Zoë", age: 27)
        zoe.age = 28
        try database.write { try $0.players.update(zoe, fields: [.age, .name]) }
        // Nothing changed: nothing queued.
        try database.write { try $0.players.update(zoe, fields: [.age]) }
        #expect(try database.write { try $0.players.delete(zoe.id, owner: ana.id) })
        let changes = try queued()
        #expect(changes.map(\.1) == ["put", "put", "delete"])
        #expect(changes[0].2.keys.sorted() == ["age", "favouriteTeam", "name", "position", "shirtNumber", "skill"])
        #expect(changes[1].2.keys.sorted() == ["age"])
        #expect(changes[1].2["age"] as? Int == 28)
        #expect(changes[2].2.isEmpty)
    }

    @Test func booksQuestionsAndGathersAreQueuedOnEveryPath() throws {
        try setRemote()
        try library.save(1, "Dune", owner: ana)
        // An import (INSERT … ON CONFLICT) and a removal.
        _ = try database.write {
            try $0.books.saveAll(
                [BookDraft(isbn: try isbn(1), title: "Dune II"), BookDraft(isbn: try isbn(2), title: "Emma")],
                owner: ana.id, at: t0)
        }
        _ = try database.write { try $0.books.remove(try isbn(2), owner: ana.id, at: t0) }
        let question = try database.write {
            try $0.questions.insert(
                text: "What about a desert?", answer: "Dune", books: [try isbn(1)], owner: ana.id, at: t0)
        }
        let a = try addPlayer("A")
        let b = try addPlayer("B")
        var gather = try database.write { try $0.gathers.insert(owner: ana.id, teamA: [a], teamB: [b], at: t0) }
        gather.score = Score(stored: 1, 0)
        try database.write { try $0.gathers.update(gather) }
        _ = try database.write { try $0.gathers.end(gather, at: t0 + 60_000) }
        _ = try database.write { try $0.gathers.delete(gather.id, owner: ana.id) }
        _ = try database.write { try $0.questions.delete(question.id, owner: ana.id) }
        let changes = try queued()
        #expect(
            changes.map { "\($0.0) \($0.1)" } == [
                "book put", "book put", "book put", "book put", "question put", "player put", "player put",
                "gather put", "gather put", "gather put", "gather delete", "question delete",
            ])
        #expect(changes[1].2.keys.sorted() == ["title"])  // the import changed the title only
        #expect(changes[2].2["title"] as? String == "Emma")
        #expect(changes[3].2.keys.sorted() == ["owned"] && changes[3].2["owned"] as? Bool == false)
        #expect(changes[4].2["books"] as? [String] == [try isbn(1).digits])
        #expect(changes[4].2["askedAt"] as? Int64 == t0)
        let teams = changes[7].2["teams"] as? [String: [[String: Any]]]
        #expect(teams?["a"]?.map { $0["name"] as? String } == ["A"])
        #expect(
            teams?["b"]?.first?["player"] as? String
                == (try database.writeSyncTables { try $0.key(entity: "player", id: b.id, owner: ana.id) }))
        #expect(changes[7].2["startedAt"] as? Int64 == t0)
        #expect(changes[8].2.keys.sorted() == ["scoreA"])
        #expect(changes[9].2["endedAt"] as? Int64 == t0 + 60_000 && changes[9].2["winner"] as? String == "Team A")
    }

    @Test func aChangeRolledBackLeavesNothingQueued() throws {
        try setRemote()
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try database.write { repositories in
                _ = try repositories.players.insert(PlayerDraft(name: "Ghost"), owner: ana.id)
                throw Stop()
            }
        }
        #expect(try queued().isEmpty)
        #expect(try database.read { try $0.players.all(owner: ana.id) }.isEmpty)
    }

    @Test func aPulledPageIsNotQueuedKeepsPendingFieldsAndMovesTheCursor() throws {
        try setRemote()
        var zoe = try addPlayer("Zoë", age: 27)
        _ = try queued()  // the create is on its way
        try database.writeSyncTables { try $0.acknowledge(user: ana.id, []) }
        let key = try #require(try database.writeSyncTables { try $0.key(entity: "player", id: zoe.id, owner: ana.id) })
        try database.writeSyncTables { store in
            for entry in try store.nextChanges(user: ana.id, limit: 10) {
                try store.acknowledge(user: ana.id, [.applied(entry.id)])
            }
        }
        zoe.age = 30
        try database.write { try $0.players.update(zoe, fields: [.age]) }  // pending here
        let newKey = "7d1a3f0e-5b2c-4d6e-8f90-a1b2c3d4e5f6"
        try database.applyPulled(
            [
                .pulled(.player, key, .update, #"{"age": 40, "name": "Zoe"}"#),
                .pulled(
                    .player, newKey, .create,
                    #"{"name": "Kai", "age": null, "skill": "amateur", "position": null, "favouriteTeam": null}"#),
                .notice(SyncNotice(code: .editLost, message: "your edit was lost", entity: .player, key: key)),
                // An update of a player this device does not have is not a create.
                .pulled(.player, "ffffffff-5b2c-4d6e-8f90-a1b2c3d4e5f6", .update, #"{"name": "Ghost", "age": 12}"#),
            ], user: ana.id, next: 7)
        let players = try database.read { try $0.players.all(owner: ana.id) }
        #expect(players.map(\.name) == ["Zoe", "Kai"])
        #expect(players.map(\.age) == [30, nil])  // the local age waits to be sent
        #expect(players[1].skill == .amateur)
        #expect(try database.writeSyncTables { try $0.remote(user: ana.id)?.cursor } == 7)
        let changes = try queued()
        #expect(changes.count == 1 && changes[0].2.keys.sorted() == ["age"])
        let notices = try database.writeSyncTables { try $0.takeUntoldNotices(user: ana.id) }
        #expect(notices.map(\.code) == [.editLost])
        #expect(try database.writeSyncTables { try $0.takeUntoldNotices(user: ana.id) }.isEmpty)  // told once

        // A delete from elsewhere, and a value the schema refuses: noted, the page goes on.
        try database.applyPulled(
            [
                .pulled(.player, newKey, .update, #"{"age": 300}"#),
                .pulled(.player, key, .delete),
            ], user: ana.id, next: 9)
        #expect(try database.read { try $0.players.all(owner: ana.id) }.map(\.name) == ["Kai"])
        #expect(try database.writeSyncTables { try $0.takeUntoldNotices(user: ana.id) }.map(\.code) == [.notApplied])
        #expect(try database.writeSyncTables { try $0.remote(user: ana.id)?.cursor } == 9)
    }

    @Test func aRefusedGatherCreateRemovesTheGatherAndIsTold() throws {
        try setRemote()
        let a = try addPlayer("A")
        let b = try addPlayer("B")
        let gather = try database.write { try $0.gathers.insert(owner: ana.id, teamA: [a], teamB: [b], at: t0) }
        let entries = try database.writeSyncTables { try $0.nextChanges(user: ana.id, limit: 10) }
        try database.writeSyncTables { store in
            try store.acknowledge(
                user: ana.id,
                entries.map {
                    $0.entity == .gather
                        ? .refused($0.id, .gatherInProgress, "another gather is in progress")
                        : .applied($0.id)
                })
        }
        #expect(try database.read { try $0.gathers.find(gather.id, owner: ana.id) } == nil)
        #expect(try database.writeSyncTables { try $0.waiting(user: ana.id) } == 0)  // no delete queued
        let notices = try database.writeSyncTables { try $0.takeUntoldNotices(user: ana.id) }
        #expect(notices.map(\.code) == [.gatherInProgress])
    }

    @Test func unsettingTheRemoteStopsQueuing() throws {
        try setRemote()
        _ = try addPlayer("Zoë")
        #expect(try database.writeSyncTables { try $0.unsetRemote(user: ana.id) })
        _ = try addPlayer("Kai")
        #expect(try database.writeSyncTables { try $0.waiting(user: ana.id) } == 0)
        #expect(try database.writeSyncTables { try $0.remote(user: ana.id) } == nil)
    }
}

@Suite struct SyncRemoteRecordTests {
    @Test func theTokenNeverShowsWhenTheRecordIsPrinted() {
        let record = SyncRemoteRecord(
            userID: 1, url: "http://127.0.0.1:1", deviceID: "0b6c1d0e-2f3a-4b5c-8d9e-0f1a2b3c4d5e",
            deviceName: "laptop", serverUsername: "ana", token: "secret-token-3f9a")
        var dumped = ""
        dump(record, to: &dumped)
        for text in ["\(record)", String(describing: record), String(reflecting: record), dumped] {
            #expect(!text.contains("secret-token-3f9a"), "\(text)")
            #expect(text.contains("ana"))
        }
    }
}
