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
    /// thread with each outcome, or once with the error that ends the observation. The observation
    /// runs until ``Observation/cancel()`` is called or the returned value is released; the
    /// thread ends within a tenth of a second of either.
    ///
    /// `interval` is kept between 10 ms and 10 s. A file another process keeps locked past the
    /// busy timeout is tried again at the next interval; the observation ends only when the file
    /// cannot be read (deleted, moved, replaced, damaged).
    public func observeChanges(
        every interval: Duration = .milliseconds(200),
        _ handler: @escaping @Sendable (Result<Outcome, any Error>) -> Void
    ) -> Observation {
        observe(every: interval, reading: { [self] in try tree.look(showing: true) }, handler)
    }

    /// Others' commits without an outcome: `handler` is called on the observing thread once for
    /// the commits of each interval (as ``observeChanges(every:_:)`` is, with the same rules), or
    /// once with the error that ends the observation.
    ///
    /// For a client that also performs commands of its own: an outcome read on another thread
    /// can be older than the client's own command that finished after it was read, and showing it
    /// would undo that command on screen. Such a client is told only that something changed and
    /// calls ``look(_:showing:)`` itself, in order with its own commands.
    public func observeCommits(
        every interval: Duration = .milliseconds(200),
        _ handler: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Observation {
        observe(every: interval, reading: {}, handler)
    }

    /// ``observeCommits(every:_:)`` as a sequence, ending as ``changes(every:)`` does.
    public func commits(every interval: Duration = .milliseconds(200)) -> AsyncThrowingStream<Void, any Error> {
        AsyncThrowingStream { continuation in
            let observation = observeCommits(every: interval) { result in
                switch result {
                case .success: continuation.yield()
                case .failure(let error): continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in observation.cancel() }
        }
    }

    /// The observing thread: `reading` runs under the app's lock right after a new data version is
    /// seen, so what it reads is that version or a newer one.
    private func observe<Report: Sendable>(
        every interval: Duration,
        reading: @escaping @Sendable () throws -> Report,
        _ handler: @escaping @Sendable (Result<Report, any Error>) -> Void
    ) -> Observation {
        let state = Observation.State()
        let observation = Observation(state)
        // The first reading is taken now, so that a change made right after this call is reported.
        let first: Int
        do {
            first = try locked { try database.dataVersion() }
        } catch {
            state.cancel()
            handler(.failure(error))
            return observation
        }
        let bounded = min(max(interval, .milliseconds(10)), .seconds(10))
        let thread = Thread { [self] in
            var seen = first
            while state.sleep(bounded) {
                do {
                    let (version, report) = try locked { () throws -> (Int, Report?) in
                        let version = try database.dataVersion()
                        return (version, version == seen ? nil : try reading())
                    }
                    seen = version
                    if let report, !state.isCancelled { handler(.success(report)) }
                } catch StorageError.busy {
                    continue  // someone holds the file for long; the change is still there next time
                } catch {
                    if !state.isCancelled { handler(.failure(error)) }
                    state.cancel()
                }
            }
        }
        thread.name = "clubhouse-changes"
        thread.start()
        return observation
    }

    /// An observation of other processes' changes, running until cancelled or released.
    public final class Observation: Sendable {
        let state: State

        init(_ state: State) {
            self.state = state
        }

        deinit { state.cancel() }

        /// Stops the observation: the thread ends within a tenth of a second and reports nothing
        /// more, unless a report was already under way.
        public func cancel() {
            state.cancel()
        }

        public var isCancelled: Bool { state.isCancelled }

        /// What the observing thread and the handle share: the observing thread holds only this,
        /// so that releasing the handle stops it.
        final class State: @unchecked Sendable {
            // `cancelled` is read by the observing thread and set by anyone: guarded by `lock`.
            private let lock = NSLock()
            private var cancelled = false

            func cancel() {
                lock.withLock { cancelled = true }
            }

            var isCancelled: Bool { lock.withLock { cancelled } }

            /// Sleeps `duration` in short steps; false as soon as the observation is cancelled.
            func sleep(_ duration: Duration) -> Bool {
                var left = duration
                while left > .zero {
                    if isCancelled { return false }
                    let step = min(left, .milliseconds(100))
                    Thread.sleep(
                        forTimeInterval: Double(step.components.attoseconds) / 1e18 + Double(step.components.seconds))
                    left -= step
                }
                return !isCancelled
            }
        }
    }
}
