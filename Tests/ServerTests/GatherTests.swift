import ClubhouseTestSupport
import Foundation
import Hummingbird
import Testing

@Suite("Gathers", .heavy)
struct GatherTests {
    /// Three players of ana's, signed in.
    private func squad(_ api: API) async throws -> (token: String, ids: [Int64]) {
        let token = try await api.signedIn("ana")
        var ids: [Int64] = []
        for (name, position) in [("Zoë", "striker"), ("Kai", "goalkeeper"), ("Lu", "winger")] {
            ids.append(try await api.addPlayer(name, token: token, ["position": position]))
        }
        return (token, ids)
    }

    @Test func startScoreTimeAndEndWithAWinner() async throws {
        try await TestServer.run { api, database in
            let (token, ids) = try await squad(api)
            let started = try await api.call(
                .post, "/v1/gathers", body: ["teamA": [ids[0], ids[2]], "teamB": [ids[1]]], token: token)
            #expect(started.status == .created)
            let id = try #require((started["id"] as? NSNumber)?.int64Value)
            let teamA = try #require(started["teamA"] as? [[String: Any]])
            #expect(teamA.compactMap { $0["name"] as? String } == ["Zoë", "Lu"])
            let timer = try #require(started["timer"] as? [String: Any])
            #expect(timer["state"] as? String == "stopped")
            #expect(timer["remaining"] as? String == "10:00")

            let current = try await api.call(.get, "/v1/gathers/current", token: token)
            #expect((current["id"] as? NSNumber)?.int64Value == id)

            var reply = try await api.call(.post, "/v1/gathers/\(id)/goals", body: ["team": "a"], token: token)
            reply = try await api.call(.post, "/v1/gathers/\(id)/goals", body: ["team": "a"], token: token)
            reply = try await api.call(.post, "/v1/gathers/\(id)/goals", body: ["team": "b"], token: token)
            reply = try await api.call(
                .post, "/v1/gathers/\(id)/goals", body: ["team": "b", "minus": true], token: token)
            #expect((reply["score"] as? [String: Int]) == ["a": 2, "b": 0])
            reply = try await api.call(.put, "/v1/gathers/\(id)/score", body: ["a": 3, "b": 1], token: token)
            #expect((reply["score"] as? [String: Int]) == ["a": 3, "b": 1])

            reply = try await api.call(
                .post, "/v1/gathers/\(id)/timer", body: ["action": "set", "time": "05:30"], token: token)
            #expect((reply["timer"] as? [String: Any])?["duration"] as? String == "05:30")
            reply = try await api.call(.post, "/v1/gathers/\(id)/timer", body: ["action": "start"], token: token)
            #expect((reply["timer"] as? [String: Any])?["state"] as? String == "running")
            // Stored as the CLI stores it: an anchor, with the instant it started.
            let anchor = try await database.values(
                "SELECT timer_state || ' ' || timer_remaining_ms || ' ' || (timer_started_ms IS NOT NULL) FROM gathers")
            #expect(anchor == ["running 330000 true"])
            reply = try await api.call(.post, "/v1/gathers/\(id)/timer", body: ["action": "pause"], token: token)
            #expect((reply["timer"] as? [String: Any])?["state"] as? String == "paused")
            reply = try await api.call(.post, "/v1/gathers/\(id)/timer", body: ["action": "resume"], token: token)
            #expect((reply["timer"] as? [String: Any])?["state"] as? String == "running")

            // A rename shows while the gather is in progress; history keeps the name at the end.
            _ = try await api.call(.patch, "/v1/players/\(ids[1])", body: ["name": "Kai Jr"], token: token)
            let ended = try await api.call(.post, "/v1/gathers/\(id)/end", token: token)
            #expect(ended.status == .ok)
            #expect(ended["winner"] as? String == "Team A")
            #expect(ended["inProgress"] as? Bool == false)
            #expect((ended["timer"] as? [String: Any])?["state"] as? String == "stopped")
            _ = try await api.call(.delete, "/v1/players/\(ids[1])", token: token)
            let history = try await api.call(.get, "/v1/gathers", token: token)
            let gathers = try #require(history["gathers"] as? [[String: Any]])
            #expect(gathers.count == 1)
            let kept = try #require(gathers.first?["teamB"] as? [[String: Any]])
            #expect(kept.first?["name"] as? String == "Kai Jr")
            #expect(kept.first?["playerId"] == nil)
            let none = try await api.call(.get, "/v1/gathers/current", token: token)
            #expect(none.status == .notFound)
            #expect(none.error?.code == "no_gather_in_progress")
        }
    }

