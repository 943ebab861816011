import Synchronization

/// The answer of whichever comes first, a database operation or its deadline; the later one is
/// dropped. A request then answers 503 at its deadline even when the operation cannot be
/// interrupted (a query waiting on a PostgreSQL that stopped answering), so the requests in
/// flight at SIGTERM always end and the server's shutdown with them.
final class FirstAnswer<Value: Sendable>: Sendable {
    private enum State {
        case pending
        case waiting(CheckedContinuation<Value, any Error>)
        case answered(Result<Value, any Error>)
        case delivered
    }

    private let state = Mutex<State>(.pending)

    /// Gives `result` as the answer, unless one was given before.
    func answer(_ result: Result<Value, any Error>) {
        let waiting: CheckedContinuation<Value, any Error>? = state.withLock { state in
            switch state {
            case .pending:
                state = .answered(result)
                return nil
            case .waiting(let continuation):
                state = .delivered
                return continuation
            case .answered, .delivered:
                return nil
            }
        }
        waiting?.resume(with: result)
    }

    /// The first answer, once there is one (call once).
    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<Value, any Error>? = state.withLock { state in
                switch state {
                case .pending:
                    state = .waiting(continuation)
                    return nil
                case .answered(let result):
                    state = .delivered
                    return result
                case .waiting, .delivered:
                    preconditionFailure("FirstAnswer.value() is called once")
                }
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
