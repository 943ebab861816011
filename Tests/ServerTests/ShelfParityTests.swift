import ClubhouseTestSupport
import Foundation
import Hummingbird
import Testing

/// One shelf typed into the CLI (the built `clubhouse` on a SQLite file) and into the server: a
/// book reads with the same names and types in `--json` and in `/v1/books`, and the same
/// question recommends the same books in the same order on both, ties and diacritics included
/// (Domain's `BookRelevance`, in SQL on the device and over the shelf on the server).
@Suite("The CLI and the server agree on a shelf", .heavy)
struct ShelfParityTests {
    typealias CLI = RuleParityTests.CLI

    /// The CLI's standard output, which must succeed.
    private func output(_ cli: CLI, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = arguments + ["--database", cli.database]
        var environment = ProcessInfo.processInfo.environment
        environment["CLUBHOUSE_DB"] = nil
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "clubhouse \(arguments.joined(separator: " "))")
        return text
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The shelf: equal scores (three titles with the same words), a word in the title against
    /// one in the author and description, diacritics typed and not, a book taken off the shelf.
    static let shelf: [(isbn: String, title: String, author: String?, description: String?)] = [
        ("9780306406157", "Salt and the Sea", nil, nil),
        ("9780441013593", "The Sea, the Salt", nil, nil),
        ("9780131103627", "Sea Salt", "Zoë Marín", nil),
        ("9780262033848", "Winter Harbour", "Ana Séa", "salt marshes and a lighthouse keeper"),
        ("9781491950357", "Lighthouse Keepers", nil, "a winter at sea"),
        ("9780596007126", "Zoe's Garden", "Kai Sea", "orchards"),
        // Case folding would make these one word; FTS5 keeps ß and ligatures apart.
        ("9781593275846", "Straße", nil, nil), ("9780134093413", "Strasse", nil, "ﬂowers"),
    ]

    @Test func theSameShelfReadsAndRecommendsTheSame() async throws {
        try await TestServer.run { api, _ in
            let cli = CLI(folder: try TemporaryFolder())
            #expect(try cli.run(["register", "ana", "--password-stdin"], stdin: "correct horse\n") == nil)
            let token = try await api.signedIn("ana")
            for book in Self.shelf {
                var arguments = ["book", "add", "--isbn", book.isbn, "--title", book.title, "--price", "12.5"]
                var body: [String: Any] = ["isbn": book.isbn, "title": book.title, "price": "12.5"]
                if let author = book.author {
                    (arguments, body["author"]) = (arguments + ["--author", author], author)
                }
                if let text = book.description {
                    (arguments, body["description"]) = (arguments + ["--description", text], text)
                }
                #expect(try cli.run(arguments) == nil)
                #expect(try await api.call(.post, "/v1/books", body: body, token: token).status == .created)
            }
            #expect(try cli.run(["book", "remove", "9780596007126"]) == nil)
            #expect(try await api.call(.delete, "/v1/books/9780596007126", token: token).status == .noContent)

            // Every field of the CLI's book has the server's name and type (the server adds onShelf,
            // and leaves out what the CLI writes as null).
            let local = try object(try output(cli, ["book", "show", "9780131103627", "--json"]))
            let remote = try object(try await api.call(.get, "/v1/books/9780131103627", token: token).text)
            for (name, value) in local where !["createdAt", "updatedAt"].contains(name) {
                let theirs = remote[name] ?? NSNull()
                #expect(
                    "\(value)" == "\(theirs)" && type(of: value) == type(of: theirs),
                    "\(name): \(value) against \(theirs)")
            }
            #expect(local["price"] as? String == "12.50")
            #expect(remote["owned"] as? Bool == true)

            for question in [
                "Anything about the sea and salt?", "A lighthouse keeper in winter", "Books by zoe marin",
                "Something about zoë or kai", "Orchards and gardens", "harbours in winter please",
                "strasse please thanks", "straße please thanks", "flowers please thanks",
            ] {
                let asked = try object(try output(cli, ["question", "ask", question, "--json"]))
                let local = (asked["books"] as? [[String: Any]] ?? []).compactMap { $0["isbn"] as? String }
                let reply = try await api.call(.post, "/v1/questions", body: ["text": question], token: token)
                let remote = (reply["books"] as? [[String: Any]] ?? []).compactMap { $0["isbn"] as? String }
                #expect(local == remote, "\(question)")
                #expect(asked["answer"] as? String == reply["answer"] as? String, "\(question)")
                if question == "Books by zoe marin" {
                    // A word typed without its diacritics matches, and the answer says so.
                    #expect(local == ["9780131103627"])
                    #expect((reply["answer"] as? String)?.contains("(about “zoe” and “marin”)") == true)
                }
            }
        }
    }
}
