import ClubhouseTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting

#if canImport(Glibc)
    import Glibc
#endif

/// The built `clubhouse-server` run as a process, as an operator runs it. Started with
/// `posix_spawn` so that it gets default signal handling and nothing blocked (the test runner
/// blocks SIGTERM and SIGINT, and a child would inherit that).
package final class ServerProcess: @unchecked Sendable {
    package let pid: pid_t
    package let folder: TemporaryFolder
    package private(set) var port = 0

    /// The binary next to the test bundle (`swift test` builds it: this target depends on it).
    package static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["CLUBHOUSE_SERVER_BIN"] { return path }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appending(path: "clubhouse-server").path),
            folder.path != "/"
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appending(path: "clubhouse-server").path
    }()

    package var stdoutPath: String { folder.path("stdout") }
    package var stderrPath: String { folder.path("stderr") }
    package var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    package var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Starts the binary with `arguments` (and `environment` added to the test's).
    package init(_ arguments: [String], environment: [String: String] = [:], binary: String = ServerProcess.binary)
        throws
    {
        folder = try TemporaryFolder()
        var env = ProcessInfo.processInfo.environment
        env["DATABASE_URL"] = nil
        env["PORT"] = nil
        env.merge(environment) { $1 }
        pid = try Self.spawn(
            binary, arguments, environment: env, stdout: folder.path("stdout"), stderr: folder.path("stderr"))
    }

    /// `posix_spawn` with standard output and error into files, default signal handling and
    /// nothing blocked.
    package static func spawn(
        _ binary: String, _ arguments: [String], environment: [String: String], stdout: String, stderr: String
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Nothing else of this process's: a long-lived child holding another test's pipe open
        // would keep that test waiting for its end (`SpawnedFiles`).
        try SpawnedFiles.closeAllButStandard(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGCHLD, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([binary] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
            (envp + [nil]).withUnsafeBufferPointer { envBuffer in
                posix_spawn(&pid, binary, &actions, &attributes, argvBuffer.baseAddress!, envBuffer.baseAddress!)
            }
        }
        guard result == 0 else { throw ClusterError("posix_spawn \(binary): \(String(cString: strerror(result)))") }
        return pid
    }

    /// Runs a program to its end, blocking: exit status, standard output, standard error.
    package static func runBlocking(_ binary: String, _ arguments: [String]) throws -> (Int32, String, String) {
        let folder = try TemporaryFolder()
        let pid = try spawn(
            binary, arguments, environment: ProcessInfo.processInfo.environment, stdout: folder.path("out"),
            stderr: folder.path("err"))
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let read = { (name: String) in (try? String(contentsOfFile: folder.path(name), encoding: .utf8)) ?? "" }
        return (status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f), read("out"), read("err"))
    }

    /// Starts a server on a free port of loopback and waits until it listens. Its pool is 4
    /// connections, all opened at start: dozens of tests share one PostgreSQL.
    package static func serving(_ database: DatabaseAddressText, _ extra: [String] = []) async throws -> ServerProcess {
        let server = try ServerProcess(
            ["--database-url", database.url, "--port", "0", "--database-connections", "4"] + extra)
        try await server.waitUntilListening()
        return server
    }

    /// Waits for the "listening on" line; fails with the server's stderr if it exits first.
    package func waitUntilListening() async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline {
            if let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix("listening on http://") }),
                let port = line.split(separator: ":").last.flatMap({ Int($0) })
            {
                self.port = port
                return
            }
            if let ending = poll() {
                throw ClusterError("clubhouse-server ended (\(ending)) before listening: \(stderr)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(pid, SIGKILL)
        throw ClusterError("clubhouse-server did not listen: \(stderr)")
    }

    package enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        package var description: String {
            switch self {
            case .exited(let status): "exit \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    private var ended: Ending?

    /// How the process ended, if it has (reaping it).
    package func poll() -> Ending? {
        if let ended { return ended }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        ended = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        return ended
    }

    /// Waits up to `seconds` for the process to end; kills it (and answers nil) if it does not.
    package func wait(atMost seconds: Int = 60) async throws -> Ending? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if let ending = poll() { return ending }
            try await Task.sleep(for: .milliseconds(20))
        }
        // A sleep can overrun the deadline by far on a machine busy with the whole run: look once
        // more before calling the process stuck.
        if let ending = poll() { return ending }
        kill(pid, SIGKILL)
        _ = try await wait(atMost: 10)
        return nil
    }

    package func signal(_ signal: Int32) {
        kill(pid, signal)
    }

    deinit {
        if poll() == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }

    /// One request on a connection of its own.
    package func call(
        _ method: HTTPRequest.Method, _ path: String, json: String? = nil, token: String? = nil
    ) async throws -> Reply {
        try await Self.call(port: port, method, path, json: json, token: token)
    }

    /// Generous: registering hashes at the CLI's cost on a machine busy with other tests.
    package static let callDeadline: Duration = .seconds(120)

    /// One request on a connection of its own to the server listening on loopback `port` (this
    /// process's or one in the test process).
    package static func call(
        port: Int, _ method: HTTPRequest.Method, _ path: String, json: String? = nil, token: String? = nil
    ) async throws -> Reply {
        var headers: HTTPFields = [:]
        if json != nil { headers[.contentType] = "application/json" }
        if let token { headers[.authorization] = "Bearer \(token)" }
        let request = TestClient.Request(
            path, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
        // TestClient's own timeout throws only once the connection ends, which a server that
        // never answers never does: past the deadline (or when the test is cancelled) this closes
        // the connection, which ends the wait.
        let configuration = TestClient.Configuration(timeout: .seconds(3600))
        let response = try await TestClient.withClient(host: "127.0.0.1", port: port, configuration: configuration) {
            client in
            try await withThrowingTaskGroup(of: TestClient.Response?.self) { group in
                group.addTask { try await client.execute(request) }
                group.addTask {
                    try? await Task.sleep(for: Self.callDeadline)
                    try? await client.close(mode: .all)
                    return nil
                }
                defer { group.cancelAll() }
                guard case .some(.some(let response)) = try await group.next() else {
                    try Task.checkCancellation()
                    throw ClusterError("\(method) \(path): no answer within \(Self.callDeadline)")
                }
                return response
            }
        }
        return Reply(
            status: response.status, headers: response.headers,
            body: response.body.map { Data(buffer: $0) } ?? Data())
    }

    /// Registers and signs in (at the CLI's scrypt cost: a second or so each).
    package func signedIn(_ username: String) async throws -> String {
        let body = #"{"username":"\#(username)","password":"correct horse"}"#
        let registered = try await call(.post, "/v1/accounts", json: body)
        guard registered.status == .created else { throw ClusterError("register: \(registered.text)") }
        let session = try await call(.post, "/v1/sessions", json: body)
        guard let token = session["token"] as? String else { throw ClusterError("sign in: \(session.text)") }
        return token
    }

    /// Runs the binary to its end: exit status and standard error.
    package static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> (
        Ending?, String
    ) {
        let process = try ServerProcess(arguments, environment: environment)
        let ending = try await process.wait(atMost: 60)
        return (ending, process.stderr)
    }
}

/// A database URL for the command line.
package struct DatabaseAddressText: Sendable {
    package let url: String

    package init(url: String) {
        self.url = url
    }
}

extension TestDatabase {
    package var url: DatabaseAddressText {
        DatabaseAddressText(url: "postgres://postgres@127.0.0.1:\(address.port)/\(address.database)")
    }
}
