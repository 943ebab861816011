import Foundation
import Testing

/// A test that starts servers, processes, PostgreSQL or terminals takes one of a few turns.
///
/// Swift Testing starts every test of the run at once. Light tests end in milliseconds, but a
/// thousand tests that each run a server, spawn the CLI or wait on PostgreSQL, all at once on two
/// cores, starve each other: deadlines that hold alone (a server's 5 s database deadline, a poll
/// for requests in flight) passed under the full suite, and its runs were flaky. So a suite marked
/// `.heavy` runs each of its test cases in a turn: at most `HeavyTest.turns` of them at once,
/// the rest waiting in order. A test inside a turn that asks for another (a heavy suite nested in
/// one) keeps the one it has. A test case inside its turn is bounded by `HeavyTest.limit`
/// (`Watchdog`): a wait that never ends fails that test instead of hanging the run.
package struct HeavyTest: SuiteTrait, TestTrait, TestScoping {
    /// Twice the cores (at least four): enough to overlap one test's waiting with another's work.
    package static let turns = max(4, ProcessInfo.processInfo.activeProcessorCount * 2)

    /// Far beyond any heavy test case's own time on a loaded machine (a minute or two).
    package static let limit: Duration = .seconds(600)

    /// Applies to every test case of a suite it marks, never to the suite as a whole (a suite
    /// holding a turn while its tests wait for one could take every turn).
    package var isRecursive: Bool { true }

    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if Self.holdsTurn {
            try await function()
            return
        }
        await Self.gate.take()
        do {
            try await Self.$holdsTurn.withValue(true) {
                try await Watchdog.run("\(test.name)", limit: Self.limit, function)
            }
        } catch {
            await Self.gate.give()
            throw error
        }
        await Self.gate.give()
    }

    @TaskLocal private static var holdsTurn = false
    private static let gate = Gate(count: turns)

    /// At most `count` holders; the others wait in order.
    private actor Gate {
        private var free: Int
        private var waiting: [CheckedContinuation<Void, Never>] = []

        init(count: Int) {
            free = count
        }

        func take() async {
            if free > 0 {
                free -= 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func give() {
            if waiting.isEmpty {
                free += 1
            } else {
                waiting.removeFirst().resume()
            }
        }
    }
}

extension Trait where Self == HeavyTest {
    /// Each test case of the suite runs in one of a few turns (see `HeavyTest`).
    package static var heavy: Self { HeavyTest() }
}
