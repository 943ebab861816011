import ClubhouseTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built binary started with `posix_spawn`, for what `Foundation.Process` cannot do: arguments
/// as raw bytes (invalid UTF-8), standard descriptors closed or on `/dev/full`, a kill at an exact
/// moment with the real way the process ended (`waitpid`), and many children started at once
/// without a thread each.
struct Spawned {
    /// How the child's standard input, output or error is set up.
    enum Descriptor {
        /// `/dev/null`.
        case null
        /// Closed, as a shell's `>&-` leaves it.
        case closed
        /// A file opened in the child: for reading on standard input, else created and truncated
        /// for writing. `/dev/full` is a file too.
        case file(String)
        /// A file opened in the child with the given `open(2)` flags, e.g. a folder as `O_RDONLY`.
        case open(String, flags: Int32)
        /// The parent's descriptor, duplicated (one end of a pipe).
        case descriptor(Int32)
    }

    /// How a child ended, as `waitpid` tells it.
    enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        var status: Int32? {
            if case .exited(let status) = self { return status }
            return nil
        }

        var description: String {
            switch self {
            case .exited(let status): "exit \(status)"
            case .signalled(let signal): "signal \(signal) (\(String(cString: strsignal(signal))))"
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let pid: pid_t

    /// Starts the binary with `arguments` (raw bytes each, without a terminating NUL) and the
    /// test's environment less CLUBHOUSE_DB and XDG_DATA_HOME. Every other descriptor of the test
    /// process is closed in the child, so a pipe here never stays open through another child.
    static func start(
        _ arguments: [[UInt8]], stdin: Descriptor = .null, stdout: Descriptor, stderr: Descriptor,
        environment: [String: String] = [:], binary: String = ClubhouseProcess.binary.path
    ) throws -> Spawned {
        var env = ProcessInfo.processInfo.environment
        env["CLUBHOUSE_DB"] = nil
        env["XDG_DATA_HOME"] = nil
        env.merge(environment) { $1 }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, descriptor) in [(STDIN_FILENO, stdin), (STDOUT_FILENO, stdout), (STDERR_FILENO, stderr)] {
            let result: Int32
            switch descriptor {
            case .null:
                result = posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDWR, 0)
            case .closed:
                result = posix_spawn_file_actions_addclose(&actions, target)
            case .file(let path):
                let flags = target == STDIN_FILENO ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                result = posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o600)
            case .open(let path, let flags):
                result = posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o600)
            case .descriptor(let fd):
                result = posix_spawn_file_actions_adddup2(&actions, fd, target)
            }
            guard result == 0 else { throw Failure(description: "file action: \(String(cString: strerror(result)))") }
        }
        try SpawnedFiles.closeAllButStandard(&actions)

        // The child starts with default signal handling and nothing blocked, whatever the test
        // runner's thread has.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([Array(binary.utf8)] + arguments).map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return Optional(copy)
        }
        let envp = env.map { strdup("\($0.key)=\($0.value)") }
        defer {
            for argument in argv { argument?.deallocate() }
            for variable in envp { free(variable) }
        }
        var pid: pid_t = 0
        let result = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
            (envp + [nil]).withUnsafeBufferPointer { envBuffer in
                posix_spawn(&pid, binary, &actions, &attributes, argvBuffer.baseAddress!, envBuffer.baseAddress!)
            }
        }
        guard result == 0 else { throw Failure(description: "posix_spawn: \(String(cString: strerror(result)))") }
        return Spawned(pid: pid)
    }

    /// Waits for the child (reaping it), however long it takes.
    func wait() -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return Self.ending(status)
    }

    /// How long a child may run before a test calls it stuck and kills it: far beyond any
    /// command's time on a machine busy with the whole run (a debug `register` is 4 s of CPU).
    static let stuckAfter: Double = 300

    /// Waits up to `seconds`, or until the test is cancelled (its watchdog's limit passed); a
    /// child still running then is killed, and nil returned.
    func wait(atMost seconds: Double) -> Ending? {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline, !Task.isCancelled {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return Self.ending(status) }
            if reaped < 0 && errno != EINTR { return nil }
            usleep(2_000)
        }
        sendKill(pid)
        _ = wait()
        return nil
    }

    /// Sends SIGKILL. A child that already exited (and is not reaped yet) is unaffected, and
    /// `wait` then tells its real exit status.
    func kill() {
        sendKill(pid)
    }

    private static func ending(_ status: Int32) -> Ending {
        status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    }
}

private func sendKill(_ pid: pid_t) {
    _ = kill(pid, SIGKILL)
}

/// One run of the binary through `Spawned`, with standard output and error captured in files.
struct RawRun {
    let ending: Spawned.Ending
    let stdout: Data
    let stderr: Data

    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    var stderrLines: [Substring] { stderrText.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }

