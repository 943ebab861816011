import Clubhouse

/// What the change stream sends: an event each time the file changes under another connection
/// (another tab's scene, the CLI, the terminal app, live sync), and a comment every 15 s so that
/// a proxy or the browser never takes a quiet stream for a dead one.
struct LiveChanges: Sendable {
    let stream: AsyncThrowingStream<String, any Error>
    /// Ends the stream (the server is stopping).
    let end: @Sendable () -> Void

    init(_ app: ClubhouseApp) {
        let (stream, continuation) = AsyncThrowingStream<String, any Error>.makeStream()
        let observation = app.observeCommits(every: .milliseconds(200)) { result in
            switch result {
            case .success: continuation.yield("event: change\ndata: \n\n")
            case .failure(let error): continuation.finish(throwing: error)
            }
        }
        let heartbeat = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(15))
                continuation.yield(": still here\n\n")
            }
        }
        continuation.onTermination = { _ in
            observation.cancel()
            heartbeat.cancel()
        }
        self.stream = stream
        self.end = { continuation.finish() }
    }
}
