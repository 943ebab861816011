import ClubhouseTestSupport
import Foundation
import Hummingbird
import Testing

/// Issue 29: every client mistake is a 4xx, never a 5xx, and changes nothing. Every operation of
/// docs/openapi.json that takes a body gets a valid body with one field replaced by each hostile
/// value (wrong types, huge and tiny numbers, dates PostgreSQL refuses, long and control-character
/// strings), then bodies that are broken as a whole (duplicate keys, trailing commas, deep
/// nesting, not an object, not UTF-8). A hostile value may be accepted (a 2xx: `null` clears an
/// optional field); a refused one must leave every record table as it was.
@Suite("Hostile bodies", .heavy)
struct HostileBodyTests {
    /// JSON texts put in place of one field.
    static let values: [String] = [
        "null", "true", "0", "-1", "7.5", "1e308", "-1e308", "1e-308", "9223372036854775808",
        "-9223372036854775809", "123456789012345678901234567890", #""""#, #"" ""#,
        "\"\(String(repeating: "x", count: 10_000))\"", #""\u0000""#, #""a\u0007b""#, #""\ud800""#,
        #""0000-01-01""#, #""-0001-01-01""#, #""2024-02-30""#, #""99999-01-01""#, #""1e400""#, #""NaN""#,
        #""١٢٣""#, "[]", "[1,2]", #"[{"a":1}]"#, "{}", #"{"a":{"b":[]}}"#,
    ]

    /// Bodies broken as a whole.
    static let broken: [String] = [
        "", " ", "nope", "[]", "1", #""s""#, "null", #"{"a":1,}"#, #"{"a":1,"a":1}"#, "{\"a\":\"\u{0}\"}",
        String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000),
        "{" + String(repeating: #""a":{"#, count: 2_000) + "1" + String(repeating: "}", count: 2_001),
    ]

