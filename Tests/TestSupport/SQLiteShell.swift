import Foundation

/// A failed sqlite3 shell run: a test's set-up or check that did not do what it says.
public struct SQLiteShellError: Error, CustomStringConvertible {
    public let status: Int32
    public let stderr: String
    public var description: String { "sqlite3 exited with \(status): \(stderr)" }
}

/// Runs SQL through the sqlite3 shell, as a user inspecting or tampering with the file would.
/// Throws when the shell fails, so that a broken set-up can never pass silently.
@discardableResult
public func sqlite(_ path: String, _ sql: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try RequiredProgram.sqlite3.require())
    // -bail: stop at the first failing statement and exit non-zero. The busy timeout: a file
    // another process is writing (an app opening it, a sync committing) is waited for, as the
    // app's own connections wait, rather than failing when a busy machine makes the two meet.
    process.arguments = ["-bail", "-cmd", ".timeout 30000", path, sql]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Both pipes drained together: a chatty stderr must not block the shell.
    nonisolated(unsafe) var errorData = Data()
    let drained = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        errorData = errors.fileHandleForReading.readDataToEndOfFile()
        drained.signal()
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    drained.wait()
    let stderr = String(decoding: errorData, as: UTF8.self)
    guard process.terminationStatus == 0, stderr.isEmpty else {
        throw SQLiteShellError(status: process.terminationStatus, stderr: stderr)
    }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}
