import ClubhouseTestSupport
import Foundation
import Testing

/// README's "Try it" as a newcomer meets it: the block pasted into a shell, as written, in a new
/// home folder with the built `clubhouse` on the PATH; then the two steps that talk with you on a
/// terminal, driven through a pseudo-terminal.
@Suite(.heavy) struct ReadmeTryItTests {
    static let readme = EmbeddingExampleTests.root.appending(path: "README.md")

    /// The first shell block after the "Try it" heading.
    static func block() throws -> String {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Try it").dropFirst().first)
        let start = try #require(section.range(of: "```sh\n"))
        let end = try #require(section.range(of: "\n```", range: start.upperBound..<section.endIndex))
        return String(section[start.upperBound..<end.lowerBound])
    }

    @Test func theBlockRunsAsWrittenAndEachLineShowsWhatItsCommentSays() throws {
        let home = try TemporaryFolder()
        let script = try Self.block()
        #expect(!script.contains("swift run"), "the block runs the installed clubhouse")
        // Each line echoed before it runs (set -v), so the output can be read line by line.
        let (status, output) = try Self.shell("set -e -v\n" + script, home: home)
        #expect(status == 0, "\(output.suffix(2_000))")

        func after(_ line: String) -> String {
            guard let range = output.range(of: line + "\n") else { return "" }
            let rest = output[range.upperBound...]
            return rest.components(separatedBy: "\nclubhouse ").first ?? ""
        }
        #expect(
            after("clubhouse register ana --password-stdin <<< 's3cret-pass'   # creates the account and signs in")
                .contains("Registered and signed in as ana."))
        #expect(
            after("clubhouse nav                         # where you are: players tab, stack players > players/1")
                .contains("players > players/1"))
        #expect(after("clubhouse back                        # pops players/1: the list again").contains("Zoë O'Brien"))
        #expect(
            after("clubhouse book import books.csv               # imported 2 books: 2 added, 0 updated, 0 rejected")
                .contains("imported 2 books: 2 added, 0 updated, 0 rejected"))
        #expect(
            after("clubhouse gather end --yes                    # winner Team A, kept in history").contains("Team A"))
        #expect(FileManager.default.fileExists(atPath: home.path("books.csv")))

        // The state each comment describes, read back from the database the block used.
        let clubhouse = ClubhouseProcess(database: home.path("clubhouse-try-it.sqlite"))
        #expect(try clubhouse.run(["whoami"]).status == 1, "the block ends signed out")
        // The default database is left alone: the block keeps to its own.
        #expect(!FileManager.default.fileExists(atPath: home.path(".local/share/clubhouse/clubhouse.sqlite")))
    }

    @Test func theTerminalStepsResumeAndWatch() throws {
        let home = try TemporaryFolder()
        let (status, output) = try Self.shell(try Self.block(), home: home)
        #expect(status == 0, "\(output.suffix(2_000))")
        let clubhouse = ClubhouseProcess(database: home.path("clubhouse-try-it.sqlite"))

        // Step 1: log in on the terminal, start `player add`, stop halfway, run it again.
        let login = try clubhouse.runInTerminal(["login", "ana"], typing: ["s3cret-pass"])
        #expect(login.result.status == 0, "\(login.result.stderr)")
        let halfway = try clubhouse.runInTerminal(
            ["player", "add"], answering: [Turn(FormDraftTests.name, "Lu"), Turn(FormDraftTests.age, "30")],
            afterLastTurn: { process in
                // Stopped once the age is saved in the draft: killed outright, the harder case
                // than Ctrl-C (which a child of this test process would find blocked).
                _ = waitUntil {
                    let drafts = (try? jsonObject(clubhouse.run(["nav", "--json"]).stdout))?["drafts"]
                    return (drafts as? [String: [String: String]])?["players/new"]?["age"] == "30"
                }
                kill(process.processIdentifier, SIGKILL)
            })
        #expect(halfway.result.status == SIGKILL)
        let resumed = try clubhouse.runInTerminal(
            ["player", "add"],
            answering: [
                Turn(FormDraftTests.skill, ""), Turn(FormDraftTests.position, "winger"), Turn(FormDraftTests.team, ""),
                Turn(FormDraftTests.shirt, ""),
            ])
        #expect(resumed.result.status == 0, "\(resumed.result.stderr)")
        #expect(
            try sqlite(clubhouse.database, "SELECT name, age, position FROM players ORDER BY id DESC LIMIT 1")
                == "Lu|30|winger")

        // Step 2: a gather, its timer, and the watch until Ctrl-C.
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1", "--team-b", "2"]).status == 0)
        #expect(try clubhouse.run(["gather", "timer", "start"]).status == 0)
        // Stopped the hard way once it shows the gather (this test's children find Ctrl-C blocked).
        let watch = try clubhouse.run(["gather", "watch"], onceStdoutShows: "Gather 2") {
            kill($0.processIdentifier, SIGKILL)
        }
        #expect(watch.status == SIGKILL)
        #expect(watch.stdout.contains("running"))
    }

    /// Runs `script` with bash in `home` (also the working folder) as a new user would: HOME set,
    /// no CLUBHOUSE_DB or XDG_DATA_HOME, and the built clubhouse first on the PATH.
    static func shell(_ script: String, home: TemporaryFolder) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = home.url
        process.environment = [
            "HOME": home.url.path, "LANG": "C.UTF-8",
            "PATH": ClubhouseProcess.binary.deletingLastPathComponent().path + ":/usr/bin:/bin",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
