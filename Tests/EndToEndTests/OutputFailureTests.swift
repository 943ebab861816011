import ClubhouseTestSupport
import Foundation
import Testing

/// Output that cannot be written (a full disk, a closed descriptor, a reader gone away) ends the
/// process with a clean non-zero exit, never a crash signal.
@Suite(.heavy) struct OutputFailureTests {
    /// Runs the binary with the given standard output and error; returns how it ended and stderr
    /// when it went to a pipe.
    private func run(
        _ arguments: [String], database: String, stdout: FileHandle, stderr: FileHandle? = nil
    ) throws -> (reason: Process.TerminationReason, status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = ClubhouseProcess.binary
        process.arguments = arguments + ["--database", database]
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CLUBHOUSE_DB" }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        let errors = Pipe()
        process.standardError = stderr ?? errors
        try process.run()
        process.waitUntilExit()
        let text =
            stderr == nil ? String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) : ""
        return (process.terminationReason, process.terminationStatus, text)
    }

    @Test(arguments: [
        ["player", "list"], ["player", "list", "--json"], ["nav"], ["whoami"], ["player", "add", "--name", "Zoë"],
    ])
    func aFullDiskUnderStdoutIsACleanError(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        try ClubhouseProcess(database: path).addPlayers("Kai")
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try run(arguments, database: path, stdout: full)
        #expect(result.reason == .exit)
        #expect(result.status == 1)
        #expect(result.stderr == "error: cannot write the output (No space left on device)\n")
    }

    @Test func fullStdoutAndStderrStillExitCleanly() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try run(["player", "show", "99"], database: path, stdout: full, stderr: full)
        #expect(result.reason == .exit)
        #expect(result.status == 1)
    }

    /// `clubhouse player list | head -1` with more than a pipe's buffer of rows: the reader goes
    /// away, the next write fails with EPIPE, and the process ends quietly.
    @Test func aReaderThatGoesAwayEndsTheListQuietly() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        try sqlite(
            path,
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
            INSERT INTO players (owner_id, name) SELECT 1, 'Player number ' || i FROM n
            """)
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let result = try run(["player", "list"], database: path, stdout: pipe.fileHandleForWriting)
        #expect(result.reason == .exit)
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
    }
}
