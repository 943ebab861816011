import ClubhouseSyncWire
import ClubhouseTestSupport
import ClubhouseWireTestSupport
import Foundation
import Logging
import PostgresNIO
import Testing

@testable import ClubhouseServer

/// What a push page costs is its round trips to PostgreSQL, counted (never timed): a page of
/// gathers or questions is written in batches, as players and books are, so its cost does not
/// grow with the page (issue 27, case 3: 500 ended gathers of 22 players each cost about 25
/// round trips per gather, passed the 5 s deadline and were sent again on every sync).
@Suite("Sync push page cost", .heavy)
struct SyncPageCostTests {
    /// Applies `page` for `owner` as the push route does (one transaction, the account's lock),
    /// counting the applier's statements.
    static func apply(_ page: [SyncChange], owner: Int64, in database: TestDatabase) async throws -> (
        statements: Int, results: [SyncResult]
    ) {
        try await database.withConnection { connection in
            let logger = Logger(label: "page-cost")
            try await connection.query("BEGIN", logger: logger)
            try await SyncLog(connection, logger: logger).lock(owner: owner)
            let count = SQLCount()
            let results = try await SQLCount.$current.withValue(count) {
                try await SyncApplier(connection, logger: logger, owner: owner, device: UUID())
                    .apply(page, guarded: false)
            }
            try await connection.query("COMMIT", logger: logger)
            return (count.value, results)
        }
    }

    static func endedGathers(_ count: Int, seating players: [String]) -> [SyncChange] {
        (0..<count).map { index in
            let seats = players.enumerated().map { SyncSeat(player: $1, name: "P\($0)", age: 20) }
            let fields = SyncGatherFields(
                startedAt: 1_764_000_000_000 + Int64(index) * 3_600_000,
                endedAt: 1_764_000_000_000 + Int64(index) * 3_600_000 + 600_000, winner: "Team A", scoreA: 2,
                scoreB: 1, timerRemainingMs: 0, timerPlayedMs: 600_000,
                teams: SyncTeams(a: Array(seats.prefix(11)), b: Array(seats.dropFirst(11))))
            return SyncChange(
                entity: .gather, key: SyncKey.make(), op: .put, fields: fields.fields, base: 0,
                madeAt: 1_764_000_000_000)
        }
    }

    @Test func aPageOfGathersCostsTheSameWhateverItHolds() async throws {
        try await TestServer.run { api, database in
            let token = try await api.signedIn("ana")
            let owner = Int64(try await database.values("SELECT id::text FROM users")[0] ?? "") ?? 0
            let device = SyncDevice(api, token: token)
            let players = (0..<22).map { _ in SyncKey.make() }
            let added = try await device.push(
                players.enumerated().map { device.change(.player, $1, .put, SyncSamples.player("P\($0)", age: 20)) })
            #expect(added.allSatisfy { $0.status == .applied })

            var costs: [Int: Int] = [:]
            for size in [50, 200, 500] {
                let (statements, results) = try await Self.apply(
                    Self.endedGathers(size, seating: players), owner: owner, in: database)
                #expect(results.count == size)
                #expect(results.allSatisfy { $0.status == .applied }, "\(results.first { $0.status != .applied }!)")
                costs[size] = statements
            }
            // Results, tombstones, concurrent puts, players, books, gathers, questions read; the
            // gathers and their seats written; the tombstones (none), the log and the results.
            #expect(costs[50] == costs[200])
            #expect(costs[200] == costs[500])
            #expect((costs[500] ?? .max) <= 12, "\(costs)")
            #expect(try await database.values("SELECT count(*)::text FROM gathers") == ["750"])
            #expect(try await database.values("SELECT count(*)::text FROM gather_players") == ["\(750 * 22)"])
            #expect(
                try await database.values("SELECT count(*)::text FROM gather_players WHERE player_id IS NULL") == ["0"])
        }
    }

    @Test func aPageOfQuestionsCostsTheSameWhateverItHolds() async throws {
        try await TestServer.run { api, database in
            let token = try await api.signedIn("ana")
            let owner = Int64(try await database.values("SELECT id::text FROM users")[0] ?? "") ?? 0
            let device = SyncDevice(api, token: token)
            let books = [SyncSamples.dune, SyncSamples.foundation]
            #expect(
                try await device.push(books.map { device.change(.book, $0, .put, SyncSamples.book("Book \($0)")) })
                    .allSatisfy { $0.status == .applied })
            var costs: [Int] = []
            for size in [50, 200] {
                let page = (0..<size).map { index in
                    SyncChange(
                        entity: .question, key: SyncKey.make(), op: .put,
                        fields: SyncQuestionFields(
                            text: "Anything about number \(index)?", answer: "Two books fit.",
                            askedAt: 1_764_000_000_000, books: books
                        ).fields, base: 0, madeAt: 1_764_000_000_000)
                }
                let (statements, results) = try await Self.apply(page, owner: owner, in: database)
                #expect(results.allSatisfy { $0.status == .applied })
                costs.append(statements)
            }
            #expect(costs[0] == costs[1], "\(costs)")
            #expect(try await database.values("SELECT count(*)::text FROM question_books") == ["500"])
        }
    }

    /// The same page through the API: 500 ended gathers of 22 players, one push, all applied.
    @Test func aPushOfFiveHundredGathersOfTwentyTwoIsApplied() async throws {
        try await TestServer.run { api, database in
            let token = try await api.signedIn("ana")
            let device = SyncDevice(api, token: token)
            let players = (0..<22).map { _ in SyncKey.make() }
            _ = try await device.push(
                players.enumerated().map { device.change(.player, $1, .put, SyncSamples.player("P\($0)", age: 20)) })
            let results = try await device.push(Self.endedGathers(500, seating: players))
            #expect(results.allSatisfy { $0.status == .applied })
            #expect(try await database.values("SELECT count(*)::text FROM gathers") == ["500"])
        }
    }
}
