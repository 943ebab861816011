import Dispatch

/// Where a heavy test's jobs run: Dispatch's threads, not Swift's cooperative pool.
///
/// The cooperative pool has one thread a core, two here. A heavy test blocks a thread while it
/// waits for a child process (a synchronous test's `waitpid` or sleep loop), so two such tests
/// held every thread of the pool, and each in-process server and every other async test of the
/// run waited with them: in CI a test server's 60 s database deadline passed for one `register`
/// on an idle PostgreSQL. A queue of Dispatch's own adds a thread when those it has are blocked
/// (about one a second), so a blocked test holds only its own thread.
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
