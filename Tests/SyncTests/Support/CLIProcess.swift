import Clubhouse
import ClubhouseServerTestSupport
import ClubhouseTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The built `clubhouse` run as a process on a device's file, as a user runs it: started with
/// `posix_spawn` (nothing blocked, default signal handling), so a test can SIGKILL it mid-sync.
final class CLIProcess: @unchecked Sendable {
    let pid: pid_t
    let folder: TemporaryFolder
    private var ending: ServerProcess.Ending?

    /// The binary next to the test bundle (`swift test` builds it: this target depends on it),
    /// unless `CLUBHOUSE_BIN` names another.
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["CLUBHOUSE_BIN"] { return path }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appending(path: "clubhouse").path), folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appending(path: "clubhouse").path
    }()

    init(
        _ arguments: [String], database: String, through launcher: [String] = [],
        environment extra: [String: String] = [:]
    ) throws {
        folder = try TemporaryFolder()
        var environment = ProcessInfo.processInfo.environment
        environment["CLUBHOUSE_DB"] = nil
        environment["XDG_DATA_HOME"] = nil
        environment[ClubhouseApp.clockSkewVariable] = nil
        environment.merge(extra) { $1 }
        let command = launcher + [Self.binary] + arguments + ["--database", database]
        pid = try ServerProcess.spawn(
            command[0], Array(command.dropFirst()), environment: environment, stdout: folder.path("stdout"),
            stderr: folder.path("stderr"))
    }

    /// With the library's clock `seconds` off (`CLUBHOUSE_CLOCK_SKEW_MS`): the gathers' instants
    /// and the sync's own timing, as on a device whose clock is wrong. Unlike faketime, which
    /// these tests used, it reaches the static build users install (`CLUBHOUSE_BIN`) too.
    static func skewed(seconds: Int, _ arguments: [String], database: String) throws -> CLIProcess {
        try CLIProcess(
            arguments, database: database, environment: [ClubhouseApp.clockSkewVariable: "\(seconds * 1000)"])
    }

    var stdout: String { (try? String(contentsOfFile: folder.path("stdout"), encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: folder.path("stderr"), encoding: .utf8)) ?? "" }

    /// How it ended, if it has (reaping it).
    func poll() -> ServerProcess.Ending? {
        if let ending { return ending }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        ending = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        return ending
    }

    /// Waits for the end (killing it after `seconds`: a stuck command fails its test).
    func wait(atMost seconds: Int = 120) async throws -> ServerProcess.Ending {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if let ending = poll() { return ending }
            try await Task.sleep(for: .milliseconds(10))
        }
        if let ending = poll() { return ending }
        kill(pid, SIGKILL)
        while poll() == nil { try await Task.sleep(for: .milliseconds(10)) }
        return ending ?? .signalled(SIGKILL)
    }

    func killHard() async throws {
        kill(pid, SIGKILL)
        _ = try await wait(atMost: 30)
    }

    deinit {
        if poll() == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }

    /// Runs `clubhouse arguments --database database` to its end.
    static func run(_ arguments: [String], database: String) async throws -> (ServerProcess.Ending, CLIProcess) {
        let process = try CLIProcess(arguments, database: database)
        return (try await process.wait(), process)
    }
}
