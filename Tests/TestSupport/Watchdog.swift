import Foundation
import Synchronization
import Testing

/// A bound on how long one piece of a test may run: past it the piece is failed and cancelled.
///
/// A test that waits for something that never comes would hold the whole run until the CI's own
/// limit, and a run killed from outside prints nothing of what hung (its standard output is still
/// in a buffer). So the watchdog writes straight to standard error, unbuffered, then records an
/// issue and cancels the piece: the waits of these tests are `Task.sleep` loops, HTTP requests and
/// streams, which end on cancellation. A piece blocked in a plain system call (a pipe read,
/// `waitpid`) ignores cancellation and holds its thread, and a light test's is one of the
/// cooperative pool's few, on which the alarm may wait too: a thread of the watchdog's own
/// (`Backstop`) then names it, and if it still has not ended five minutes later, ends the run, so
/// that its output says what hung.
package enum Watchdog {
    /// Runs `body` and answers what it answers; past `limit`, fails and cancels it, and answers
    /// nil once it has ended. `backstop` false leaves it out of the backstop's watch (a test of
    /// the watchdog itself, whose limit is far shorter than a loaded run's first minutes).
    @discardableResult
    package static func run<Value: Sendable>(
        _ name: String, limit: Duration, backstop: Bool = true, _ body: @Sendable () async throws -> Value
    ) async throws -> Value? {
        let ticket = backstop ? Backstop.shared.watch(name, limit: limit) : nil
        defer { ticket.map(Backstop.shared.forget) }
        return try await withoutActuallyEscaping(body) { body in
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

    /// The pieces running now, looked at every few seconds from a thread no test can block.
    private final class Backstop: Sendable {
        static let shared = Backstop()

        /// Past its limit by this much, a piece is named; by `fatal`, the run ends.
        static let named: Duration = .seconds(60)
        static let fatal: Duration = .seconds(300)

        private struct Piece {
            let name: String
            let deadline: ContinuousClock.Instant
            var named = false
        }

        private struct State {
            var pieces: [Int: Piece] = [:]
            var next = 0
        }

        private let state = Mutex(State())

        private init() {
            Thread { [self] in
                while true {
                    Thread.sleep(forTimeInterval: 5)
                    look()
                }
            }.start()
        }

        func watch(_ name: String, limit: Duration) -> Int {
            state.withLock {
                $0.next += 1
                $0.pieces[$0.next] = Piece(name: name, deadline: .now + limit)
                return $0.next
            }
        }

        func forget(_ ticket: Int) {
            _ = state.withLock { $0.pieces.removeValue(forKey: ticket) }
        }

        private func look() {
            let now = ContinuousClock.now
            let (toName, toEnd) = state.withLock { current in
                var toName: [String] = []
                var toEnd: String?
                for (ticket, piece) in current.pieces {
                    if now > piece.deadline + Self.fatal { toEnd = piece.name }
                    if now > piece.deadline + Self.named, !piece.named {
                        current.pieces[ticket]?.named = true
                        toName.append(piece.name)
                    }
                }
                return (toName, toEnd)
            }
            for name in toName {
                say("watchdog: \(name) is still running past its limit, though cancelled (blocked in a system call?)")
            }
            if let toEnd {
                say("watchdog: \(toEnd) has not ended \(Self.fatal) past its limit: ending the run")
                exit(1)
            }
        }
    }
}