    /// A JSON object written from ordered key/value texts (values already JSON).
    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// The operations with a body: method, path, and a valid body as ordered fields.
    static func operations(player: Int64, other: Int64, gather: Int64, device: String) -> [(
        HTTPRequest.Method, String, [(String, String)]
    )] {
        let key = UUID().uuidString.lowercased()
        let change = object([
            ("id", "\"\(UUID().uuidString.lowercased())\""), ("entity", #""player""#), ("key", "\"\(key)\""),
            ("op", #""put""#), ("fields", #"{"name":"Mo","age":30}"#), ("base", "0"), ("madeAt", "1"),
        ])
        return [
            (.post, "/v1/accounts", [("username", #""newcomer""#), ("password", #""correct horse""#)]),
            (.post, "/v1/sessions", [("username", #""ana""#), ("password", #""correct horse""#)]),
            (
                .post, "/v1/players",
                [
                    ("name", #""Zoë""#), ("age", "27"), ("skill", #""amateur""#), ("position", #""striker""#),
                    ("favouriteTeam", #""Boca""#),
                ]
            ),
            (.patch, "/v1/players/\(player)", [("age", "28")]),
            (.patch, "/v1/players/\(player)", [("name", #""Kai""#)]),
            (.patch, "/v1/players/\(player)", [("skill", #""professional""#)]),
            (.patch, "/v1/players/\(player)", [("position", #""goalkeeper""#)]),
            (.patch, "/v1/players/\(player)", [("favouriteTeam", #""River""#)]),
            (.post, "/v1/gathers", [("teamA", "[\(player)]"), ("teamB", "[\(other)]")]),
            (.post, "/v1/gathers/\(gather)/goals", [("team", #""a""#), ("minus", "false")]),
            (.put, "/v1/gathers/\(gather)/score", [("a", "1"), ("b", "0")]),
            (.post, "/v1/gathers/\(gather)/timer", [("action", #""set""#), ("time", #""05:00""#)]),
            (
                .post, "/v1/books",
                [
                    ("isbn", #""9780441013593""#), ("title", #""Dune""#), ("author", #""Frank Herbert""#),
                    ("publisher", #""Ace""#), ("description", #""A desert planet""#), ("price", #""9.99""#),
                    ("published", #""1990-09-01""#),
                ]
            ),
            (.post, "/v1/questions", [("text", #""Anything about a desert planet?""#)]),
            (.post, "/v1/sync/push", [("device", "\"\(device)\""), ("changes", "[\(change)]")]),
            (
                .put, "/v1/sync/handoff",
                [
                    ("device", "\"\(device)\""), ("scene", #""main""#), ("deviceName", #""laptop""#),
                    ("state", #"{"tab":"players"}"#), ("madeAt", "5"),
                ]
            ),
        ]
    }

    /// Every record table (not the sign-in bookkeeping, which a refused sign-in is meant to move).
    static func recordTables(_ database: TestDatabase) async throws -> [String] {
        try await database.values(
            """
            SELECT table_name FROM information_schema.tables
            WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
                AND table_name NOT IN ('schema_migrations', 'sign_in_failures', 'device_cookies', 'tokens')
            ORDER BY table_name
            """
        ).compactMap { $0 }
    }

    /// Every record table as one text: equal before and after means nothing was written.
    static func records(_ database: TestDatabase, tables: [String]) async throws -> String {
        let parts = tables.map {
            "(SELECT '\($0) ' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM \($0) t)"
        }
        return try await database.values("SELECT " + parts.joined(separator: " || ' ' || ")).first.flatMap { $0 } ?? ""
    }

    /// One test case per operation: the whole matrix is some 1 200 requests, each followed by a
    /// read of every table, and as one test it came within a minute of the heavy tests' 10-minute
    /// bound on a loaded CI machine, then past it.
    static let operationIndices = Array(operations(player: 0, other: 0, gather: 0, device: "").indices)

    @Test(arguments: operationIndices)
    func noHostileBodyIsA5xxOrWritesAnything(operation: Int) async throws {
        try await TestServer.run(configure: { $0.firstSignInWait = .seconds(3600) }) { api, database in
            let token = try await api.signedIn("ana")
            let player = try await api.addPlayer("Ana", token: token)
            let other = try await api.addPlayer("Bea", token: token)
            let started = try await api.call(
                .post, "/v1/gathers", body: ["teamA": [player], "teamB": [other]], token: token)
            let gather = try #require((started["id"] as? NSNumber)?.int64Value)
            let device = UUID().uuidString.lowercased()
            var failures: [String] = []
            var tried = 0
            var refused = 0
            let tables = try await Self.recordTables(database)
            let (method, path, fields) = Self.operations(
                player: player, other: other, gather: gather, device: device)[operation]
            var bodies = Self.broken
            for index in fields.indices {
                for value in Self.values {
                    var mutated = fields
                    mutated[index].1 = value
                    bodies.append(Self.object(mutated))
                }
                // The field given twice, and a field nobody knows.
                bodies.append(Self.object(fields + [fields[index]]))
            }
            bodies.append(Self.object(fields + [("admin", "true")]))
            // The records as they stand: read again after an accepted body (it may write).
            var records = try await Self.records(database, tables: tables)
            for body in bodies {
                let reply = try await api.call(method, path, json: body, token: token)
                tried += 1
                let status = Int(reply.status.code)
                let shown = body.count > 120 ? String(body.prefix(120)) + "…" : body
                let now = try await Self.records(database, tables: tables)
                if status >= 500 {
                    failures.append("\(method) \(path) \(shown) → \(status) \(reply.text.prefix(200))")
                } else if status >= 400 {
                    refused += 1
                    if now != records { failures.append("\(method) \(path) \(shown) → \(status) and wrote") }
                }
                records = now
            }
            #expect(failures.isEmpty, "\(failures.count) of \(tried):\n\(failures.joined(separator: "\n"))")
            #expect(refused > tried / 2, "most hostile bodies are refused (\(refused) of \(tried))")
        }
    }
}
