import ClubhouseServer
import ClubhouseSyncWire
import ClubhouseTestSupport
import ClubhouseWireTestSupport
import Foundation
import Logging
import Testing

/// Migration 0002 on a database the previous release (schema 1) made and filled: every record
/// gets a key and is logged as a create, so a device's first pull brings what the server held.
@Suite("Sync migration", .heavy)
struct SyncMigrationTests {
    /// 43 base64url characters: a token's shape. Its SHA-256 is put in the tokens table directly.
    static let token = String(repeating: "A", count: 43)

    /// Schema 1 as the previous release's migrations make it, with an account's records.
    static func schemaOne(_ database: TestDatabase) async throws {
        let logger = Logger(label: "schema-1")
        _ = try await database.withConnection {
            try await Migrator(migrations: Array(ServerSchema.migrations.prefix(1))).migrate($0, logger: logger)
        }
        try await database.execute(
            """
            INSERT INTO users (username, username_key, password_hash) VALUES ('ana', 'ana', 'x'), ('bob', 'bob', 'x');
            INSERT INTO tokens (hash, user_id, expires_at) VALUES (sha256('\(token)'::bytea), 1, now() + interval '1 day');
            INSERT INTO players (owner_id, name, age, skill) VALUES (1, 'Kai', 20, 'amateur'), (1, 'Lea', NULL, NULL), (2, 'Bob', 30, NULL);
            INSERT INTO books (owner_id, isbn, title, author, published, price_cents)
                VALUES (1, '9780441013593', 'Dune', 'Frank Herbert', '1990-09-01', 999);
            INSERT INTO questions (owner_id, text, answer, asked_at)
                VALUES (1, 'Anything about a desert?', 'One book fits.', '2025-11-24 16:00:00.123+00');
            INSERT INTO question_books (question_id, rank, owner_id, isbn) VALUES (1, 0, 1, '9780441013593');
            INSERT INTO gathers (owner_id, started_at, ended_at, winner, score_a, score_b, timer_duration_ms,
                                 timer_state, timer_remaining_ms)
                VALUES (1, '2025-11-24 16:00:00+00', '2025-11-24 16:10:00+00', 'Team A', 2, 1, 600000, 'stopped', 0);
            INSERT INTO gather_players (gather_id, team, seat, player_id, name, age)
                VALUES (1, 'a', 0, 1, 'Kai', 20), (1, 'b', 0, NULL, 'Gone', NULL)
            """)
    }

