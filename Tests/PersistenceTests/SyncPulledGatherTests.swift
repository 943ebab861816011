import ClubhouseDomain
import ClubhousePersistence
import ClubhouseSyncWire
import Foundation
import GRDB
import Testing

/// A pulled page replays the account's log in order, so it can start a gather that the log ends
/// further on while this device holds another gather in progress (one per account: the device's
/// index refuses two). A gather the server holds is set aside until its own start comes back,
/// keeping its local id; only a gather the server has not heard of loses. Nothing of the page is
/// queued to be sent back either way.
@Suite struct SyncPulledGatherTests {
    let database: AppDatabase
    let ana: User
    let teams: String

    static let other = "7d1a3f0e-5b2c-4d6e-8f90-a1b2c3d4e5f6"
    static let kai = "5e0c9a1b-2d3f-4a5b-9c6d-7e8f90a1b2c3"

    init() throws {
        let database = try AppDatabase.inMemory()
        let ana = try Library(database).user("ana")
        try database.writeSyncTables {
            try $0.setRemote(
                SyncRemoteRecord(
                    userID: ana.id, url: "http://127.0.0.1:1", deviceID: "0b6c1d0e-2f3a-4b5c-8d9e-0f1a2b3c4d5e",
                    deviceName: "laptop", serverUsername: "ana", token: "secret-token"))
        }
        var keys: [String] = []
        for name in ["A", "B"] {
            let player = try database.write { try $0.players.insert(PlayerDraft(name: name), owner: ana.id) }
            keys.append(
                try #require(
                    try database.writeSyncTables { try $0.key(entity: "player", id: player.id, owner: ana.id) }))
        }
        self.database = database
        self.ana = ana
        teams = #"{"a":[{"player":"\#(keys[0])","name":"A"}],"b":[{"player":"\#(keys[1])","name":"B"}]}"#
    }

    /// Every queued change answered as applied: the server holds them.
    func pushAll() throws {
        try database.writeSyncTables { store in
            let entries = try store.nextChanges(user: ana.id, limit: 100)
            try store.acknowledge(user: ana.id, appliedResults(entries))
        }
    }

    func startHere() throws -> Gather {
        let players = try database.read { try $0.players.all(owner: ana.id) }
        return try database.write {
            try $0.gathers.insert(owner: ana.id, teamA: [players[0]], teamB: [players[1]], at: t0)
        }
    }

    func key(_ gather: Gather) throws -> String {
        try #require(try database.writeSyncTables { try $0.key(entity: "gather", id: gather.id, owner: ana.id) })
    }

    /// A gather's create as the log carries it: every field, in progress.
    func create(_ key: String, startedAt: Int64 = t0) -> SyncPulledEntry {
        .pulled(
            .gather, key, .create,
            """
            {"startedAt":\(startedAt),"endedAt":null,"winner":null,"scoreA":0,"scoreB":0,"timerDurationMs":600000,
             "timerState":"stopped","timerRemainingMs":600000,"timerStartedMs":null,"timerPlayedMs":0,
             "teams":\(teams)}
            """)
    }

    func end(_ key: String) -> SyncPulledEntry {
        .pulled(.gather, key, .update, #"{"endedAt":\#(t0 + 60_000),"winner":"None"}"#)
    }

    var kaiCreate: SyncPulledEntry {
        .pulled(
            .player, Self.kai, .create, #"{"name":"Kai","age":null,"skill":null,"position":null,"favouriteTeam":null}"#)
    }

    func inProgress() throws -> Gather? {
        try database.read { try $0.gathers.inProgress(owner: ana.id) }
    }

    func notices() throws -> [String] {
        try database.writeSyncTables { try $0.takeUntoldNotices(user: ana.id) }.map(\.code.rawValue)
    }

    func waiting() throws -> Int {
        try database.writeSyncTables { try $0.waiting(user: ana.id) }
    }

    /// Another device played a gather (started and ended) before this device's start reached
    /// the server: the pull brings its start, its end, then this device's own start, across pages.
    @Test func aGatherTheServerHoldsIsSetAsideUntilItsOwnStartComesBack() throws {
        let mine = try startHere()
        try pushAll()
        try database.applyPulled([create(Self.other), kaiCreate], user: ana.id, next: 2)
        let aside = try #require(try database.read { try $0.gathers.find(mine.id, owner: ana.id) })
        #expect(!aside.isInProgress)
        let theirs = try #require(try inProgress(), "the other device's gather is not in progress here")
        #expect(theirs.id != mine.id)
        try database.applyPulled([end(Self.other), create(try key(mine))], user: ana.id, next: 4)
        #expect(try inProgress()?.id == mine.id)  // the same local id: links to it still work
        #expect(try database.read { try $0.gathers.ended(owner: ana.id, limit: nil) }.count == 1)
        #expect(try notices() == [])
        #expect(try waiting() == 0)
    }

    /// This device started and ended a gather, then started another, all pushed: the first one's
    /// own start comes back while the second is in progress here.
    @Test func itsOwnEarlierStartComingBackIsAppliedWithoutANotice() throws {
        let first = try startHere()
        _ = try database.write { try $0.gathers.end(first, at: t0 + 60_000) }
        let second = try startHere()
        try pushAll()
        try database.applyPulled(
            [create(try key(first)), end(try key(first)), create(try key(second), startedAt: t0 + 120_000)],
            user: ana.id, next: 3)
        #expect(try inProgress()?.id == second.id)
        #expect(try database.read { try $0.gathers.find(first.id, owner: ana.id) }?.isInProgress == false)
        #expect(try notices() == [])
        #expect(try waiting() == 0)
    }

    /// A gather started here that the server has not heard of loses to the start it kept, and
    /// the rest of the page is applied without being queued to be sent back.
    @Test func anUnsentGatherLosesAndTheRestOfThePageIsNotQueued() throws {
        try pushAll()
        let mine = try startHere()  // its create waits in the outbox
        try database.applyPulled([create(Self.other), kaiCreate], user: ana.id, next: 2)
        #expect(try database.read { try $0.gathers.find(mine.id, owner: ana.id) } == nil)
        #expect(try notices() == ["gather_in_progress"])
        #expect(try database.read { try $0.players.all(owner: ana.id) }.map(\.name).contains("Kai"))
        #expect(try waiting() == 0)
    }
}
