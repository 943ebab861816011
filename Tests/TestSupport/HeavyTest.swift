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
/// (`Watchdog`): a wait that never ends fails that test instead of hanging the run, and runs on
/// `HeavyTestExecutor`'s threads, so that one blocked waiting for a child holds no thread of the
/// cooperative pool. A test marked `.alone` takes every turn: it runs with no other heavy test.
package struct HeavyTest: SuiteTrait, TestTrait, TestScoping {
    /// Twice the cores (at least four): enough to overlap one test's waiting with another's work.
    package static let turns = max(4, ProcessInfo.processInfo.activeProcessorCount * 2)

    /// Far beyond any heavy test case's own time on a loaded machine (a minute or two).
    package static let limit: Duration = .seconds(600)

    /// Applies to every test case of a suite it marks, never to the suite as a whole (a suite
    /// holding a turn while its tests wait for one could take every turn).
    package var isRecursive: Bool { true }

    /// How many of the turns a test case takes: one, or all of them (`.alone`).
    let turnsTaken: Int

    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if Self.turnsHeld > 0 {
            // A heavy test nested in another's turn cannot also have the machine to itself.
            if turnsTaken > Self.turnsHeld {
                Issue.record("\(test.name) is marked .alone inside a heavy suite's turn")
            }
            try await function()
            return
        }
        await Self.gate.take(turnsTaken)
        let started = ContinuousClock.now
        defer { TurnTimes.record(Self.name(of: test), ContinuousClock.now - started) }
        do {
            try await Self.$turnsHeld.withValue(turnsTaken) {
                try await withTaskExecutorPreference(HeavyTestExecutor.shared) {
                    try await Watchdog.run("\(test.name)", limit: Self.limit, function)
                }
            }
        } catch {
            await Self.gate.give(turnsTaken)
            throw error
        }
        await Self.gate.give(turnsTaken)
    }

    /// `Module.Suite/test()`: each case of a parameterized test is a line of its own name.
    private static func name(of test: Test) -> String {
        ([test.id.moduleName] + test.id.nameComponents).joined(separator: ".")
    }

    /// The turns the current test case holds: none outside a heavy test.
    @TaskLocal private static var turnsHeld = 0
    private static let gate = Gate(count: turns)

    /// At most `count` turns held at once; a taker waits, in order, until as many as it asks for
    /// are free. In order: a later taker of one turn never passes one waiting for them all.
    package actor Gate {
        private var free: Int
        private var waiting: [(turns: Int, continuation: CheckedContinuation<Void, Never>)] = []

        package init(count: Int) {
            free = count
        }

        package func take(_ turns: Int) async {
            if waiting.isEmpty, free >= turns {
                free -= turns
                return
            }
            await withCheckedContinuation { waiting.append((turns, $0)) }
        }

        /// How many takers wait now.
        package var waitingCount: Int { waiting.count }

        package func give(_ turns: Int) {
            free += turns
            while let first = waiting.first, first.turns <= free {
                free -= first.turns
                waiting.removeFirst().continuation.resume()
            }
        }
    }
}

extension Trait where Self == HeavyTest {
    /// Each test case of the suite runs in one of a few turns (see `HeavyTest`).
    package static var heavy: Self { HeavyTest(turnsTaken: 1) }

    /// Each test case runs with no other heavy test beside it: for a test whose own load (thirty
    /// processes hashing passwords at once) would push the others' waits past their deadlines.
    /// Not inside a `.heavy` suite, whose turn it would already hold.
    package static var alone: Self { HeavyTest(turnsTaken: HeavyTest.turns) }
}
