import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP in the middle of the long commands (`book import`, `backup`,
/// `check` of a large file): each ends cleanly with 128 + the signal's number and one `error:`
/// line, its transaction rolled back, no temporary file or journal left, and `check` passing
/// afterwards. The children are spawned with no signal blocked (the test runner blocks some), and
/// each signal is sent once the command is seen at work: its journal, its partial copy or its open
/// database exists.
@Suite(.heavy, .serialized) struct InterruptedWorkTests {
    static let signals: [(Int32, String)] = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")]

    /// A signed-in database with `books` books, written by the sqlite3 shell in one statement
    /// (the triggers keep the full-text index in step), large enough that `check` takes a while.
    private static func largeDatabase(in folder: TemporaryFolder, books: Int) throws -> String {
        let path = try Fixtures.signedInDatabase(in: folder)
        // An ISBN-13: twelve digits, then the check digit of their weighted sum (1, 3, 1, 3, …).
        let sum = (1...12).map { "substr(b, \($0), 1) * \($0 % 2 == 1 ? 1 : 3)" }.joined(separator: " + ")
        try sqlite(
            path,
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(books)),
                bodies(i, b) AS (SELECT i, CAST(978000000000 + i AS TEXT) FROM n)
            INSERT INTO books (owner_id, isbn, title, author, publisher, description, created_at, updated_at, save_order)
            SELECT (SELECT id FROM users LIMIT 1), b || ((10 - (\(sum)) % 10) % 10), 'River garden ' || i,
                'Ada Lovelace', 'Penguin',
                'A story of rivers and gardens, told over ' || (i % 40) || ' years, of winter ' || i,
                '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', i
            FROM bodies;
            """)
        return path
    }

    /// Starts `arguments` (with `--database path`), waits until `atWork` says it is at work, sends
    /// `signal`, and returns how it ended and what it wrote on standard error.
    private func interrupt(
        _ arguments: [String], database path: String, with signal: Int32, in folder: TemporaryFolder,
        stderr: Spawned.Descriptor? = nil, environment: [String: String] = [:], atWork: (pid_t) -> Bool
    ) throws -> (ending: Spawned.Ending, stderr: String, sawWork: Bool) {
        let err = folder.path("err-\(UUID().uuidString)")
        let child = try Spawned.start(
            (arguments + ["--database", path]).map { Array($0.utf8) }, stdout: .null, stderr: stderr ?? .file(err),
            environment: environment)
        let deadline = Date().addingTimeInterval(60)
        var sawWork = false
        while Date() < deadline {
            if atWork(child.pid) {
                sawWork = true
                break
            }
            var status: Int32 = 0
            if waitpid(child.pid, &status, WNOHANG) == child.pid {
                // Ended before it was seen at work: the caller's expectations fail on sawWork.
                let text = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
                return (status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f), text, false)
            }
            usleep(500)
        }
        kill(child.pid, signal)
        let ending = child.wait(atMost: 60) ?? .signalled(SIGKILL)
        return (ending, (try? String(contentsOfFile: err, encoding: .utf8)) ?? "", sawWork)
    }

    /// Nothing beside the database but the database, and `check` passes without a note.
    private func expectNothingLeft(_ path: String, in folder: TemporaryFolder, _ comment: Comment) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        let database = URL(fileURLWithPath: path).lastPathComponent
        #expect(
            names.filter { $0.hasPrefix(database) || $0.hasPrefix(".clubhouse") }.sorted() == [database],
            "left behind: \(names) — \(comment)")
        let check = try RawRun.run(["check"], database: path, in: folder.url.path)
        #expect(check.ending == .exited(0), "check: \(check.stderrText) — \(comment)")
        #expect(check.stderrText.isEmpty, "check warned: \(check.stderrText) — \(comment)")
    }

    private static func isOpen(_ pid: pid_t, _ path: String) -> Bool {
        let folder = "/proc/\(pid)/fd"
        guard let fds = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        return fds.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) == path }
    }

    @Test(arguments: signals.map(\.0))
    func anImportStopsRollsBackAndExits(_ signal: Int32) throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let csv = folder.path("books.csv")
        try HugeInputTests.books(60_000).write(to: URL(fileURLWithPath: csv))
        let run = try interrupt(["book", "import", csv], database: path, with: signal, in: folder) { _ in
            FileManager.default.fileExists(atPath: path + "-journal")
        }
        let name = Self.signals.first { $0.0 == signal }!.1
        #expect(run.sawWork, "the import ended before it was seen writing: \(run.ending)")
        #expect(run.ending == .exited(128 + signal), "\(run.stderr)")
        #expect(run.stderr == "error: interrupted by \(name); nothing was changed\n")
        #expect(try sqlite(path, "SELECT count(*) FROM books;") == "0")
        try expectNothingLeft(path, in: folder, "import, \(name)")
    }

    @Test(arguments: signals.map(\.0))
    func aBackupStopsRemovesItsCopyAndExits(_ signal: Int32) throws {
        let folder = try TemporaryFolder()
        let path = try Self.largeDatabase(in: folder, books: 60_000)
        let copy = folder.path("copy.sqlite")
        let run = try interrupt(["backup", copy], database: path, with: signal, in: folder) { _ in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []
            return names.contains { $0.hasPrefix(".clubhouse-backup-") }
        }
        let name = Self.signals.first { $0.0 == signal }!.1
        #expect(run.sawWork, "the backup ended before it was seen copying: \(run.ending)")
        #expect(run.ending == .exited(128 + signal), "\(run.stderr)")
        #expect(run.stderr == "error: interrupted by \(name); nothing was changed\n")
        #expect(!FileManager.default.fileExists(atPath: copy))
        try expectNothingLeft(path, in: folder, "backup, \(name)")
    }

    @Test(arguments: signals.map(\.0))
    func aCheckOfALargeFileStopsAndExits(_ signal: Int32) throws {
        let folder = try TemporaryFolder()
        let path = try Self.largeDatabase(in: folder, books: 60_000)
        let run = try interrupt(["check"], database: path, with: signal, in: folder) { pid in
            Self.isOpen(pid, path)
        }
        let name = Self.signals.first { $0.0 == signal }!.1
        #expect(run.sawWork, "the check ended before it was seen at work: \(run.ending)")
        #expect(run.ending == .exited(128 + signal), "\(run.stderr)")
        #expect(run.stderr == "error: interrupted by \(name); nothing was changed\n")
        try expectNothingLeft(path, in: folder, "check, \(name)")
    }

    /// On a terminal the progress bar is erased before the error, which starts its own line.
    @Test func anInterruptedImportOnATerminalFinishesTheBarsLine() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let csv = folder.path("books.csv")
        try HugeInputTests.books(60_000).write(to: URL(fileURLWithPath: csv))
        let terminal = try PseudoTerminal()
        var screen = ""
        let run = try interrupt(
            ["book", "import", csv], database: path, with: SIGINT, in: folder,
            stderr: .descriptor(terminal.terminal.fileDescriptor), environment: ["TERM": "xterm"]
        ) { _ in
            screen += terminal.echoed()
            return screen.contains("importing books")
        }
        screen += terminal.echoed()
        #expect(run.sawWork, "no progress bar was drawn: \(screen.debugDescription)")
        #expect(run.ending == .exited(130))
        // The terminal turns "\n" into "\r\n".
        #expect(
            screen.hasSuffix("\r\u{1B}[Kerror: interrupted by SIGINT; nothing was changed\r\n"),
            "\(screen.suffix(200).debugDescription)")
        #expect(try sqlite(path, "SELECT count(*) FROM books;") == "0")
    }
}
