import Foundation
import TestSupport

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

    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, useDatabaseOption: Bool = true) throws -> Result {
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
        let input = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8))
    }
}
