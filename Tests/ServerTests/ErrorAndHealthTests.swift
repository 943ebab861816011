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
            }
            #expect(replies[0].error?.code == "route_not_found")
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
