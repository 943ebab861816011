import ClubhouseTestSupport
import Foundation

/// Runs the built `clubhouse` binary as a separate process, the way a user does.
struct ClubhouseProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        var stderrLines: [Substring] { stderr.split(separator: "\n") }
    }

    /// The binary next to the test bundle in the build folder (`swift test` builds it, since this
    /// target depends on it), unless `CLUBHOUSE_BIN` names another.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["CLUBHOUSE_BIN"] { return URL(fileURLWithPath: path) }
        let testBundle = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var folder = testBundle.deletingLastPathComponent()
        // On some platforms the test binary sits inside a bundle folder.
        while !FileManager.default.fileExists(atPath: folder.appending(path: "clubhouse").path), folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appending(path: "clubhouse")
    }()

    let database: String
    var binary: URL = ClubhouseProcess.binary
    /// Extra environment; CLUBHOUSE_DB and XDG_DATA_HOME are removed unless set here.
    var environment: [String: String] = [:]

    /// Runs with a terminal as standard input, typing each line once the next prompt is on screen
    /// (typing earlier would be echoed before the prompt turns echo off).
    /// With `interruptAtLastPrompt`, the process gets SIGINT at the prompt after the typed lines.
    func runInTerminal(
        _ arguments: [String], typing lines: [String], interruptAtLastPrompt: Bool = false,
        terminal: PseudoTerminal? = nil
    ) throws -> (result: Result, echoed: String) {
        let terminal = try terminal ?? PseudoTerminal()
        var echoed = ""
        let result = try run(arguments, input: .terminal(terminal.terminal)) { errURL, process in
            func waitForPrompt(_ count: Int) {
                let deadline = Date().addingTimeInterval(30)
                while (try? String(contentsOf: errURL, encoding: .utf8))?.components(separatedBy: "assword: ").count
                    ?? 0 <= count, Date() < deadline
                {
                    usleep(10_000)
                }
            }
            for (index, line) in lines.enumerated() {
                waitForPrompt(index + 1)
                echoed += terminal.echoed()
                terminal.type(line)
            }
            if interruptAtLastPrompt {
                waitForPrompt(lines.count + 1)  // shown only once the interrupt handler is in place
                process.interrupt()
            }
        }
        return (result, echoed + terminal.echoed())
    }

    enum Input {
        case none
        case text(String)
        case terminal(FileHandle)
    }

    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, useDatabaseOption: Bool = true) throws -> Result {
        try run(arguments, input: stdin.map(Input.text) ?? .none, useDatabaseOption: useDatabaseOption) { _, _ in }
    }

    /// Runs with `input`, calling `whileRunning` with the stderr file and the process once it has
    /// started; the process is then waited for (and killed after `Spawned.stuckAfter`, or once the
    /// test is cancelled).
    func run(
        _ arguments: [String], input: Input, useDatabaseOption: Bool = true,
        whileRunning: (URL, Process) throws -> Void
    ) throws -> Result {
        let folder = try TemporaryFolder()
        let outURL = folder.url.appending(path: "out")
        let errURL = folder.url.appending(path: "err")
        guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
            FileManager.default.createFile(atPath: errURL.path, contents: nil)
        else { throw CocoaError(.fileWriteUnknown) }

        let process = Process()
        process.executableURL = binary
        process.arguments = arguments + (useDatabaseOption ? ["--database", database] : [])
        var env = ProcessInfo.processInfo.environment
        env["CLUBHOUSE_DB"] = nil
        env["XDG_DATA_HOME"] = nil
        env.merge(environment) { $1 }
        process.environment = env
        // Files, not pipes: a long output can never fill a pipe and stall the child.
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        let pipe = Pipe()
        switch input {
        case .none: process.standardInput = FileHandle.nullDevice
        case .text: process.standardInput = pipe
        case .terminal(let terminal): process.standardInput = terminal
        }
        try process.run()
        if case .text(let text) = input {
            pipe.fileHandleForWriting.write(Data(text.utf8))
            try pipe.fileHandleForWriting.close()
        }
        try whileRunning(errURL, process)
        // A stuck child fails its test instead of hanging the whole run. Not sooner: a `register`
        // (4 s of scrypt in a debug build) ran past 60 s on a CI machine busy with the full run.
        let deadline = Date().addingTimeInterval(Spawned.stuckAfter)
        while process.isRunning, Date() < deadline, !Task.isCancelled { usleep(5_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8))
    }
}
