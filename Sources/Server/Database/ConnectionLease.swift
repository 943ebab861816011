import PostgresNIO
import Synchronization

/// The connection a bounded database operation holds, so that its deadline can close it: a
/// connection left to a query that outlived its request must not commit that request's writes
/// later, nor go back to the pool (see `Database.bounded`).
final class ConnectionLease: Sendable {
    private enum State {
        case none
        case holding(PostgresConnection)
        case released
        case abandoned
    }

    private let state = Mutex<State>(.none)

    /// The operation got `connection` from the pool (closed at once if its deadline has passed).
    func hold(_ connection: PostgresConnection) {
        let late: Bool = state.withLock { state in
            switch state {
            case .none:
                state = .holding(connection)
                return false
            case .abandoned: return true
            case .holding, .released: return false
            }
        }
        if late { connection.close().whenComplete { _ in } }
    }

    /// The operation is done with its connection, which goes back to the pool as it is: from
    /// here on the deadline closes nothing (the pool may lend the connection to another).
    func release() {
        state.withLock { state in
            if case .holding = state { state = .released }
        }
    }

    /// The deadline passed: the operation's connection, if it holds one, is closed, and so is
    /// one it gets later.
    func abandon() {
        let held: PostgresConnection? = state.withLock { state in
            switch state {
            case .holding(let connection):
                state = .abandoned
                return connection
            case .none:
                state = .abandoned
                return nil
            case .released, .abandoned:
                return nil
            }
        }
        held?.close().whenComplete { _ in }
    }
}
