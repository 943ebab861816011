import ClubhouseTestSupport
import Foundation
import Hummingbird
import Testing

/// What a players request costs is the statements it sends PostgreSQL, one round trip each,
/// counted by PostgreSQL itself (never timed): the test's database logs every statement its
/// sessions run (`log_statement`, set for that database alone), and a request's are the lines
/// the cluster's log gained while it was answered. Issue 31: a write was ten statements (the
/// token, `BEGIN`, the lock, its row read three times, the write, the log entry, `COMMIT`).
@Suite("Request cost", .heavy)
struct RequestCostTests {
    /// The statements PostgreSQL ran for `request` (its log's lines since it was sent).
    static func statements(_ request: () async throws -> Void) async throws -> [String] {
        let log = try await PostgresCluster.shared().folder + "/server.log"
        let before = try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int ?? 0
        try await request()
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: log))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(before))
        let text = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        // A statement is logged when PostgreSQL receives it, before it runs: all are there once
        // the request is answered. Other databases' sessions log none.
        return text.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "LOG:  execute ") ?? line.range(of: "LOG:  statement: ") else {
                return nil
            }
            return String(line[range.upperBound...].prefix(100))
        }
    }

    /// Every session of the test's database logs its statements (set before the server starts).
    static func logStatements(_ database: TestDatabase) async throws {
        let name = try await database.values("SELECT current_database()")[0] ?? ""
        try await database.execute("ALTER DATABASE \"\(name)\" SET log_statement = 'all'")
    }

    @Test func aPlayersReadIsOneStatementAndAWriteFive() async throws {
        try await TestServer.run(prepare: Self.logStatements) { api, _ in
            let token = try await api.signedIn("ana")
            let id = try await api.addPlayer("Ana", token: token)
            // Each route once first: the pool's connections prepare their statements then.
            _ = try await api.call(.get, "/v1/players/\(id)", token: token)
            _ = try await api.call(.patch, "/v1/players/\(id)", body: ["age": 30], token: token)

            var reply: Reply?
            let read = try await Self.statements { reply = try await api.call(.get, "/v1/players/\(id)", token: token) }
            #expect(reply?.status == .ok)
            // The token check and the read, in one statement.
            #expect(read.count == 1, "\(read)")

            let edit = try await Self.statements {
                reply = try await api.call(.patch, "/v1/players/\(id)", body: ["age": 31], token: token)
            }
            #expect(reply?.status == .ok)
            #expect(reply?["age"] as? Int == 31)
            // BEGIN; the token with the account's lock; the row locked, with its tombstone; the
            // update with its log entry; COMMIT.
            #expect(edit.count <= 5, "\(edit)")

            let add = try await Self.statements {
                reply = try await api.call(.post, "/v1/players", body: ["name": "Kai", "age": 30], token: token)
            }
            #expect(reply?.status == .created)
            // BEGIN; the token with the lock; the insert with its log entry; the stored player
            // (its id); COMMIT.
            #expect(add.count <= 5, "\(add)")

            let delete = try await Self.statements {
                reply = try await api.call(.delete, "/v1/players/\(id)", token: token)
            }
            #expect(reply?.status == .noContent)
            // BEGIN; the token with the lock; the row; the seats kept; the delete with its log
            // entry and tombstone; COMMIT.
            #expect(delete.count <= 6, "\(delete)")
        }
    }
}