    /// Runs to the end (killed after 60 s, which fails the ending check of any test).
    static func run(
        _ arguments: [[UInt8]], stdin: Spawned.Descriptor = .null, in folder: String,
        environment: [String: String] = [:], binary: String = ClubhouseProcess.binary.path
    ) throws -> RawRun {
        let name = UUID().uuidString
        let out = "\(folder)/\(name).out"
        let err = "\(folder)/\(name).err"
        defer {
            unlink(out)
            unlink(err)
        }
        let child = try Spawned.start(
            arguments, stdin: stdin, stdout: .file(out), stderr: .file(err), environment: environment, binary: binary)
        let ending = child.wait(atMost: 60) ?? .signalled(SIGKILL)
        return RawRun(
            ending: ending, stdout: (try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data(),
            stderr: (try? Data(contentsOf: URL(fileURLWithPath: err))) ?? Data())
    }

    static func run(
        _ arguments: [[UInt8]], stdin: Spawned.Descriptor = .null, in folder: TemporaryFolder,
        environment: [String: String] = [:], binary: String = ClubhouseProcess.binary.path
    ) throws -> RawRun {
        try run(arguments, stdin: stdin, in: folder.url.path, environment: environment, binary: binary)
    }

    /// Runs `arguments` and `--database database`.
    static func run(
        _ arguments: [String], database: String, stdin: Spawned.Descriptor = .null, in folder: String
    ) throws -> RawRun {
        try run((arguments + ["--database", database]).map { Array($0.utf8) }, stdin: stdin, in: folder)
    }

    static func run(
        _ arguments: [String], database: String, stdin: Spawned.Descriptor = .null, in folder: TemporaryFolder
    ) throws -> RawRun {
        try run(arguments, database: database, stdin: stdin, in: folder.url.path)
    }
}

/// A pipe whose two ends are closed on exec, so that only the child it is handed to (by dup2)
/// ever holds it.
struct ClosingPipe {
    let read: Int32
    let write: Int32

    init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw Spawned.Failure(description: "pipe failed") }
        // Every child of the test process closes what it does not need (Foundation's Process
        // does, and so does `Spawned`), so setting close-on-exec after the fact is enough.
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        read = fds[0]
        write = fds[1]
    }
}

/// Writes `total` bytes of `byte` (or `pattern` over and over) into `fd` from a thread of its own, then closes it; the number
/// of bytes the reader took is known once `finished` is waited for. A reader that goes away ends
/// the writing with EPIPE (SIGPIPE is blocked on that thread only, so the test process lives on).
final class StreamingWriter: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let count = Counter()

    init(fd: Int32, total: Int, byte: UInt8 = UInt8(ascii: "p"), pattern: [UInt8]? = nil, chunk: Int = 1 << 16) {
        let pattern = pattern ?? [byte]
        let done = done
        let count = count
        let thread = Thread {
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            let buffer = (0..<chunk).map { pattern[$0 % pattern.count] }
            var written = 0
            outer: while written < total {
                let size = min(chunk, total - written)
                var offset = 0
                while offset < size {
                    let result = buffer.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, size - offset) }
                    if result < 0 {
                        if errno == EINTR { continue }
                        break outer
                    }
                    offset += result
                    written += result
                }
            }
            close(fd)
            // A SIGPIPE left pending on this thread dies with it.
            count.set(written)
            done.signal()
        }
        thread.start()
    }

    /// Waits for the writer; how many bytes went into the pipe.
    func finished() -> Int {
        done.wait()
        done.signal()
        return count.value
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var stored = 0
        var value: Int { lock.withLock { stored } }
        func set(_ value: Int) { lock.withLock { stored = value } }
    }
}

/// A seeded generator (SplitMix64), so that a failing random run can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// How hard the fault-injection suite tries. The CI default keeps it to a minute or two;
/// `CLUBHOUSE_FAULT_RUNS=1000` (say) runs that many SIGKILL runs and scales the other randomized
/// parts with it, and `CLUBHOUSE_FAULT_SEED=N` replays the random choices of a failed run.
enum FaultSettings {
    static let defaultRuns = 100

    static let runs: Int = {
        guard let text = ProcessInfo.processInfo.environment["CLUBHOUSE_FAULT_RUNS"], let runs = Int(text), runs > 0
        else { return defaultRuns }
        return runs
    }()

    /// How many times the default the randomized parts run (at least 1).
    static var scale: Int { max(1, runs / defaultRuns) }

    /// The seed given, else a new one for each test (printed with any failure).
    static func seed() -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["CLUBHOUSE_FAULT_SEED"], let seed = UInt64(text) {
            return seed
        }
        return UInt64.random(in: 0...UInt64.max)
    }
}

/// What no output of the binary may hold: C0 controls other than the line break, DEL, C1
/// controls, and the bidirectional controls (Unicode's Bidi_Control property). The first one
/// found, described, or nil.
func rawControl(in data: Data) -> String? {
    let text = String(decoding: data, as: UTF8.self)
    for (offset, scalar) in text.unicodeScalars.enumerated() {
        let value = scalar.value
        let isControl = (value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(value)
        if isControl || scalar.properties.isBidiControl {
            return "U+\(String(value, radix: 16, uppercase: true)) at scalar \(offset)"
        }
    }
    return nil
}

/// A short, escaped excerpt of output for a failure message.
func excerpt(_ text: String, limit: Int = 600) -> String {
    let escaped = text.unicodeScalars.map { scalar -> String in
        switch scalar.value {
        case 0x0A: "\\n"
        case 0..<0x20, 0x7F...0x9F: "\\u{\(String(scalar.value, radix: 16))}"
        default: scalar.properties.isBidiControl ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }
    }.joined()
    return escaped.count > limit ? String(escaped.prefix(limit)) + "… (\(text.utf8.count) bytes)" : escaped
}
