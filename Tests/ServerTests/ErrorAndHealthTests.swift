import ClubhouseTestSupport
import Foundation
import Hummingbird
import Testing

@Suite("Errors, limits, health and metrics", .heavy)
struct ErrorAndHealthTests {
    @Test func everyErrorHasOneShape() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            let replies = [
                try await api.call(.get, "/v1/nowhere", token: token),
                try await api.call(.get, "/v1/players/1", token: token),
                try await api.call(.post, "/v1/players", json: "{", token: token),
                try await api.call(.get, "/v1/players"),
            ]
            for reply in replies {
                let object = try #require(reply.object["error"] as? [String: Any], "\(reply.text)")
                #expect(Set(object.keys) == ["code", "message", "field"], "\(reply.text)")
                #expect(reply.headers[.contentType] == "application/json")
                #expect(reply.object.count == 1)
                // A body ends its line, as text read with curl does; nothing else trails it.
                #expect(reply.text.hasSuffix("}\n"), "\(reply.text)")
            }
            #expect(replies[0].error?.code == "route_not_found")
            let listed = try await api.call(.get, "/v1/players", token: token)
            #expect(listed.text == #"{"nextAfter":null,"players":[]}"# + "\n")
            let added = try await api.call(.post, "/v1/players", json: #"{"name":"Zoë"}"#, token: token)
            #expect(added.text.hasSuffix("}\n") && !added.text.dropLast().contains("\n"))
        }
    }

    @Test func bodiesOverTheLimitAreRefusedAndNothingIsWritten() async throws {
        try await TestServer.run { api, database in
            let token = try await api.signedIn("ana")
            let name = String(repeating: "x", count: 70 * 1024)
            let reply = try await api.call(.post, "/v1/players", json: #"{"name":"\#(name)"}"#, token: token)
            #expect(reply.status == .contentTooLarge)
            #expect(reply.error?.code == "body_too_large")
            #expect(try await database.values("SELECT count(*)::text FROM players") == ["0"])
            // Just under the limit is read, and refused by the rules instead.
            let under = String(repeating: "x", count: 60 * 1024)
            #expect(
                try await api.call(.post, "/v1/players", json: #"{"name":"\#(under)"}"#, token: token).status.code
                    == 422)
        }
    }

    /// Issue 29, case 8: JSON that Foundation's parser lets through is refused, on the REST routes
    /// and on sync's, and nothing is written. A comma before a closing bracket is not JSON; a key
    /// given twice (escaped or not) is ambiguous, and the parser kept one silently.
    @Test func trailingCommasAndKeysGivenTwiceAreRefused() async throws {
        try await TestServer.run { api, database in
            let token = try await api.signedIn("ana")
            for body in [#"{"name":"Kai",}"#, #"{"name":"Kai","age":[1,]}"#] {
                let reply = try await api.call(.post, "/v1/players", json: body, token: token)
                #expect(reply.status == .badRequest, "\(body)")
                #expect(reply.error?.code == "malformed_json", "\(body)")
            }
            for body in [#"{"name":"Kai","name":"Lu"}"#, #"{"name":"Kai","n\u0061me":"Lu"}"#] {
                let reply = try await api.call(.post, "/v1/players", json: body, token: token)
                #expect(reply.status == .badRequest, "\(body)")
                #expect(reply.error?.code == "invalid_field", "\(body)")
                #expect(reply.error?.field == "name", "\(body)")
            }
            // A key given twice deep inside a sync push.
            let push =
                #"{"device":"3F2504E0-4F89-41D3-9A0C-0305E82C3301","changes":[{"entity":"player","entity":"book"}]}"#
            let reply = try await api.call(.post, "/v1/sync/push", json: push, token: token)
            #expect(reply.status == .badRequest)
            #expect(reply.error?.field == "entity")
            // Keys of different objects, and strings that look like keys, are no duplicates.
            let fine = #"{"name":"Kai,}","favouriteTeam":"name"}"#
            #expect(try await api.call(.post, "/v1/players", json: fine, token: token).status == .created)
            #expect(try await database.values("SELECT name FROM players") == ["Kai,}"])
        }
    }

    @Test func healthAndMetrics() async throws {
        try await TestServer.run { api, _ in
            let health = try await api.call(.get, "/health")
            #expect(health.status == .ok)
            #expect(health["database"] as? String == "ok")
            let token = try await api.signedIn("ana")
            _ = try await api.call(.get, "/v1/players", token: token)
            _ = try await api.call(.get, "/v1/players/12345", token: token)
            let metrics = try await api.call(.get, "/metrics")
            #expect(metrics.status == .ok)
            #expect(
                metrics.text.contains(
                    #"clubhouse_http_requests_total{method="GET",route="/v1/players",status="200"} 1"#))
            #expect(
                metrics.text.contains(
                    #"clubhouse_http_requests_total{method="GET",route="/v1/players/{id}",status="404"} 1"#))
            #expect(metrics.text.contains("clubhouse_http_request_duration_seconds_bucket"))
            #expect(metrics.text.contains("clubhouse_db_connections_in_use 0"))
            #expect(metrics.text.contains("clubhouse_db_operations_in_flight 0"))
        }
    }
}
