import Foundation
import Synchronization

/// A task executor on threads of its own, for tests that block a thread while they wait.
///
/// Many end-to-end tests wait the plain way: `waitpid` on the CLI, a `usleep` loop polling a
/// tmux pane, a `DispatchGroup`. On the cooperative pool (as many threads as cores: two here)
/// two such waits at once stopped every other task of the run, in-process servers included,
/// whose requests then missed their 5 s database deadline (503) while nothing was slow but the
/// pool. Heavy tests run on these threads instead (`HeavyTest`), so their waits block only these.
package final class ThreadsExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private let members = Mutex<Set<pthread_t>>([])

    package init(threads: Int) {
        for _ in 0..<threads {
            Thread { [self] in work() }.start()
        }
    }

    /// Whether the calling code runs on one of these threads.
    package var runsThisThread: Bool {
        let thread = pthread_self()
        return members.withLock { $0.contains(thread) }
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        let thread = pthread_self()
        members.withLock { _ = $0.insert(thread) }
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
