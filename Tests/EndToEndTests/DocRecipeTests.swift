import ClubhouseServerTestSupport
import ClubhouseTestSupport
import Foundation
import Testing

/// The recipes of README.md and docs/ run as written, so that one that breaks fails the run.
/// Every shell block of those pages says on the line before it which it is:
/// `<!-- recipe -->` runs in a new home folder with the built `clubhouse` on the PATH, twice (a
/// recipe pasted again works again); `<!-- recipe: server -->` runs against a `clubhouse-server`
/// on a throwaway database, which stands for the pages' `http://127.0.0.1:8080`, all of them in
/// the pages' order on one server (so that one recipe's accounts cannot trip the next);
/// `<!-- not run: why -->` is a block no test can run as it stands (a release build, a server
/// that serves until Ctrl-C, a real machine's service), and says why.
@Suite(.heavy) struct DocRecipeTests {
    struct Block: Sendable, CustomTestStringConvertible {
        let page: String
        let line: Int
        /// The mark on the line before the block, without `<!-- ` and ` -->`; nil when none.
        let mark: String?
        let script: String

        var testDescription: String { "\(page):\(line)" }
        var isLocalRecipe: Bool { mark == "recipe" }
        var isServerRecipe: Bool { mark == "recipe: server" }
    }

    /// README and every page of docs/, in reading order.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(
            atPath: EmbeddingExampleTests.root.appending(path: "docs").path)
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// Every ```sh block of the pages, with its mark.
    static func blocks() throws -> [Block] {
        var blocks: [Block] = []
        for page in try pages() {
            let text = try String(contentsOf: EmbeddingExampleTests.root.appending(path: page), encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            var index = 0
            while index < lines.count {
                defer { index += 1 }
                guard lines[index] == "```sh" else { continue }
                let before = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
                let mark =
                    before.hasPrefix("<!-- ") && before.hasSuffix(" -->")
                    ? String(before.dropFirst(5).dropLast(4)) : nil
                let start = index + 1
                var end = start
                while end < lines.count, lines[end] != "```" { end += 1 }
                blocks.append(
                    Block(page: page, line: index + 1, mark: mark, script: lines[start..<end].joined(separator: "\n")))
                index = end
            }
        }
        return blocks
    }

    static let localRecipes = ((try? blocks()) ?? []).filter(\.isLocalRecipe)

    @Test func everyShellBlockIsARecipeOrSaysWhyItIsNotRun() throws {
        let blocks = try Self.blocks()
        #expect(blocks.count > 20, "the pages' shell blocks were not found")
        for block in blocks {
            let mark = block.mark ?? ""
            let known = block.isLocalRecipe || block.isServerRecipe || (mark.hasPrefix("not run: ") && mark.count > 12)
            #expect(
                known,
                "\(block.page):\(block.line) needs <!-- recipe -->, <!-- recipe: server --> or <!-- not run: why -->")
        }
        // The recipes a newcomer follows first are run, not only marked.
        #expect(
            blocks.contains {
                $0.page == "README.md" && $0.isLocalRecipe && $0.script.contains("clubhouse register ana")
            })
        #expect(blocks.filter(\.isServerRecipe).map(\.page) == ["docs/server.md", "docs/sync.md"])
    }

    @Test(arguments: localRecipes)
    func aRecipeRunsAsWrittenAndAgain(_ block: Block) throws {
        let home = try TemporaryFolder()
        for run in ["first", "second"] {
            let (status, output) = try Self.shell(block.script, home: home)
            #expect(status == 0, "\(block.page):\(block.line), \(run) run: \(output.suffix(2_000))")
        }
    }

    @Test func theServerRecipesRunInTheirOrderOnOneServer() async throws {
        for program in [RequiredProgram.curl, .python3] { try program.require() }
        let database = try await PostgresCluster.shared().createDatabase()
        let server = try await ServerProcess.serving(database.url)
        defer { server.signal(SIGTERM) }
        let home = try TemporaryFolder()
        var outputs: [String] = []
        for block in try Self.blocks() where block.isServerRecipe {
            let script = block.script.replacingOccurrences(
                of: "http://127.0.0.1:8080", with: "http://127.0.0.1:\(server.port)")
            let (status, output) = try Self.shell(script, home: home)
            #expect(status == 0, "\(block.page):\(block.line): \(output.suffix(2_000))")
            outputs.append(output)
        }
        // What the comments say, where they say what is printed.
        let all = outputs.joined(separator: "\n")
        #expect(all.contains(#"{"database":"ok","status":"ok"}"#))
        #expect(all.contains("One book on your shelf fits"), "\(all.suffix(2_000))")
        #expect(all.contains("Synced: sent 1, received 0."), "\(all.suffix(2_000))")
        #expect(all.contains("Synced: sent 0, received 1."), "\(all.suffix(2_000))")
        #expect(all.contains("Continued from laptop."), "\(all.suffix(2_000))")
        #expect(all.contains("stack: players > players/1"), "\(all.suffix(2_000))")
    }

    /// Runs `script` with bash, stopping at the first command that fails, in `home` (also the
    /// working folder) as a new user would: HOME set, no CLUBHOUSE_DB or XDG_DATA_HOME, and the
    /// built binaries first on the PATH.
    static func shell(_ script: String, home: TemporaryFolder) throws -> (Int32, String) {
        try ReadmeTryItTests.shell("set -e\n" + script, home: home)
    }
}
