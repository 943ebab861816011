import ClubhouseSyncWire
import ClubhouseTestSupport
import Foundation
import Testing

/// A push page reads its players and books in one query and writes them a few statements at a
/// time (SyncPageRecords), flushed before a gather or a question; what it leaves must be what
/// one change at a time leaves.
@Suite("Sync push page", .heavy)
struct SyncPageTests {
    /// Creates, edits and deletes of players and books, a gather seating players created and
    /// deleted earlier in the same page, a question naming a book created in it, and writes after
    /// them: one page.
    @Test func aMixedPageLeavesWhatOneChangeAtATimeWould() async throws {
        try await TestServer.run { api, database in
            let token = try await api.signedIn("ana")
            var device = SyncDevice(api, token: token)
            let (old, gone) = (SyncKey.make(), SyncKey.make())
            let before = try await device.push([
                device.change(.player, old, .put, SyncSamples.player("Old", age: 40)),
                device.change(.player, gone, .put, SyncSamples.player("Gone")),
            ])
            #expect(before.map(\.status) == [.applied, .applied])
            _ = try await device.pull()

            let keys = (0..<5).map { _ in SyncKey.make() }
            let (gather, question) = (SyncKey.make(), SyncKey.make())
            var changes = keys.enumerated().map { index, key in
                device.change(.player, key, .put, SyncSamples.player("P\(index)", age: 20))
            }
            changes += [
                device.change(.player, keys[1], .put, ["age": .int(21)]),
                device.change(.player, old, .put, ["name": .string("Older")]),
                device.change(.player, gone, .delete),
                device.change(.player, keys[2], .delete),
                // After its delete in the same page: the delete wins.
                device.change(.player, keys[2], .put, ["age": .int(22)]),
                device.change(.book, SyncSamples.dune, .put, SyncSamples.book("Dune")),
                device.change(.book, SyncSamples.dune, .put, ["author": .string("Frank Herbert")]),
                device.change(
                    .gather, gather, .put,
                    SyncSamples.gather(
                        a: [SyncSamples.seat("P0", key: keys[0]), SyncSamples.seat("Gone", key: gone)],
                        b: [SyncSamples.seat("P2", key: keys[2])])),
                device.change(
                    .question, question, .put,
                    SyncQuestionFields(
                        text: "Anything about a desert?", answer: "Dune.", askedAt: 1_764_000_000_000,
                        books: [
                            SyncSamples.dune
                        ]
                    ).fields),
                device.change(.player, keys[3], .put, ["age": .int(23)]),
            ]
            let results = try await device.push(changes)
            let refused = changes[9].id
            #expect(results.filter { $0.status == .refused }.map(\.id) == [refused], "\(results)")
            #expect(results.first { $0.id == refused }?.code == .deleted)

            // Creates in the page's order (ids follow it), edits applied, deletes gone.
            #expect(
                try await database.values("SELECT name || ':' || age FROM players ORDER BY id")
                    == ["Older:40", "P0:20", "P1:21", "P3:23", "P4:20"])
            // Seats of players deleted earlier in the page name no player.
            #expect(
                try await database.values(
                    """
                    SELECT gp.name || ':' || coalesce(p.key::text, '-') FROM gather_players gp
                    LEFT JOIN players p ON p.id = gp.player_id ORDER BY gp.team, gp.seat
                    """) == ["P0:\(keys[0])", "Gone:-", "P2:-"])
            #expect(try await database.values("SELECT author FROM books") == ["Frank Herbert"])
            #expect(try await database.values("SELECT isbn FROM question_books") == [SyncSamples.dune])
            #expect(
                Set(try await database.values("SELECT key || ':' || reason FROM sync_tombstones"))
                    == ["\(gone):deleted", "\(keys[2]):deleted"])
            // The log holds the applied changes in the page's order.
            #expect(
                try await device.pull().changes.map(\.change) == changes.map(\.id).filter { $0 != refused })
        }
    }
}
