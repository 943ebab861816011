import ClubhouseDomain
import ClubhousePersistence
import ClubhouseSyncWire
import Foundation
import Testing

/// A pulled change is applied as what the server says it is (issue 27): a create inserts (or
/// writes the fields of a record that is here), an update writes the fields it carries to a
/// record that is here and is never a create, a delete deletes. A change for a record deleted
/// here is settled by rules 2 and 8, and only a change that puts a gather in progress here may
/// set this device's other gather aside (rule 4).
@Suite struct SyncPulledKindTests {
    /// Where the record a pulled change names is on this device.
    enum Place: String, CaseIterable, CustomTestStringConvertible {
        /// Here, synced, nothing of it waiting.
        case here
        /// Never here (or deleted here, the delete already sent: the same row-less state).
        case notHere
        /// Deleted here, the delete waiting to be sent.
        case deletedHere

        var testDescription: String { rawValue }
    }

    let database: AppDatabase
    let ana: User
    let players: [Player]
    let teams: String

    static let unknown = "7d1a3f0e-5b2c-4d6e-8f90-a1b2c3d4e5f6"

    init() throws {
        let database = try AppDatabase.inMemory()
        let ana = try Library(database).user("ana")
        try database.writeSyncTables {
            try $0.setRemote(
                SyncRemoteRecord(
                    userID: ana.id, url: "http://127.0.0.1:1", deviceID: "0b6c1d0e-2f3a-4b5c-8d9e-0f1a2b3c4d5e",
                    deviceName: "laptop", serverUsername: "ana", token: "secret-token"))
        }
        var players: [Player] = []
        for name in ["A", "B"] {
            players.append(try database.write { try $0.players.insert(PlayerDraft(name: name), owner: ana.id) })
        }
        self.database = database
        self.ana = ana
        self.players = players
        let keys = try players.map { player in
            try #require(try database.writeSyncTables { try $0.key(entity: "player", id: player.id, owner: ana.id) })
        }
        teams = #"{"a":[{"player":"\#(keys[0])","name":"A"}],"b":[{"player":"\#(keys[1])","name":"B"}]}"#
        try pushAll()
    }

    /// Every queued change answered as applied: the server holds them.
    func pushAll() throws {
        try database.writeSyncTables { store in
            try store.acknowledge(user: ana.id, appliedResults(try store.nextChanges(user: ana.id, limit: 100)))
        }
    }

    /// "entity op" of the changes waiting (marked read: call it last).
    func waiting() throws -> [String] {
        try database.writeSyncTables { try $0.nextChanges(user: ana.id, limit: 100) }.map {
            "\($0.entity.rawValue) \($0.op.rawValue)"
        }
    }

    func notices() throws -> [String] {
        try database.writeSyncTables { try $0.takeUntoldNotices(user: ana.id) }.map(\.code.rawValue)
    }

    func gatherKey(_ gather: Gather) throws -> String {
        try #require(try database.writeSyncTables { try $0.key(entity: "gather", id: gather.id, owner: ana.id) })
    }

    func gather(_ key: String) throws -> Gather? {
        guard let id = try database.writeSyncTables({ try $0.id(entity: "gather", key: key, owner: ana.id) }) else {
            return nil
        }
        return try database.read { try $0.gathers.find(id, owner: ana.id) }
    }

    func startHere(at time: Milliseconds) throws -> Gather {
        try database.write { try $0.gathers.insert(owner: ana.id, teamA: [players[0]], teamB: [players[1]], at: time) }
    }

    // MARK: Players

    /// The key of a player in `place` ("Zoë", 27 where there is one).
    func player(in place: Place) throws -> String {
        guard place != .notHere else { return Self.unknown }
        let zoe = try database.write { try $0.players.insert(PlayerDraft(name: "Zoë", age: 27), owner: ana.id) }
        let key = try #require(try database.writeSyncTables { try $0.key(entity: "player", id: zoe.id, owner: ana.id) })
        try pushAll()
        if place == .deletedHere { _ = try database.write { try $0.players.delete(zoe.id, owner: ana.id) } }
        return key
    }

