extension ClubhouseApp {
    /// The outcomes of what others change: each time another process, or another `ClubhouseApp`
    /// on the same file, commits a change, the sequence gives ``look(_:showing:)``'s outcome read
    /// right after it (where the signed-in user is now and what the screen on show holds), within
    /// `interval` of the commit. This app's own commands are not reported: their outcome is
    /// already theirs.
    ///
    /// It is driven by SQLite's `PRAGMA data_version`, polled on this app's connection: one
    /// cheap statement per interval while nothing changes. Any commit counts, including one that
    /// changes nothing this user sees (another user's data): compare outcomes (`==`) to skip a
    /// redraw. The sequence ends when the task iterating it is cancelled, and throws (then ends)
    /// if the file can no longer be read. An app in memory never reports anything.
    public func changes(every interval: Duration = .milliseconds(200)) -> AsyncThrowingStream<Outcome, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task { [self] in
                do {
                    var seen = try locked { try database.dataVersion() }
                    while !Task.isCancelled {
                        try await Task.sleep(for: interval)
                        let (version, outcome) = try locked { () throws -> (Int, Outcome?) in
                            let version = try database.dataVersion()
                            return (version, version == seen ? nil : try tree.look(showing: true))
                        }
                        seen = version
                        if let outcome { continuation.yield(outcome) }
                    }
                    continuation.finish()
                } catch is CancellationError {
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
