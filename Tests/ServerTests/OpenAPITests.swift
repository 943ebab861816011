import ClubhouseServer
import ClubhouseTestSupport
import Foundation
import Hummingbird
import Testing

/// docs/openapi.json against the server: every route served is documented and every documented
/// route is served; a tour of every operation, succeeding and failing, answers only documented
/// statuses with bodies of the documented shapes.
@Suite("OpenAPI document", .heavy)
struct OpenAPITests {
    @Test func everyRouteServedIsDocumentedAndNoOther() throws {
        let served = Set(
            ClubhouseServer.routes().map {
                $0.replacing(#/:([a-z]+)/#) { "{\($0.output.1)}" }
            })
        let documented = try OpenAPIDocument().operations
        #expect(served.subtracting(documented).sorted() == [], "served but not documented")
        #expect(documented.subtracting(served).sorted() == [], "documented but not served")
    }

    /// A client that checks every reply against the document as it goes.
    struct Tour {
        let api: API
        let document: OpenAPIDocument
        var token: String?

        @discardableResult
        func call(
            _ method: HTTPRequest.Method, _ template: String, _ path: String? = nil, json: String? = nil,
            expect status: Int
        ) async throws -> Reply {
            let reply = try await api.call(method, path ?? template, json: json, token: token)
            #expect(Int(reply.status.code) == status, "\(method) \(path ?? template): \(reply.text)")
            let problems = document.problems(
                method.rawValue, template, status: Int(reply.status.code), body: reply.body)
            #expect(problems == [], "\(reply.text)")
            return reply
        }
    }

    /// The sync endpoints: a push whose second device replaces the first's field (a notice in
    /// the first's pull), a refusal, the limits, handoffs both ways.
    func syncTour(_ tour: Tour) async throws {
        let laptop = UUID().uuidString.lowercased()
        let phone = UUID().uuidString.lowercased()
        let key = UUID().uuidString.lowercased()
        func push(_ device: String, _ changes: [String]) -> String {
            #"{"device":"\#(device)","changes":[\#(changes.joined(separator: ","))]}"#
        }
        func put(_ fields: String, key: String = key) -> String {
            #"{"id":"\#(UUID())","entity":"player","key":"\#(key)","op":"put","fields":\#(fields),"base":0,"madeAt":1}"#
        }
        try await tour.call(
            .post, "/v1/sync/push",
            json: push(laptop, [put(#"{"name":"Ana","age":null,"skill":null,"position":null,"favouriteTeam":null}"#)]),
            expect: 200)
        let refused = try await tour.call(
            .post, "/v1/sync/push", json: push(phone, [put(#"{"name":"Bea"}"#), put(#"{"age":3}"#, key: "x")]),
            expect: 200)
        #expect(refused.text.contains(#""code":"invalid""#))
        try await tour.call(.post, "/v1/sync/push", json: push(phone, ["1"]), expect: 400)
        try await tour.call(.post, "/v1/sync/push", json: "nope", expect: 400)
        try await tour.call(
            .post, "/v1/sync/push", json: push(phone, [put("\"\(String(repeating: "x", count: 4_200_000))\"")]),
            expect: 413)
        let pulled = try await tour.call(.get, "/v1/sync/changes", "/v1/sync/changes?device=\(laptop)", expect: 200)
        #expect(pulled.text.contains(#""notice":{"#))
        try await tour.call(.get, "/v1/sync/changes", "/v1/sync/changes?device=\(phone)&after=1&limit=1", expect: 200)
        try await tour.call(.get, "/v1/sync/changes", "/v1/sync/changes?device=x", expect: 400)
        // The stream's refusals (its 200 is a stream that never ends: LiveStreamTests read it).
        try await tour.call(.get, "/v1/sync/stream", "/v1/sync/stream?device=x", expect: 400)
        let handoff =
            #"{"device":"\#(laptop)","scene":"main","deviceName":"laptop","state":{"tab":"players"},"madeAt":5}"#
        try await tour.call(.put, "/v1/sync/handoff", json: handoff, expect: 204)
        try await tour.call(.put, "/v1/sync/handoff", json: #"{"device":"\#(laptop)"}"#, expect: 400)
        try await tour.call(
            .put, "/v1/sync/handoff", json: #"{"pad":"\#(String(repeating: "x", count: 90_000))"}"#, expect: 413)
        try await tour.call(.get, "/v1/sync/handoff", "/v1/sync/handoff?device=\(phone)&scene=main", expect: 200)
        try await tour.call(.get, "/v1/sync/handoff", "/v1/sync/handoff?device=\(laptop)", expect: 404)
        try await tour.call(.get, "/v1/sync/handoff", "/v1/sync/handoff?device=\(laptop)&scene=-x", expect: 400)
    }

    @Test func everyOperationAnswersAsDocumented() async throws {
        let document = try OpenAPIDocument()
        try await TestServer.run { api, _ in
            var tour = Tour(api: api, document: document)
            let credentials = #"{"username":"ana","password":"correct horse"}"#
            try await tour.call(.get, "/health", expect: 200)
            try await tour.call(.post, "/v1/accounts", json: credentials, expect: 201)
            try await tour.call(.post, "/v1/accounts", json: credentials, expect: 409)
            try await tour.call(
                .post, "/v1/accounts", json: #"{"username":"","password":"correct horse"}"#, expect: 422)
            try await tour.call(.post, "/v1/accounts", json: "nope", expect: 400)
            try await tour.call(.post, "/v1/sessions", json: #"{"username":"ana","password":"wrong one"}"#, expect: 401)
            let session = try await tour.call(.post, "/v1/sessions", json: credentials, expect: 201)
            try await tour.call(.get, "/v1/account", expect: 401)
            tour.token = session["token"] as? String
            try await tour.call(.get, "/v1/account", expect: 200)

            try await tour.call(
                .post, "/v1/players",
                json: #"{"name":"Zoë","age":27,"skill":"amateur","position":"striker","favouriteTeam":"Boca"}"#,
                expect: 201)
            try await tour.call(.post, "/v1/players", json: #"{"name":"Kai"}"#, expect: 201)
            try await tour.call(.post, "/v1/players", json: #"{"name":"Kai","age":3}"#, expect: 422)
            try await tour.call(
                .post, "/v1/players", json: #"{"name":"\#(String(repeating: "x", count: 70_000))"}"#, expect: 413)
            try await tour.call(.get, "/v1/players", "/v1/players?limit=1", expect: 200)
            try await tour.call(.get, "/v1/players", "/v1/players?limit=0", expect: 400)
            try await tour.call(.get, "/v1/players/{id}", "/v1/players/1", expect: 200)
            try await tour.call(.get, "/v1/players/{id}", "/v1/players/9", expect: 404)
            try await tour.call(.get, "/v1/players/{id}", "/v1/players/x", expect: 400)
            try await tour.call(.patch, "/v1/players/{id}", "/v1/players/1", json: #"{"age":28}"#, expect: 200)
            try await tour.call(.patch, "/v1/players/{id}", "/v1/players/1", json: #"{"age":128}"#, expect: 422)

            try await tour.call(.get, "/v1/gathers/current", expect: 404)
            try await tour.call(.post, "/v1/gathers", json: #"{"teamA":[1],"teamB":[2]}"#, expect: 201)
            try await tour.call(.post, "/v1/gathers", json: #"{"teamA":[1],"teamB":[2]}"#, expect: 409)
            try await tour.call(.post, "/v1/gathers", json: #"{"teamA":[1],"teamB":[1]}"#, expect: 422)
            try await tour.call(.get, "/v1/gathers/current", expect: 200)
            try await tour.call(
                .post, "/v1/gathers/{id}/goals", "/v1/gathers/1/goals", json: #"{"team":"a"}"#, expect: 200)
            try await tour.call(
                .put, "/v1/gathers/{id}/score", "/v1/gathers/1/score", json: #"{"a":2,"b":1}"#, expect: 200)
            try await tour.call(
                .post, "/v1/gathers/{id}/timer", "/v1/gathers/1/timer", json: #"{"action":"start"}"#, expect: 200)
            try await tour.call(
                .post, "/v1/gathers/{id}/timer", "/v1/gathers/1/timer", json: #"{"action":"start"}"#, expect: 422)
            try await tour.call(.get, "/v1/gathers/{id}", "/v1/gathers/1", expect: 200)
            try await tour.call(.delete, "/v1/gathers/{id}", "/v1/gathers/1", expect: 409)
            try await tour.call(.post, "/v1/gathers/{id}/end", "/v1/gathers/1/end", expect: 200)
            try await tour.call(.post, "/v1/gathers/{id}/cancel", "/v1/gathers/1/cancel", expect: 409)
            try await tour.call(.get, "/v1/gathers", "/v1/gathers?limit=5", expect: 200)
            try await tour.call(.delete, "/v1/gathers/{id}", "/v1/gathers/1", expect: 204)
            try await tour.call(.post, "/v1/gathers", json: #"{"teamA":[1],"teamB":[2]}"#, expect: 201)
            try await tour.call(.post, "/v1/gathers/{id}/cancel", "/v1/gathers/2/cancel", expect: 204)
            try await tour.call(.delete, "/v1/players/{id}", "/v1/players/2", expect: 204)

            try await tour.call(
                .post, "/v1/books",
                json:
                    #"{"isbn":"0-441-01359-7","title":"Dune","author":"Frank Herbert","price":"9.99","published":"1990-09-01","description":"A desert planet"}"#,
                expect: 201)
            try await tour.call(.post, "/v1/books", json: #"{"isbn":"9780441013593","title":"Dune"}"#, expect: 200)
            try await tour.call(.post, "/v1/books", json: #"{"isbn":"0441013598","title":"Dune"}"#, expect: 422)
            try await tour.call(.get, "/v1/books", expect: 200)
            try await tour.call(.get, "/v1/books/{isbn}", "/v1/books/0441013597", expect: 200)
            try await tour.call(.get, "/v1/books/{isbn}", "/v1/books/9780306406157", expect: 404)
            try await tour.call(.get, "/v1/books/{isbn}", "/v1/books/123", expect: 422)
            try await tour.call(
                .post, "/v1/questions", json: #"{"text":"Anything about a desert planet?"}"#, expect: 201)
            try await tour.call(.post, "/v1/questions", json: #"{"text":"Hm?"}"#, expect: 422)
            try await tour.call(.get, "/v1/questions", expect: 200)
            try await tour.call(.get, "/v1/questions/{id}", "/v1/questions/1", expect: 200)
            try await tour.call(.delete, "/v1/books/{isbn}", "/v1/books/9780441013593", expect: 204)
            try await tour.call(.delete, "/v1/questions/{id}", "/v1/questions/1", expect: 204)
            try await tour.call(.delete, "/v1/questions/{id}", "/v1/questions/1", expect: 404)
            try await syncTour(tour)
            try await tour.call(.delete, "/v1/sessions/current", expect: 204)
            try await tour.call(.get, "/v1/players", expect: 401)
            let metrics = try await api.call(.get, "/metrics")
            #expect(metrics.status == .ok)
            #expect(document.problems("GET", "/metrics", status: 200, body: Data()) == [])
        }
    }
}
