import Dispatch

/// Where a heavy test's jobs run: Dispatch's threads, not Swift's cooperative pool.
///
/// Swift's global executor runs at most one job a core at once, two here. A heavy test blocks a
/// thread while it waits for a child process (a synchronous test's `waitpid` or sleep loop), so
/// two such tests held both of those, and each in-process server and every other async test of
/// the run waited with them: in CI a test server's 60 s database deadline passed for one
/// `register`. A queue of its own has no such cap: Dispatch adds a thread to it (about one a
/// second) while those it has are blocked, so a blocked test holds only its own thread.
package final class HeavyTestExecutor: TaskExecutor {
    package static let shared = HeavyTestExecutor()

    private let queue = DispatchQueue(label: "heavy-tests", attributes: .concurrent)
    private static let key = DispatchSpecificKey<Bool>()

    private init() {
        queue.setSpecific(key: Self.key, value: true)
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    /// Whether the caller runs on one of this executor's threads.
    package static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) ?? false }
}
