import ClubhouseServer
import ClubhouseSyncWire
import ClubhouseTestSupport
import ClubhouseWireTestSupport
import Foundation
import Logging
import Testing

/// A player's shirt number on the server (issue 41): REST and sync take it, one player of an
/// account a number (REST refuses a clash naming who wears it; a push keeps the rest of its change
/// and tells its device), a database made by the release before it upgrades with every player,
/// and a device of that release (wire 1) keeps syncing.
@Suite("Shirt numbers", .heavy)
struct ShirtNumberTests {
    @Test func restTakesANumberAndRefusesOneAnotherPlayerWears() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            let kai = try await api.call(.post, "/v1/players", body: ["name": "Kai", "shirtNumber": 7], token: token)
            #expect(kai.status == .created, "\(kai.text)")
            #expect(kai["shirtNumber"] as? Int == 7)
            let taken = try await api.call(.post, "/v1/players", body: ["name": "Mia", "shirtNumber": 7], token: token)
            #expect(taken.status == .conflict)
            #expect(taken.error?.code == "value_taken")
            #expect(taken.error?.field == "shirtNumber")
            #expect(taken.error?.message == #"shirt number 7 is already worn by player "Kai""#)
            let mia = try await api.call(.post, "/v1/players", body: ["name": "Mia"], token: token)
            #expect(mia.status == .created)
            #expect(mia["shirtNumber"] == nil)
            let id = try #require((mia["id"] as? NSNumber)?.int64Value)
            let edit = try await api.call(.patch, "/v1/players/\(id)", body: ["shirtNumber": 7], token: token)
            #expect(edit.status == .conflict)
            #expect(edit.error?.message == #"shirt number 7 is already worn by player "Kai""#)
            for (value, message) in [
                (0, "shirt number must be between 1 and 99"), (100, "shirt number must be between 1 and 99"),
            ] {
                let refused = try await api.call(
                    .patch, "/v1/players/\(id)", body: ["shirtNumber": value], token: token)
                #expect(refused.status == .unprocessableContent)
                #expect(refused.error?.field == "shirtNumber")
                #expect(refused.error?.message == message)
            }
            let eight = try await api.call(.patch, "/v1/players/\(id)", body: ["shirtNumber": 8], token: token)
            #expect(eight["shirtNumber"] as? Int == 8)
            let cleared = try await api.call(
                .patch, "/v1/players/\(id)", json: #"{"shirtNumber": null}"#, token: token)
            #expect(cleared.status == .ok)
            #expect(cleared["shirtNumber"] == nil)
            // Another account wears its own numbers.
            let bob = try await api.signedIn("bob")
            #expect(
                try await api.call(.post, "/v1/players", body: ["name": "Bo", "shirtNumber": 7], token: bob).status
                    == .created)
        }
    }

    /// Two devices give 7 to two players offline: the first push keeps it; the later one is kept
    /// without the number, its device told, and its pull gives it the number the server holds.
    @Test func aPushGivingATakenNumberKeepsTheRestAndTellsItsDevice() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            var laptop = SyncDevice(api, token: token)
            var phone = SyncDevice(api, token: token)
            let kai = SyncKey.make()
            let mia = SyncKey.make()
            var fields = SyncPlayerFields(name: "Kai")
            fields[.shirtNumber] = .integer(7)
            #expect(try await laptop.push(laptop.change(.player, kai, .put, fields.fields)).status == .applied)
            fields[.name] = .text("Mia")
            #expect(try await phone.push(phone.change(.player, mia, .put, fields.fields)).status == .applied)
            let pulled = try await phone.pull()
            let miaCreate = try #require(pulled.changes.first { $0.key == mia })
            #expect(miaCreate.fields["shirtNumber"] == .null)
            #expect(miaCreate.fields["name"] == .string("Mia"))
            #expect(
                pulled.notices.map(\.message) == [
                    #"shirt number 7 is already worn by player "Kai": player "Mia" was kept without it"#
                ])
            #expect(pulled.notices.map(\.code) == [.valueTaken])
            // An update giving a taken number keeps the number the player had.
            var update = SyncFields()
            update["shirtNumber"] = .int(7)
            update["age"] = .int(30)
            #expect(try await phone.push(phone.change(.player, mia, .put, update)).status == .applied)
            let again = try await phone.pull()
            #expect(again.changes.last?.fields == ["shirtNumber": .null, "age": .int(30)])
            // The laptop, which lost nothing, is told nothing.
            #expect(try await laptop.pull().notices.isEmpty)
        }
    }

    /// The release before shirt numbers (schema 5), filled: players, a gather with seats.
    static func releaseBefore(_ database: TestDatabase) async throws {
        _ = try await database.withConnection {
            try await Migrator(migrations: Array(ServerSchema.migrations.prefix(5))).migrate(
                $0, logger: Logger(label: "schema-5"))
        }
        try await database.execute(
            """
            INSERT INTO users (username, username_key, password_hash) VALUES ('ana', 'ana', 'x');
            INSERT INTO tokens (hash, user_id, expires_at) VALUES (sha256('\(SyncMigrationTests.token)'::bytea), 1, now() + interval '1 day');
            INSERT INTO players (owner_id, name, age, skill, position, favourite_team)
                VALUES (1, 'Kai', 20, 'amateur', 'striker', 'Boca'), (1, 'Lea', NULL, NULL, NULL, NULL);
            INSERT INTO gathers (owner_id, started_at, score_a, score_b, timer_duration_ms, timer_state, timer_remaining_ms)
                VALUES (1, '2025-11-24 16:00:00+00', 1, 0, 600000, 'stopped', 600000);
            INSERT INTO gather_players (gather_id, team, seat, player_id, name, age, skill, position, favourite_team)
                VALUES (1, 'a', 0, 1, 'Kai', 20, 'amateur', 'striker', 'Boca'), (1, 'b', 0, 2, 'Lea', NULL, NULL, NULL, NULL)
            """)
    }

    @Test func theReleaseBeforeUpgradesWithEveryPlayerAndItsDevicesKeepSyncing() async throws {
        try await TestServer.run(prepare: Self.releaseBefore) { api, database in
            #expect(
                try await database.values("SELECT max(version)::text FROM schema_migrations") == [
                    String(ServerSchema.migrations.count)
                ])
            let token = SyncMigrationTests.token
            let listed = try await api.call(.get, "/v1/players", token: token)
            let players = try #require(listed["players"] as? [[String: Any]])
            #expect(players.map { $0["name"] as? String } == ["Kai", "Lea"])
            #expect(players[0]["favouriteTeam"] as? String == "Boca")
            #expect(players.allSatisfy { $0["shirtNumber"] == nil })
            let gather = try await api.call(.get, "/v1/gathers/1", token: token)
            #expect(((gather["teamA"] as? [[String: Any]])?.first)?["position"] as? String == "striker")

            // A device of this release gives Kai a number; one of the release before (which says
            // no wire version) pulls the log and is sent only the fields it knows.
            var new = SyncDevice(api, token: token)
            let kai = try #require(try await database.values("SELECT key::text FROM players WHERE id = 1").first ?? nil)
            #expect(try await new.push(new.change(.player, kai, .put, ["shirtNumber": .int(9)])).status == .applied)
            let ana = SyncKey.make()
            var seated = SyncPlayerFields(name: "Ana")
            seated[.shirtNumber] = .integer(10)
            #expect(try await new.push(new.change(.player, ana, .put, seated.fields)).status == .applied)
            let seat = SyncSeat(player: ana, fields: seated)
            let kaiSeat = SyncSeat(player: kai, name: "Kai", age: 20)
            let game = SyncGatherFields(startedAt: 1_764_000_000_000, teams: SyncTeams(a: [seat], b: [kaiSeat]))
            let gatherKey = SyncKey.make()
            try await database.execute(
                "UPDATE gathers SET ended_at = started_at + interval '1 minute', winner = 'Team A'")
            #expect(try await new.push(new.change(.gather, gatherKey, .put, game.fields)).status == .applied)

            var old = SyncDevice(api, token: token)
            old.wire = nil
            let sent = try await old.pull().changes
            #expect(!sent.isEmpty)
            for change in sent {
                #expect(change.fields["shirtNumber"] == nil, "\(change.entity) \(change.fields)")
                for side in ["a", "b"] {
                    for seat in change.fields["teams"]?.objectValue?[side]?.arrayValue ?? [] {
                        #expect(
                            Set(seat.objectValue?.keys ?? [:].keys) == Set(SyncSeat.names).subtracting(["shirtNumber"]))
                    }
                }
            }
            // What it sends without the field applies: a create leaves it empty, a seat too.
            let lu = SyncKey.make()
            var oldCreate = SyncPlayerFields(name: "Lu").fields
            oldCreate["shirtNumber"] = nil
            #expect(try await old.push(old.change(.player, lu, .put, oldCreate)).status == .applied)
            var oldSeat = seat.value.objectValue ?? [:]
            oldSeat["shirtNumber"] = nil
            let oldGather = SyncKey.make()
            var oldGame = SyncGatherFields(
                startedAt: 1_764_000_100_000, endedAt: 1_764_000_200_000, winner: "None", teams: SyncTeams(a: [], b: [])
            ).fields
            var oldKaiSeat = kaiSeat.value.objectValue ?? [:]
            oldKaiSeat["shirtNumber"] = nil
            oldGame["teams"] = .object(["a": .array([.object(oldSeat)]), "b": .array([.object(oldKaiSeat)])])
            #expect(try await old.push(old.change(.gather, oldGather, .put, oldGame)).status == .applied)
            // The device of this release is sent every field.
            let full = try await new.pull().changes
            #expect(full.first { $0.key == lu }?.fields["shirtNumber"] == .null)
            let oldSeats = try SyncGatherFields(try #require(full.first { $0.key == oldGather }?.fields)).teams.a
            // Its seat keeps the player as that device sent them: without the number.
            #expect(oldSeats.map { $0.fields[.shirtNumber] } == [.null])
            #expect(oldSeats.map { $0.fields[.name] } == [.text("Ana")])
        }
    }

    /// A device of the release before (wire 1) ends a gather, sending its teams as it knows them:
    /// without the seats' shirt numbers. The seats keep the numbers they held, on the server and
    /// in the log a device of this release pulls.
    @Test func anOlderDevicesTeamsKeepTheSeatsNumbers() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            var new = SyncDevice(api, token: token)
            var old = SyncDevice(api, token: token)
            old.wire = nil
            var kai = SyncPlayerFields(name: "Kai")
            kai[.shirtNumber] = .integer(7)
            var lea = SyncPlayerFields(name: "Lea")
            lea[.shirtNumber] = .integer(9)
            let (kaiKey, leaKey, gather) = (SyncKey.make(), SyncKey.make(), SyncKey.make())
            let seats = SyncTeams(
                a: [SyncSeat(player: kaiKey, fields: kai)], b: [SyncSeat(player: leaKey, fields: lea)])
            let changes = [
                new.change(.player, kaiKey, .put, kai.fields), new.change(.player, leaKey, .put, lea.fields),
                new.change(.gather, gather, .put, SyncGatherFields(startedAt: 1_764_000_000_000, teams: seats).fields),
            ]
            #expect(try await new.push(changes).map(\.status) == [.applied, .applied, .applied])
            _ = try await new.pull()
            let known = try #require(try await old.pull().changes.last { $0.key == gather })
            var end = known.fields.only(["teams"])
            end["endedAt"] = .int(1_764_000_600_000)
            end["winner"] = .string("None")
            #expect(!"\(end)".contains("shirtNumber"))
            #expect(try await old.push(old.change(.gather, gather, .put, end)).status == .applied)
            let logged = try #require(try await new.pull().changes.last { $0.key == gather })
            let teams = try SyncGatherFields(logged.fields, over: SyncGatherFields(startedAt: 0, teams: seats)).teams
            #expect(teams.a.map { $0.fields[.shirtNumber] } == [.integer(7)])
            #expect(teams.b.map { $0.fields[.shirtNumber] } == [.integer(9)])
            let shown = try await api.call(.get, "/v1/gathers?limit=10", token: token)
            let ended = try #require((shown["gathers"] as? [[String: Any]])?.first)
            #expect(((ended["teamA"] as? [[String: Any]])?.first)?["shirtNumber"] as? Int == 7)
            #expect(((ended["teamB"] as? [[String: Any]])?.first)?["shirtNumber"] as? Int == 9)
        }
    }
}
