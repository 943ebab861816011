import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Standard output or error that cannot be written: closed (`>&-`), on a full disk (`/dev/full`),
/// or a pipe whose reader went away (`| head -c 1`). The command ends with a clean non-zero
/// status (never a signal, never a Swift runtime error); a reader that went away ends it quietly
/// with status 1; and what a writing command wrote to the database is committed all the same,
/// only its report is lost.
@Suite(.heavy) struct UnwritableOutputTests {
    /// Where standard output goes.
    enum Sink: String, CustomTestStringConvertible, CaseIterable, Sendable {
        case closed, full, pipeWithoutReader

        var testDescription: String { rawValue }
    }

    static let printingCommands: [[String]] = [
        ["player", "list"], ["player", "list", "--json"], ["player", "show", "1"], ["player", "show", "1", "--json"],
        ["nav"], ["nav", "--json"], ["gather", "show"], ["gather", "show", "--json"], ["gather", "list"],
        ["gather", "list", "--json"], ["whoami"], ["history"], ["history", "--json"], ["home"],
    ]

    /// A writing command, and SQL whose answer shows that it was committed.
    static let writingCommands: [(arguments: [String], check: String, expected: String)] = [
        (["player", "add", "--name", "Written"], "SELECT count(*) FROM players WHERE name = 'Written'", "1"),
        (["player", "edit", "2", "--name", "Renamed"], "SELECT name FROM players WHERE id = 2", "Renamed"),
        (["gather", "score", "a"], "SELECT score_a FROM gathers WHERE ended_at IS NULL", "1"),
        (["tab", "library"], "SELECT selected_tab FROM navigation_state", "library"),
        (["player", "delete", "4", "--yes"], "SELECT count(*) FROM players WHERE id = 4", "0"),
        (["logout"], "SELECT count(*) FROM sessions WHERE ended_at IS NULL", "0"),
    ]

