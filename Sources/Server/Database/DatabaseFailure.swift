import PostgresNIO

/// Tells a database that cannot be reached apart from a request the database refused, and says
/// why in a line that names no password.
package enum DatabaseFailure {
    /// Whether `error` means PostgreSQL is down, restarting or unreachable: worth a 503 and a
    /// retry, not a 500.
    package static func isUnavailable(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection, .poolClosed:
            return true
        case .server:
            // 57P01..57P03: administrator shutdown, crash shutdown, cannot connect now (starting up).
            // 08xxx: connection exceptions.
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("57P") || state.hasPrefix("08")
        default:
            return false
        }
    }

    /// The SQLSTATE of an error PostgreSQL answered with, if it is one.
    package static func sqlState(_ error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }

    /// One line for `error: ...`: PostgreSQL's own message, or the connection's failure.
    package static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return "\(underlying)" }
            return "\(error.code)"
        }
        return "\(error)"
    }
}
