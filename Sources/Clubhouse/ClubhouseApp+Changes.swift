import Foundation

extension ClubhouseApp {
    /// The outcomes of what others change: each time another process, or another `ClubhouseApp`
    /// on the same file, commits a change after this call, the sequence gives
    /// ``look(_:showing:)``'s outcome read right after it (where the signed-in user is now and
    /// what the screen on show holds), within `interval` of the commit. This app's own commands
    /// are not reported: their outcome is already theirs.
    ///
    /// It is driven by SQLite's `PRAGMA data_version`, polled on this app's connection from a
    /// thread of its own (so a busy concurrency pool never delays it): one cheap statement per
    /// interval while nothing changes. Any commit counts, including one that changes nothing this
    /// user sees (another user's data): compare outcomes (`==`) to skip a redraw. Several commits
    /// within one interval give one outcome. The sequence ends when the task iterating it is
    /// cancelled, and throws (then ends) if the file can no longer be read. An app in memory
    /// never reports anything.
    public func changes(every interval: Duration = .milliseconds(200)) -> AsyncThrowingStream<Outcome, any Error> {
        AsyncThrowingStream { continuation in
            let observation = observeChanges(every: interval) { result in
                switch result {
                case .success(let outcome): continuation.yield(outcome)
                case .failure(let error): continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in observation.cancel() }
        }
    }

    /// ``changes(every:)`` for code that is not async: `handler` is called on the observing
    /// thread with each outcome, or once with the error that ends the observation. Keep the
    /// returned value and call ``Observation/cancel()`` to stop; the thread ends within one interval.
    public func observeChanges(
        every interval: Duration = .milliseconds(200),
        _ handler: @escaping @Sendable (Result<Outcome, any Error>) -> Void
    ) -> Observation {
        let observation = Observation()
        // The first reading is taken now, so that a change made right after this call is reported.
        let first: Int
        do {
            first = try locked { try database.dataVersion() }
        } catch {
            handler(.failure(error))
            observation.cancel()
            return observation
        }
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        let thread = Thread { [self] in
            var seen = first
            while true {
                Thread.sleep(forTimeInterval: seconds)
                if observation.isCancelled { return }
                do {
                    let (version, outcome) = try locked { () throws -> (Int, Outcome?) in
                        let version = try database.dataVersion()
                        return (version, version == seen ? nil : try tree.look(showing: true))
                    }
                    seen = version
                    if let outcome, !observation.isCancelled { handler(.success(outcome)) }
                } catch {
                    if !observation.isCancelled { handler(.failure(error)) }
                    observation.cancel()
                    return
                }
            }
        }
        thread.name = "clubhouse-changes"
        thread.start()
        return observation
    }

    /// An observation of other processes' changes, running until cancelled.
    public final class Observation: @unchecked Sendable {
        // `cancelled` is read by the observing thread and set by anyone: guarded by `lock`.
        private let lock = NSLock()
        private var cancelled = false

        init() {}

        /// Stops the observation: the thread ends within one interval, and reports nothing more
        /// unless a report was already under way.
        public func cancel() {
            lock.withLock { cancelled = true }
        }

        public var isCancelled: Bool { lock.withLock { cancelled } }
    }
}