    /// ana with four players, one ended gather and one in progress: made once, copied per test.
    private static let template: Swift.Result<Data, any Error> = Result {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        for arguments in [
            ["player", "add", "--name", "Zoë O'Brien", "--position", "striker"], ["player", "add", "--name", "Kai"],
            ["player", "add", "--name", "Lea", "--age", "30"], ["player", "add", "--name", "Max"],
            ["gather", "new", "--team-a", "1", "--team-b", "2"], ["gather", "score", "b"], ["gather", "end", "--yes"],
            ["gather", "new", "--team-a", "1,3", "--team-b", "2"], ["player", "show", "3"],
        ] {
            let result = try clubhouse.run(arguments)
            guard result.status == 0 else { throw Fixtures.FixtureError(message: "\(arguments): \(result.stderr)") }
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    private static func database(in folder: TemporaryFolder) throws -> String {
        let path = folder.path("clubhouse.sqlite")
        try template.get().write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs with standard output on `sink` and standard error in a file.
    private static func run(
        _ arguments: [String], database: String, stdout sink: Sink, stdin: Spawned.Descriptor = .null,
        in folder: TemporaryFolder
    ) throws -> RawRun {
        let err = folder.path("err-\(UUID().uuidString)")
        let child: Spawned
        switch sink {
        case .closed, .full:
            child = try Spawned.start(
                (arguments + ["--database", database]).map { Array($0.utf8) }, stdin: stdin,
                stdout: sink == .closed ? .closed : .file("/dev/full"), stderr: .file(err))
        case .pipeWithoutReader:
            let pipe = try ClosingPipe()
            close(pipe.read)
            child = try Spawned.start(
                (arguments + ["--database", database]).map { Array($0.utf8) }, stdin: stdin,
                stdout: .descriptor(pipe.write), stderr: .file(err))
            close(pipe.write)
        }
        let ending = child.wait(atMost: 60) ?? .signalled(SIGKILL)
        return RawRun(
            ending: ending, stdout: Data(), stderr: (try? Data(contentsOf: URL(fileURLWithPath: err))) ?? Data())
    }

    /// What standard error must say for each sink.
    private static func expectedError(_ sink: Sink) -> (String) -> Bool {
        switch sink {
        case .closed: { $0 == "error: cannot write the output (Bad file descriptor)\n" }
        case .full: { $0 == "error: cannot write the output (No space left on device)\n" }
        case .pipeWithoutReader: { $0.isEmpty }
        }
    }

    @Test(arguments: printingCommands, Sink.allCases)
    func aCommandThatCannotPrintEndsCleanly(_ arguments: [String], _ sink: Sink) throws {
        let folder = try TemporaryFolder()
        let path = try Self.database(in: folder)
        let result = try Self.run(arguments, database: path, stdout: sink, in: folder)
        #expect(result.ending == .exited(1), "\(result.ending); stderr: \(excerpt(result.stderrText))")
        #expect(Self.expectedError(sink)(result.stderrText), "stderr: \(excerpt(result.stderrText))")
        #expect(try sqlite(path, "PRAGMA integrity_check") == "ok")
    }

    @Test(arguments: Sink.allCases)
    func whatAWritingCommandWroteIsCommittedThoughItsOutputFailed(_ sink: Sink) throws {
        for command in Self.writingCommands {
            let folder = try TemporaryFolder()
            let path = try Self.database(in: folder)
            let result = try Self.run(command.arguments, database: path, stdout: sink, in: folder)
            #expect(
                result.ending == .exited(1), "\(command.arguments): \(result.ending); \(excerpt(result.stderrText))")
            #expect(Self.expectedError(sink)(result.stderrText), "\(command.arguments): \(excerpt(result.stderrText))")
            #expect(try sqlite(path, command.check) == command.expected, "\(command.arguments) was not committed")
            #expect(try sqlite(path, "PRAGMA integrity_check") == "ok")
            // And the next command finds everything in order.
            let next = try RawRun.run(["nav", "--json"], database: path, in: folder)
            #expect(next.ending == .exited(0), "\(excerpt(next.stderrText))")
        }
    }

    /// `register` prints only after the account is saved.
    @Test(arguments: Sink.allCases)
    func anAccountIsCreatedThoughItsConfirmationCannotBePrinted(_ sink: Sink) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("new.sqlite")
        let password = folder.path("password")
        try Data(Fixtures.password.utf8).write(to: URL(fileURLWithPath: password))
        let result = try Self.run(
            ["register", "zoe", "--password-stdin", "--no-login"], database: path, stdout: sink, stdin: .file(password),
            in: folder)
        #expect(result.ending == .exited(1), "\(excerpt(result.stderrText))")
        #expect(Self.expectedError(sink)(result.stderrText), "\(excerpt(result.stderrText))")
        #expect(try sqlite(path, "SELECT username FROM users") == "zoe")
    }

    /// `clubhouse player list | head -c 1`: the reader takes one byte of a list longer than a
    /// pipe holds, then goes away; the list ends quietly with status 1.
    @Test func aReaderThatTakesOneByteAndLeavesEndsTheListQuietly() throws {
        let folder = try TemporaryFolder()
        let path = try Self.database(in: folder)
        try sqlite(
            path,
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
            INSERT INTO players (owner_id, name) SELECT 1, 'Player number ' || i FROM n
            """)
        for arguments in [["player", "list"], ["player", "list", "--json"]] {
            let pipe = try ClosingPipe()
            let err = folder.path("err")
            let child = try Spawned.start(
                (arguments + ["--database", path]).map { Array($0.utf8) }, stdout: .descriptor(pipe.write),
                stderr: .file(err))
            close(pipe.write)
            var byte: UInt8 = 0
            #expect(read(pipe.read, &byte, 1) == 1)
            close(pipe.read)
            let ending = child.wait(atMost: 60)
            let stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
            #expect(ending == .exited(1), "\(arguments): \(stderr)")
            #expect(stderr.isEmpty, "\(arguments): \(stderr)")
        }
    }

    /// Standard error closed or full: a failing command still exits 1 (it cannot say why), a
    /// command with nothing to say on it succeeds, and neither crashes.
    @Test(arguments: ["closed", "full"])
    func standardErrorThatCannotBeWritten(_ how: String) throws {
        let folder = try TemporaryFolder()
        let path = try Self.database(in: folder)
        let stderr: Spawned.Descriptor = how == "closed" ? .closed : .file("/dev/full")
        for (arguments, status) in [
            (["player", "show", "99"], Int32(1)), (["open", "players/99"], 1),
            (["gather", "new", "--team-a", "1", "--team-b", "1"], 1),
            (["player", "list"], 0), (["nav", "--json"], 0),
        ] {
            let out = folder.path("out")
            let child = try Spawned.start(
                (arguments + ["--database", path]).map { Array($0.utf8) }, stdout: .file(out), stderr: stderr)
            let ending = child.wait(atMost: 60)
            #expect(ending == .exited(status), "\(arguments) with stderr \(how)")
        }
        // Both closed: the list cannot be printed, and the process still ends by itself.
        for arguments in [["player", "list"], ["player", "show", "99"], ["player", "add", "--name", "Quiet"]] {
            let child = try Spawned.start(
                (arguments + ["--database", path]).map { Array($0.utf8) }, stdout: .closed,
                stderr: how == "closed" ? .closed : .file("/dev/full"))
            #expect(child.wait(atMost: 60) == .exited(1), "\(arguments) with stdout closed and stderr \(how)")
        }
        #expect(try sqlite(path, "SELECT count(*) FROM players WHERE name = 'Quiet'") == "1")
        #expect(try sqlite(path, "PRAGMA integrity_check") == "ok")
    }
}
