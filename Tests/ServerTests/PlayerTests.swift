import ClubhouseTestSupport
import Foundation
import Hummingbird
import Testing

@Suite("Players", .heavy)
struct PlayerTests {
    @Test func addShowEditDelete() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            let added = try await api.call(
                .post, "/v1/players",
                body: [
                    "name": "  Zoë O'Brien ", "age": 27, "skill": "Amateur", "position": "striker",
                    "favouriteTeam": "Boca Juniors",
                ], token: token)
            #expect(added.status == .created)
            #expect(added["name"] as? String == "Zoë O'Brien")
            #expect(added["skill"] as? String == "amateur")
            let id = try #require((added["id"] as? NSNumber)?.int64Value)
            let shown = try await api.call(.get, "/v1/players/\(id)", token: token)
            #expect(shown.status == .ok)
            #expect(shown["age"] as? Int == 27)
            #expect(shown["favouriteTeam"] as? String == "Boca Juniors")

            let edited = try await api.call(.patch, "/v1/players/\(id)", body: ["age": 28], token: token)
            #expect(edited.status == .ok)
            #expect(edited["age"] as? Int == 28)
            #expect(edited["name"] as? String == "Zoë O'Brien")
            let cleared = try await api.call(
                .patch, "/v1/players/\(id)", json: #"{"favouriteTeam":null}"#, token: token)
            #expect(cleared.status == .ok)
            #expect(cleared["favouriteTeam"] == nil)
            let renamed = try await api.call(.patch, "/v1/players/\(id)", body: ["name": "Zoe"], token: token)
            #expect(renamed["name"] as? String == "Zoe")

            #expect(try await api.call(.delete, "/v1/players/\(id)", token: token).status == .noContent)
            let gone = try await api.call(.get, "/v1/players/\(id)", token: token)
            #expect(gone.status == .notFound)
            #expect(gone.error?.code == "not_found")
            #expect(gone.error?.message == "no player \(id)")
            #expect(try await api.call(.delete, "/v1/players/\(id)", token: token).status == .notFound)
        }
    }

    @Test func fieldRulesAreTheCLIsAndNameTheField() async throws {
        try await TestServer.run { api, database in
            let token = try await api.signedIn("ana")
            let cases: [(String, Int, String, String?, String?)] = [
                (#"{"name":""}"#, 422, "invalid_input", "name", "name must not be empty"),
                (#"{"name":"Kai","age":4}"#, 422, "invalid_input", "age", "age must be between 5 and 99"),
                (#"{"name":"Kai","age":"ten"}"#, 400, "invalid_field", "age", nil),
                (#"{"name":"Kai","age":10.5}"#, 400, "invalid_field", "age", nil),
                (
                    #"{"name":"Kai","skill":"expert"}"#, 422, "invalid_input", "skill",
                    "skill must be one of: beginner, amateur, professional"
                ),
                (#"{"name":"Kai","position":7}"#, 400, "invalid_field", "position", nil),
                (
                    #"{"name":"Kai\u0007"}"#, 422, "invalid_input", "name",
                    "name must not contain control characters such as line breaks"
                ),
                (#"{"name":"Kai","favouriteTeam":"\u202Eevil"}"#, 422, "invalid_input", "favouriteTeam", nil),
                (#"{"age":30}"#, 400, "invalid_field", "name", "name is required"),
                (#"{"name":null}"#, 400, "invalid_field", "name", "name is required"),
                (#"{"name":"Kai","nickname":"K"}"#, 400, "invalid_field", "nickname", nil),
                (#"{"name":"Kai""#, 400, "malformed_json", nil, nil),
                (#"["Kai"]"#, 400, "malformed_json", nil, nil),
            ]
            for (json, status, code, field, message) in cases {
                let reply = try await api.call(.post, "/v1/players", json: json, token: token)
                #expect(Int(reply.status.code) == status, "\(json)")
                #expect(reply.error?.code == code, "\(json)")
                #expect(reply.error?.field == field, "\(json)")
                if let message { #expect(reply.error?.message == message, "\(json)") }
            }
            let long = String(repeating: "é", count: 101)
            #expect(try await api.call(.post, "/v1/players", body: ["name": long], token: token).status.code == 422)
            #expect(try await database.values("SELECT count(*)::text FROM players") == ["0"])
        }
    }

    @Test func anEditChangesExactlyOneValidField() async throws {
        try await TestServer.run { api, database in
            let token = try await api.signedIn("ana")
            let id = try await api.addPlayer("Kai", token: token, ["age": 30])
            for json in [#"{}"#, #"{"age":31,"name":"K"}"#] {
                let reply = try await api.call(.patch, "/v1/players/\(id)", json: json, token: token)
                #expect(reply.status == .badRequest, "\(json)")
                #expect(reply.error?.code == "invalid_field")
            }
            let bad = try await api.call(.patch, "/v1/players/\(id)", body: ["age": 100], token: token)
            #expect(bad.status.code == 422)
            #expect(bad.error?.field == "age")
            #expect(
                try await api.call(.patch, "/v1/players/\(id)", json: #"{"name":null}"#, token: token).status
                    == .badRequest)
            #expect(try await api.call(.patch, "/v1/players/999", body: ["age": 31], token: token).status == .notFound)
            #expect(
                try await api.call(.patch, "/v1/players/abc", body: ["age": 31], token: token).status == .badRequest)
            #expect(try await database.values("SELECT age::text FROM players") == ["30"])
        }
    }

    @Test func listPagesByKeyset() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            var ids: [Int64] = []
            for index in 1...5 { ids.append(try await api.addPlayer("Player \(index)", token: token)) }
            var seen: [Int64] = []
            var after: Int64? = nil
            var pages = 0
            repeat {
                let path = "/v1/players?limit=2" + (after.map { "&after=\($0)" } ?? "")
                let page = try await api.call(.get, path, token: token)
                #expect(page.status == .ok)
                let players = try #require(page["players"] as? [[String: Any]])
                seen += players.compactMap { ($0["id"] as? NSNumber)?.int64Value }
                after = (page["nextAfter"] as? NSNumber)?.int64Value
                pages += 1
            } while after != nil && pages < 10
            #expect(seen == ids)
            #expect(pages == 3)
            for bad in ["limit=0", "limit=201", "limit=x", "after=-1"] {
                let reply = try await api.call(.get, "/v1/players?\(bad)", token: token)
                #expect(reply.status == .badRequest, "\(bad)")
                #expect(reply.error?.field == String(bad.prefix(while: { $0 != "=" })))
            }
        }
    }

    /// Another account's player is as absent as a missing one: 404, never 403.
    @Test func everyPlayerIsScopedToItsOwner() async throws {
        try await TestServer.run { api, _ in
            let ana = try await api.signedIn("ana")
            let kai = try await api.signedIn("kai")
            let id = try await api.addPlayer("Ana's", token: ana)
            _ = try await api.addPlayer("Kai's", token: kai)
            #expect(try await api.call(.get, "/v1/players/\(id)", token: kai).status == .notFound)
            #expect(try await api.call(.patch, "/v1/players/\(id)", body: ["age": 20], token: kai).status == .notFound)
            #expect(try await api.call(.delete, "/v1/players/\(id)", token: kai).status == .notFound)
            let list = try await api.call(.get, "/v1/players", token: kai)
            #expect((list["players"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Kai's"])
            let mine = try await api.call(.get, "/v1/players/\(id)", token: ana)
            #expect(mine["name"] as? String == "Ana's")
            #expect(mine["age"] == nil)
            #expect(try await api.call(.get, "/v1/players").status == .unauthorized)
        }
    }
}