    @Test func theRulesRefuseWithTheCLIsWords() async throws {
        try await TestServer.run { api, database in
            let (token, ids) = try await squad(api)
            let kai = try await api.signedIn("kai")
            let stranger = try await api.addPlayer("Stranger", token: kai)
            let cases: [(String, Int, String, String?)] = [
                (#"{"teamA":[],"teamB":[\#(ids[0])]}"#, 422, "invalid_input", "both teams need at least one player"),
                (
                    #"{"teamA":[\#(ids[0])],"teamB":[\#(ids[0])]}"#, 422, "invalid_input",
                    "player \(ids[0]) is on both teams"
                ),
                (
                    #"{"teamA":[\#(ids[0]),\#(ids[0])],"teamB":[\#(ids[1])]}"#, 422, "invalid_input",
                    "player \(ids[0]) is listed twice"
                ),
                (#"{"teamA":[\#(ids[0])],"teamB":[\#(stranger)]}"#, 404, "not_found", "no player \(stranger)"),
                (#"{"teamA":[\#(ids[0])],"teamB":["Kai"]}"#, 400, "invalid_field", nil),
                (#"{"teamA":[\#(ids[0])]}"#, 400, "invalid_field", nil),
            ]
            for (json, status, code, message) in cases {
                let reply = try await api.call(.post, "/v1/gathers", json: json, token: token)
                #expect(Int(reply.status.code) == status, "\(json)")
                #expect(reply.error?.code == code, "\(json)")
                if let message { #expect(reply.error?.message == message, "\(json)") }
            }
            #expect(try await database.values("SELECT count(*)::text FROM gathers") == ["0"])

            let started = try await api.call(
                .post, "/v1/gathers", body: ["teamA": [ids[0]], "teamB": [ids[1]]], token: token)
            let id = try #require((started["id"] as? NSNumber)?.int64Value)
            let second = try await api.call(
                .post, "/v1/gathers", body: ["teamA": [ids[2]], "teamB": [ids[1]]], token: token)
            #expect(second.status == .conflict)
            #expect(second.error?.code == "gather_in_progress")

            let changes: [(String, String, Int, String)] = [
                ("score", #"{"a":101,"b":0}"#, 422, "each team's score must be between 0 and 100"),
                ("timer", #"{"action":"pause"}"#, 422, "the timer is not running"),
                ("timer", #"{"action":"resume"}"#, 422, "the timer is not paused; start it instead"),
                (
                    "timer", #"{"action":"set","time":"60:00"}"#, 422,
                    "minutes and seconds must each be between 00 and 59"
                ),
                ("timer", #"{"action":"set","time":"00:00"}"#, 422, "the time must be at least 00:01"),
                ("timer", #"{"action":"set"}"#, 400, "time is required"),
                ("timer", #"{"action":"explode"}"#, 400, "action must be one of: start, pause, resume, reset, set"),
                ("goals", #"{"team":"c"}"#, 400, "team must be a or b"),
            ]
            for (path, json, status, message) in changes {
                let method: HTTPRequest.Method = path == "score" ? .put : .post
                let reply = try await api.call(method, "/v1/gathers/\(id)/\(path)", json: json, token: token)
                #expect(Int(reply.status.code) == status, "\(path) \(json)")
                #expect(reply.error?.message == message, "\(path) \(json)")
            }
            #expect(
                try await api.call(.delete, "/v1/gathers/\(id)", token: token).error?.code == "gather_still_in_progress"
            )
            _ = try await api.call(.post, "/v1/gathers/\(id)/end", token: token)
            let late = try await api.call(.post, "/v1/gathers/\(id)/goals", body: ["team": "a"], token: token)
            #expect(late.error?.message == "gather \(id) has ended; it can no longer change")
            #expect(
                try await api.call(.post, "/v1/gathers/\(id)/end", token: token).error?.message
                    == "gather \(id) has already ended")
            #expect(try await api.call(.post, "/v1/gathers/\(id)/cancel", token: token).error?.code == "gather_ended")
            #expect(try await api.call(.delete, "/v1/gathers/\(id)", token: token).status == .noContent)
            #expect(try await api.call(.get, "/v1/gathers/\(id)", token: token).status == .notFound)
        }
    }

    @Test func cancelKeepsNothingAndHistoryPages() async throws {
        try await TestServer.run { api, database in
            let (token, ids) = try await squad(api)
            let teams: [String: Any] = ["teamA": [ids[0]], "teamB": [ids[1]]]
            let cancelled = try await api.call(.post, "/v1/gathers", body: teams, token: token)
            let cancelledID = try #require((cancelled["id"] as? NSNumber)?.int64Value)
            #expect(try await api.call(.post, "/v1/gathers/\(cancelledID)/cancel", token: token).status == .noContent)
            #expect(try await database.values("SELECT count(*)::text FROM gathers") == ["0"])
            var ended: [Int64] = []
            for _ in 0..<3 {
                let started = try await api.call(.post, "/v1/gathers", body: teams, token: token)
                let id = try #require((started["id"] as? NSNumber)?.int64Value)
                _ = try await api.call(.post, "/v1/gathers/\(id)/end", token: token)
                ended.append(id)
            }
            let first = try await api.call(.get, "/v1/gathers?limit=2", token: token)
            let next = try #require((first["nextBefore"] as? NSNumber)?.int64Value)
            let second = try await api.call(.get, "/v1/gathers?limit=2&before=\(next)", token: token)
            let order = ((first["gathers"] as? [[String: Any]] ?? []) + (second["gathers"] as? [[String: Any]] ?? []))
                .compactMap { ($0["id"] as? NSNumber)?.int64Value }
            #expect(order == ended.reversed())
            #expect(second["nextBefore"] is NSNull)
            #expect(try await api.call(.get, "/v1/gathers/\(ended[0])", token: token)["winner"] as? String == "None")
        }
    }

    @Test func everyGatherIsScopedToItsOwner() async throws {
        try await TestServer.run { api, _ in
            let (token, ids) = try await squad(api)
            let started = try await api.call(
                .post, "/v1/gathers", body: ["teamA": [ids[0]], "teamB": [ids[1]]], token: token)
            let id = try #require((started["id"] as? NSNumber)?.int64Value)
            let kai = try await api.signedIn("kai")
            for (method, path, json) in [
                (HTTPRequest.Method.get, "/v1/gathers/\(id)", nil),
                (.post, "/v1/gathers/\(id)/goals", #"{"team":"a"}"#),
                (.put, "/v1/gathers/\(id)/score", #"{"a":1,"b":1}"#),
                (.post, "/v1/gathers/\(id)/timer", #"{"action":"start"}"#),
                (.post, "/v1/gathers/\(id)/end", nil), (.post, "/v1/gathers/\(id)/cancel", nil),
                (.delete, "/v1/gathers/\(id)", nil),
            ] {
                let reply = try await api.call(method, path, json: json, token: kai)
                #expect(reply.status == .notFound, "\(method) \(path)")
                #expect(reply.error?.message == "no gather \(id)")
            }
            #expect(try await api.call(.get, "/v1/gathers/current", token: kai).status == .notFound)
            let mine = try await api.call(.get, "/v1/gathers/\(id)", token: token)
            #expect((mine["score"] as? [String: Int]) == ["a": 0, "b": 0])
        }
    }
}