    func playerChange(_ kind: SyncChangeKind, _ key: String) -> SyncPulledEntry {
        switch kind {
        case .create:
            .pulled(
                .player, key, .create, #"{"name":"Kai","age":40,"skill":null,"position":null,"favouriteTeam":null}"#)
        case .update: .pulled(.player, key, .update, #"{"name":"Kai"}"#)
        case .delete: .pulled(.player, key, .delete)
        }
    }

    @Test(arguments: SyncChangeKind.allCases, Place.allCases)
    func aPulledPlayerChange(kind: SyncChangeKind, place: Place) throws {
        let key = try player(in: place)
        try database.applyPulled([playerChange(kind, key)], user: ana.id, next: 10)
        let others = try database.read { try $0.players.all(owner: ana.id) }.filter { !["A", "B"].contains($0.name) }
        let expected: [String] =
            switch (kind, place) {
            // A create of a record that is here writes its fields; an update writes the ones it carries.
            case (.create, .here), (.create, .notHere), (.update, .here): ["Kai"]
            // An update never creates; a delete deletes; a delete waiting here wins (rule 2).
            case (.update, .notHere), (.delete, _), (_, .deletedHere): []
            }
        #expect(others.map(\.name) == expected)
        if kind == .create, place != .deletedHere { #expect(others.first?.age == 40) }
        if kind == .update, place == .here { #expect(others.first?.age == 27) }  // fields not carried stay
        #expect(try waiting() == (place == .deletedHere ? ["player delete"] : []))
        #expect(try notices() == [])
        #expect(try database.writeSyncTables { try $0.remote(user: ana.id)?.cursor } == 10)
    }

    /// A pulled change giving a number to a player frees it from a player here who set it and has
    /// not sent it (the server does not keep it): the change applies and the device ends as the
    /// server. A number the pulled change leaves alone (waiting here on its own player) stays.
    @Test func aPulledShirtNumberIsFreedHereFirst() throws {
        let kai = try player(in: .here)
        _ = try database.write { store in
            var a = players[0]
            a.shirtNumber = 7
            try store.players.update(a, fields: [.shirtNumber])
        }
        try database.applyPulled([.pulled(.player, kai, .update, #"{"shirtNumber":7}"#)], user: ana.id, next: 10)
        let all = try database.read { try $0.players.all(owner: ana.id) }
        #expect(all.map(\.shirtNumber) == [nil, nil, 7])
        #expect(try notices() == [])
        // A's number is still waiting to be sent: the server settles it and A's pull follows.
        #expect(try waiting() == ["player put"])
    }

    // MARK: Gathers

    /// A gather in `place`, ended where there is one, while this device plays another one, the
    /// server holding both. Returns (that gather's key, the one in progress here).
    func gather(in place: Place) throws -> (key: String, playing: Gather) {
        var key = Self.unknown
        if place != .notHere {
            let other = try startHere(at: t0)
            _ = try database.write { try $0.gathers.end(other, at: t0 + 60_000) }
            key = try gatherKey(other)
            try pushAll()
            if place == .deletedHere { _ = try database.write { try $0.gathers.delete(other.id, owner: ana.id) } }
        }
        let playing = try startHere(at: t0 + 120_000)
        try database.writeSyncTables { store in
            // The one in progress is the server's too; a delete waiting here stays waiting.
            let queued = try store.nextChanges(user: ana.id, limit: 100).filter { $0.op == .put }
            try store.acknowledge(user: ana.id, appliedResults(queued))
        }
        return (key, playing)
    }

    func gatherChange(_ kind: SyncChangeKind, _ key: String) -> SyncPulledEntry {
        switch kind {
        case .create:
            .pulled(
                .gather, key, .create,
                """
                {"startedAt":\(t0),"endedAt":null,"winner":null,"scoreA":0,"scoreB":0,"timerDurationMs":600000,
                 "timerState":"stopped","timerRemainingMs":600000,"timerStartedMs":null,"timerPlayedMs":0,
                 "teams":\(teams)}
                """)
        // A score, as another device plays it.
        case .update: .pulled(.gather, key, .update, #"{"scoreA":3}"#)
        case .delete: .pulled(.gather, key, .delete)
        }
    }

    @Test(arguments: SyncChangeKind.allCases, Place.allCases)
    func aPulledGatherChange(kind: SyncChangeKind, place: Place) throws {
        let (key, playing) = try gather(in: place)
        try database.applyPulled([gatherChange(kind, key)], user: ana.id, next: 10)
        let pulled = try gather(key)
        let mine = try #require(try database.read { try $0.gathers.find(playing.id, owner: ana.id) })
        switch (kind, place) {
        case (.create, .here), (.create, .notHere):
            // A start the server kept earlier in its log: this device's own is set aside until its
            // own start comes back (rule 4), never removed.
            #expect(pulled?.isInProgress == true)
            #expect(!mine.isInProgress)
        case (.update, .here):
            #expect(pulled?.score.a == 3)
            #expect(pulled?.isInProgress == false)
            #expect(mine.isInProgress)
        case (.update, .notHere), (.delete, _), (_, .deletedHere):
            // Nothing to write, and nothing else touched: the gather in progress here stays so.
            #expect(pulled == nil)
            #expect(mine.isInProgress)
        }
        #expect(try waiting() == (place == .deletedHere ? ["gather delete"] : []))
        #expect(try notices() == [])
    }

    /// Issue 27, case 1, as told: this device played gather X and started Y (both on the server),
    /// then deleted X and sent the delete; another device's score of X, logged before that delete,
    /// comes in. It used to be read as X being started: Y was set aside as ended for good (its
    /// start is behind the cursor), while the server and every other device hold it in progress.
    @Test func aScoreOfAGatherDeletedHereSetsNothingAside() throws {
        let x = try startHere(at: t0)
        _ = try database.write { try $0.gathers.end(x, at: t0 + 60_000) }
        let xKey = try gatherKey(x)
        let y = try startHere(at: t0 + 120_000)
        try pushAll()
        _ = try database.write { try $0.gathers.delete(x.id, owner: ana.id) }
        try pushAll()  // the delete is on the server
        try database.applyPulled([gatherChange(.update, xKey), gatherChange(.delete, xKey)], user: ana.id, next: 6)
        #expect(try database.read { try $0.gathers.inProgress(owner: ana.id) }?.id == y.id)
        #expect(try gather(xKey) == nil)
        #expect(try notices() == [])
        #expect(try waiting() == [])
    }

    /// An update that clears the end of a gather that is here puts it back in progress, and only
    /// such a change sets another aside.
    @Test func anUpdateClearingTheEndOfAGatherHereSetsTheOtherAside() throws {
        let (key, playing) = try gather(in: .here)
        try database.applyPulled(
            [.pulled(.gather, key, .update, #"{"endedAt":null,"winner":null}"#)], user: ana.id, next: 10)
        #expect(try gather(key)?.isInProgress == true)
        #expect(try database.read { try $0.gathers.find(playing.id, owner: ana.id) }?.isInProgress == false)
    }

    /// Rule 8 on a create of a record that is here: a field changed here and not sent stays.
    @Test func aCreateOfARecordHereLeavesItsPendingFields() throws {
        let key = try player(in: .here)
        let id = try #require(try database.writeSyncTables { try $0.id(entity: "player", key: key, owner: ana.id) })
        var zoe = try #require(try database.read { try $0.players.find(id, owner: ana.id) })
        zoe.age = 30
        try database.write { try $0.players.update(zoe, fields: [.age]) }
        try database.applyPulled([playerChange(.create, key)], user: ana.id, next: 10)
        let now = try #require(try database.read { try $0.players.find(id, owner: ana.id) })
        #expect(now.name == "Kai")
        #expect(now.age == 30)
    }
}
