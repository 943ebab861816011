import ClubhouseTestSupport
import Foundation
import Hummingbird
import Testing

/// A signed-in request's token is checked with its work (in the work's own statement where one
/// statement does it), not before it: these pin down that nothing a client sees changed with that.
@Suite("Signed-in requests", .heavy)
struct SignedInRequestTests {
    /// Requests that are wrong in some other way too, and what they answer with a live token.
    static let requests: [(HTTPRequest.Method, String, String?, HTTPResponse.Status)] = [
        (.get, "/v1/players/999999", nil, .notFound),
        (.get, "/v1/players/abc", nil, .badRequest),
        (.get, "/v1/players?limit=0", nil, .badRequest),
        (.patch, "/v1/players/999999", #"{"age":30}"#, .notFound),
        (.patch, "/v1/players/999999", #"{"age":"thirty"}"#, .badRequest),
        (.post, "/v1/players", #"{"name":""}"#, .unprocessableContent),
        (.post, "/v1/players", "not json", .badRequest),
        (.delete, "/v1/players/999999", nil, .notFound),
        (.get, "/v1/gathers/current", nil, .notFound),
        (.post, "/v1/gathers/999999/goals", #"{"team":"c"}"#, .badRequest),
        (.get, "/v1/books/123", nil, .unprocessableContent),
        (.post, "/v1/questions", #"{"text":"short"}"#, .unprocessableContent),
    ]

    @Test func aTokenThatSignsNobodyInAnswers401WhateverElseIsWrong() async throws {
        try await TestServer.run { api, database in
            let live = try await api.signedIn("ana")
            let revoked = try await api.signedIn("bob")
            #expect(try await api.call(.delete, "/v1/sessions/current", token: revoked).status == .noContent)
            let unknown = String(repeating: "A", count: 43)
            for (method, path, json, status) in Self.requests {
                let answered = try await api.call(method, path, json: json, token: live)
                #expect(answered.status == status, "\(method) \(path) \(json ?? "")")
                for token in [revoked, unknown] {
                    let refused = try await api.call(method, path, json: json, token: token)
                    #expect(refused.status == .unauthorized, "\(method) \(path) \(json ?? "")")
                    #expect(refused.error?.code == "unauthorized")
                }
            }
            // A well-formed request with a dead token writes nothing.
            for token in [revoked, unknown] {
                #expect(
                    try await api.call(.post, "/v1/players", body: ["name": "Kai"], token: token).status
                        == .unauthorized)
                #expect(try await api.call(.get, "/v1/account", token: token).status == .unauthorized)
            }
            #expect(try await database.values("SELECT count(*)::text FROM players") == ["0"])
        }
    }

    @Test func anotherAccountsPlayerIsNotFoundByEveryPlayerRoute() async throws {
        try await TestServer.run { api, database in
            let ana = try await api.signedIn("ana")
            let bob = try await api.signedIn("bob")
            let id = try await api.addPlayer("Zoë", token: ana, ["age": 27])
            #expect(try await api.call(.get, "/v1/players/\(id)", token: bob).status == .notFound)
            #expect(try await api.call(.patch, "/v1/players/\(id)", body: ["age": 30], token: bob).status == .notFound)
            #expect(try await api.call(.delete, "/v1/players/\(id)", token: bob).status == .notFound)
            let listed = try await api.call(.get, "/v1/players", token: bob)
            #expect((listed["players"] as? [Any])?.isEmpty == true)
            #expect(try await database.values("SELECT age::text FROM players") == ["27"])
        }
    }

    /// An edit reads the row, applies the rule, and writes only over what it read: edits of
    /// different fields of one player made at once all survive (none writes back a stale copy
    /// of the others).
    @Test func editsOfOnePlayerMadeAtOnceKeepEveryField() async throws {
        try await TestServer.run(configure: { $0.maximumConnections = 8 }) { api, database in
            let token = try await api.signedIn("ana")
            var ids: [Int64] = []
            for index in 0..<6 { ids.append(try await api.addPlayer("Player \(index)", token: token)) }
            let edits: [String] = [
                #"{"age":30}"#, #"{"skill":"professional"}"#, #"{"position":"striker"}"#,
                #"{"favouriteTeam":"Boca Juniors"}"#, #"{"name":"Renamed"}"#,
            ]
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for id in ids {
                    for edit in edits {
                        group.addTask {
                            try await api.call(.patch, "/v1/players/\(id)", json: edit, token: token).status
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.count == ids.count * edits.count)
            #expect(statuses.allSatisfy { $0 == .ok })
            let rows = try await database.values(
                "SELECT concat_ws('|', name, age, skill, position, favourite_team) FROM players ORDER BY id")
            #expect(rows == [String?](repeating: "Renamed|30|professional|striker|Boca Juniors", count: ids.count))
        }
    }
}
