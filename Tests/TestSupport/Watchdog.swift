import Foundation
import Testing

/// A bound on how long one piece of a test may run: past it the piece is failed and cancelled.
///
/// A test that waits for something that never comes would hold the whole run until the CI's own
/// limit, and a run killed from outside prints nothing of what hung (its standard output is still
/// in a buffer). So the watchdog writes straight to standard error, unbuffered, then records an
/// issue and cancels the piece: every wait of these tests is a `Task.sleep` loop, an HTTP request
/// or a stream, which end on cancellation.
package enum Watchdog {
    /// Runs `body` and answers what it answers; past `limit`, fails and cancels it, and answers
    /// nil once it has ended.
    @discardableResult
    package static func run<Value: Sendable>(
        _ name: String, limit: Duration, _ body: @Sendable () async throws -> Value
    ) async throws -> Value? {
        try await withoutActuallyEscaping(body) { body in
            try await withThrowingTaskGroup(of: Value?.self) { group in
                group.addTask { try await body() }
                group.addTask {
                    try await Task.sleep(for: limit)
                    return nil
                }
                defer { group.cancelAll() }
                // The first to finish: the body (or its error), or the watchdog's alarm.
                if case .some(.some(let value)) = try await group.next() { return value }
                say("watchdog: \(name) still running after \(limit): failed and cancelled")
                Issue.record("\(name) did not finish within \(limit); cancelled")
                return nil
            }
        }
    }

    /// One line on standard error, written at once (never held in a buffer).
    package static func say(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
