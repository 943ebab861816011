import ClubhouseTestSupport
import Foundation
import Hummingbird
import Testing

/// The same rule cases through the CLI (the built `clubhouse` on a temporary SQLite file) and the
/// server: both come from Domain, so each case must be refused or accepted by both, with the same
/// sentence where the rule is Domain's (the CLI prints it after `error: `, the server in
/// `error.message`).
@Suite("The CLI and the server agree", .heavy)
struct RuleParityTests {
    /// The CLI as a process on one database file.
    struct CLI {
        let folder: TemporaryFolder
        var database: String { folder.path("clubhouse.sqlite") }
        static let binary = URL(fileURLWithPath: ServerProcess.binary).deletingLastPathComponent()
            .appending(path: "clubhouse").path

        /// nil when it succeeded, else the message of its `error:` line.
        func run(_ arguments: [String], stdin: String? = nil) throws -> String? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.binary)
            process.arguments = arguments + ["--database", database]
            var environment = ProcessInfo.processInfo.environment
            environment["CLUBHOUSE_DB"] = nil
            process.environment = environment
            let input = Pipe()
            let errors = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
            try input.fileHandleForWriting.close()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if process.terminationStatus == 0 { return nil }
            let line = stderr.split(separator: "\n").first { $0.hasPrefix("error: ") } ?? Substring(stderr)
            return String(line.dropFirst("error: ".count))
        }

        /// What it printed (it must succeed), as JSON.
        func json(_ arguments: [String]) throws -> Any {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.binary)
            process.arguments = arguments + ["--json", "--database", database]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw ClusterError("clubhouse \(arguments) failed") }
            return try JSONSerialization.jsonObject(with: data)
        }

        func sql(_ query: String) throws -> String {
            try sqlite(database, query).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// One case: the CLI's arguments and the server's request, and whether the messages must match.
    struct Case: CustomStringConvertible {
        let cli: [String]
        let method: HTTPRequest.Method
        let path: String
        let json: String?
        var sameMessage = true

        var description: String { cli.joined(separator: " ") }
    }

    private func compare(_ cases: [Case], cli: CLI, api: API, token: String) async throws {
        for step in cases {
            let cliError = try cli.run(step.cli)
            let reply = try await api.call(step.method, step.path, json: step.json, token: token)
            let serverError = reply.status.code < 300 ? nil : reply.error?.message ?? reply.text
            #expect(
                (cliError == nil) == (serverError == nil),
                "\(step): CLI \(cliError ?? "ok"), server \(serverError ?? "ok")")
            if step.sameMessage {
                #expect(cliError == serverError, "\(step)")
            }
        }
    }

    @Test func gatherRules() async throws {
        try await TestServer.run { api, database in
            let cli = CLI(folder: try TemporaryFolder())
            #expect(try cli.run(["register", "ana", "--password-stdin"], stdin: "correct horse\n") == nil)
            let token = try await api.signedIn("ana")
            for (name, position) in [("Zoë", "striker"), ("Kai", "goalkeeper"), ("Lu", "winger")] {
                #expect(try cli.run(["player", "add", "--name", name, "--position", position]) == nil)
                _ = try await api.addPlayer(name, token: token, ["position": position])
            }
            func new(_ a: String, _ b: String, sameMessage: Bool = true) -> Case {
                let ids = { (text: String) in "[" + text + "]" }
                return Case(
                    cli: ["gather", "new", "--team-a", a, "--team-b", b], method: .post, path: "/v1/gathers",
                    json: #"{"teamA":\#(ids(a)),"teamB":\#(ids(b))}"#, sameMessage: sameMessage)
            }
            func timer(_ action: String, _ time: String? = nil) -> Case {
                Case(
                    cli: ["gather", "timer", action] + (time.map { [$0] } ?? []), method: .post,
                    path: "/v1/gathers/1/timer",
                    json: time.map { #"{"action":"set","time":"\#($0)"}"# } ?? #"{"action":"\#(action)"}"#)
            }
            try await compare(
                [
                    new("1", "1"), new("1,1", "2"), new("1", "99"), new("", "2", sameMessage: false),
                    new("1,3", "2"), new("2", "3", sameMessage: false),
                    Case(
                        cli: ["gather", "score", "--set", "101-0"], method: .put, path: "/v1/gathers/1/score",
                        json: #"{"a":101,"b":0}"#),
                    Case(
                        cli: ["gather", "score", "a"], method: .post, path: "/v1/gathers/1/goals",
                        json: #"{"team":"a"}"#),
                    Case(
                        cli: ["gather", "score", "a"], method: .post, path: "/v1/gathers/1/goals",
                        json: #"{"team":"a"}"#),
                    Case(
                        cli: ["gather", "score", "b"], method: .post, path: "/v1/gathers/1/goals",
                        json: #"{"team":"b"}"#),
                    Case(
                        cli: ["gather", "score", "b", "--minus"], method: .post, path: "/v1/gathers/1/goals",
                        json: #"{"team":"b","minus":true}"#),
                    Case(
                        cli: ["gather", "score", "b", "--minus"], method: .post, path: "/v1/gathers/1/goals",
                        json: #"{"team":"b","minus":true}"#),
                    timer("set", "60:00"), timer("set", "00:00"), timer("set", "7"), timer("pause"), timer("resume"),
                    timer("set", "05:30"), timer("start"), timer("start"), timer("pause"), timer("pause"),
                    timer("resume"),
                    timer("reset"),
                    Case(cli: ["gather", "end", "--yes"], method: .post, path: "/v1/gathers/1/end", json: nil),
                ], cli: cli, api: api, token: token)
            let cliGather = try cli.sql(
                "SELECT score_a || ' ' || score_b || ' ' || winner || ' ' || timer_state || ' ' || timer_duration_ms FROM gathers"
            )
            let serverGather = try await database.values(
                "SELECT score_a || ' ' || score_b || ' ' || winner || ' ' || timer_state || ' ' || timer_duration_ms FROM gathers"
            )
            #expect(serverGather == [cliGather])
            #expect(cliGather == "2 0 Team A stopped 600000")
        }
    }

    @Test func isbnRules() async throws {
        try await TestServer.run { api, database in
            let cli = CLI(folder: try TemporaryFolder())
            #expect(try cli.run(["register", "ana", "--password-stdin"], stdin: "correct horse\n") == nil)
            let token = try await api.signedIn("ana")
            let isbns = [
                "0-441-01359-7", "978-0-441-01359-3", "0441013598", "9780441013594", "080442957X", "080442957x",
                "0 8044 2957 X", "97804410135X3", "9770441013593", "979-10-90636-07-1", "12345", "978044101359312",
                "ISBN 0441013597", "０４４１０１３５９７", "",
            ]
            var cases: [Case] = []
            for (index, isbn) in isbns.enumerated() {
                let body = try JSONSerialization.data(withJSONObject: ["isbn": isbn, "title": "Book \(index)"])
                cases.append(
                    Case(
                        cli: ["book", "add", "--isbn", isbn, "--title", "Book \(index)"], method: .post,
                        path: "/v1/books",
                        json: String(decoding: body, as: UTF8.self)))
            }
            try await compare(cases, cli: cli, api: api, token: token)
            let cliBooks = try cli.sql("SELECT isbn FROM books ORDER BY isbn").split(separator: "\n").map(String.init)
            let serverBooks = try await database.values("SELECT isbn FROM books ORDER BY isbn").compactMap { $0 }
            #expect(cliBooks == serverBooks)
            #expect(cliBooks.count == 3)
        }
    }

    /// One rule in two dialects (`GatherStore` in SQLite and in PostgreSQL): a gather's players
    /// show as they are now while it runs and as they were when it ended, and a player deleted
    /// meanwhile shows as the copy kept with the seat.
    @Test func aGathersPlayersShowAsTheyAreWhileItRunsThenAsTheyWere() async throws {
        try await TestServer.run { api, _ in
            let cli = CLI(folder: try TemporaryFolder())
            #expect(try cli.run(["register", "ana", "--password-stdin"], stdin: "correct horse\n") == nil)
            let token = try await api.signedIn("ana")
            for name in ["Zoë", "Kai", "Lu"] {
                #expect(try cli.run(["player", "add", "--name", name]) == nil)
                _ = try await api.addPlayer(name, token: token)
            }
            func rename(_ id: Int, _ name: String) -> Case {
                Case(
                    cli: ["player", "edit", "\(id)", "--name", name], method: .patch, path: "/v1/players/\(id)",
                    json: #"{"name":"\#(name)"}"#)
            }
            func names() async throws -> (cli: [String], server: [String]) {
                let shown = try cli.json(["gather", "show", "1"]) as? [String: Any]
                let served = try await api.call(.get, "/v1/gathers/1", token: token)
                func team(_ gather: [String: Any]?, _ key: String) -> [String] {
                    ((gather?[key] as? [[String: Any]]) ?? []).map { $0["name"] as? String ?? "?" }
                }
                let server = served.object
                return (team(shown, "teamA") + team(shown, "teamB"), team(server, "teamA") + team(server, "teamB"))
            }
            try await compare(
                [
                    Case(
                        cli: ["gather", "new", "--team-a", "1,2", "--team-b", "3"], method: .post, path: "/v1/gathers",
                        json: #"{"teamA":[1,2],"teamB":[3]}"#),
                    rename(1, "Zed"),
                    Case(cli: ["player", "delete", "2", "--yes"], method: .delete, path: "/v1/players/2", json: nil),
                ], cli: cli, api: api, token: token)
            var shown = try await names()
            #expect(shown.cli == ["Zed", "Kai", "Lu"], "while it runs: as they are now; Kai as kept")
            #expect(shown.server == shown.cli)
            try await compare(
                [
                    Case(cli: ["gather", "end", "--yes"], method: .post, path: "/v1/gathers/1/end", json: nil),
                    rename(1, "Zack"), rename(3, "Lou"),
                ], cli: cli, api: api, token: token)
            shown = try await names()
            #expect(shown.cli == ["Zed", "Kai", "Lu"], "ended: as they were")
            #expect(shown.server == shown.cli)
        }
    }
}