    @Test func upgradesTheReleaseBeforeSyncAndLogsWhatItHeld() async throws {
        try await TestServer.run(prepare: Self.schemaOne) { api, database in
            #expect(
                try await database.values("SELECT max(version)::text FROM schema_migrations") == [
                    String(ServerSchema.migrations.count)
                ])
            let keys = try await database.values("SELECT key::text FROM players ORDER BY id")
            #expect(keys.count == 3)
            #expect(Set(keys).count == 3)
            #expect(keys.allSatisfy { SyncKey.isUUIDKey($0 ?? "") })

            var device = SyncDevice(api, token: Self.token)
            let log = try await device.pull()
            #expect(log.changes.map(\.entity) == [.player, .player, .book, .gather, .question])
            #expect(log.changes.allSatisfy { $0.op == .put && $0.device == nil })
            #expect(Array(log.changes.map(\.key).prefix(2)) == keys.prefix(2).map { $0 ?? "" })
            // Each reads as a create of its entity, as a device reads it.
            #expect(
                try SyncPlayerFields(log.changes[0].fields)
                    == SyncPlayerFields(name: "Kai", age: 20, skill: "amateur"))
            #expect(try SyncPlayerFields(log.changes[1].fields) == SyncPlayerFields(name: "Lea"))
            #expect(
                try SyncBookFields(log.changes[2].fields)
                    == SyncBookFields(title: "Dune", author: "Frank Herbert", priceCents: 999, published: "1990-09-01"))
            let gather = try SyncGatherFields(log.changes[3].fields)
            #expect(gather.startedAt == 1_764_000_000_000)
            #expect(gather.endedAt == 1_764_000_600_000)
            #expect(gather.winner == "Team A")
            #expect(gather.teams.a == [SyncSeat(player: keys[0], name: "Kai", age: 20)])
            #expect(gather.teams.b == [SyncSeat(player: nil, name: "Gone")])
            let question = try SyncQuestionFields(log.changes[4].fields)
            #expect(question.askedAt == 1_764_000_000_123)
            #expect(question.books == ["9780441013593"])
            // The upgraded records take pushes and REST writes as any other.
            let edit = device.change(.player, keys[0] ?? "", .put, ["age": .int(21)])
            #expect(try await device.push(edit).status == .applied)
            let shown = try await api.call(.get, "/v1/players", token: Self.token)
            #expect((shown["players"] as? [[String: Any]])?.first?["age"] as? Int == 21)
            #expect((shown["players"] as? [[String: Any]])?.first?["key"] as? String == keys[0])
            #expect(
                try await api.call(.post, "/v1/players", body: ["name": "New"], token: Self.token).status == .created)
        }
    }

    /// Schema 2 as the previous release's migrations make it, filled, with a REST edit in its log
    /// and a book buried for a device's refused create, as that release logged and buried them.
    static func releaseTwo(_ database: TestDatabase) async throws {
        try await Self.schemaOne(database)
        _ = try await database.withConnection {
            try await Migrator(migrations: Array(ServerSchema.migrations.prefix(2))).migrate(
                $0, logger: Logger(label: "schema-2"))
        }
        // As release 2 logged a REST edit, and buried a device's refused create of a book.
        try await database.execute(
            """
            INSERT INTO sync_log (owner_id, entity, key, op, fields, change_id)
                SELECT 1, 'player', key::text, 'put', '{"age": 21}', gen_random_uuid() FROM players WHERE id = 1;
            INSERT INTO sync_tombstones (owner_id, entity, key, reason, label)
                VALUES (1, 'book', '9780553293357', 'refused', 'book 9780553293357')
            """)
    }

    /// Migration 0003 on a database the previous release (schema 2, sync) made, with entries in
    /// its log: they say no kind and are read as they were logged (a put with every field a
    /// create, any other an update); what is logged after says its kind; a book's burial for a
    /// refused create, which refused every other device's create of the ISBN, is gone.
    @Test func upgradesTheReleaseBeforeTheLogsKind() async throws {
        try await TestServer.run(prepare: Self.releaseTwo) { api, database in
            #expect(
                try await database.values("SELECT max(version)::text FROM schema_migrations") == [
                    String(ServerSchema.migrations.count)
                ])
            #expect(try await database.values("SELECT count(*)::text FROM sync_log WHERE kind IS NOT NULL") == ["0"])
            #expect(try await database.values("SELECT key FROM sync_tombstones") == [])

            var device = SyncDevice(api, token: Self.token)
            let old = try await device.pull().changes
            #expect(old.map(\.kind) == [.create, .create, .create, .create, .create, .update])
            #expect(old.last?.fields == ["age": .int(21)])

            let players = try await database.values("SELECT id::text FROM players WHERE owner_id = 1 ORDER BY id")
            let edited = try await api.call(
                .patch, "/v1/players/\(players[0] ?? "")", body: ["age": 22], token: Self.token)
            #expect(edited.status == .ok)
            let foundation = SyncBookFields(title: "Foundation").fields
            #expect(
                try await device.push(device.change(.book, SyncSamples.foundation, .put, foundation)).status == .applied
            )
            let new = try await device.pull().changes
            #expect(new.map(\.kind) == [.update, .create])
            #expect(
                try await database.values("SELECT kind FROM sync_log WHERE kind IS NOT NULL ORDER BY seq") == [
                    "update", "create",
                ])
        }
    }
}
