import ClubhouseDomain
import Foundation
import PostgresNIO

/// Accounts, bearer tokens (by their SHA-256 only) and the per-username sign-in slowdown, in SQL.
package struct AccountStore: Sendable {
    let connection: PostgresConnection
    let logger: Logger

    package init(_ connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    package func exists(key: String) async throws -> Bool {
        let rows = try await connection.query("SELECT 1 FROM users WHERE username_key = \(key)", logger: logger)
        for try await _ in rows { return true }
        return false
    }

    /// Inserts the account; the unique key refuses a name taken since it was checked.
    package func insert(_ username: Username, passwordHash: String) async throws -> User {
        do {
            let rows = try await connection.query(
                """
                INSERT INTO users (username, username_key, password_hash)
                VALUES (\(username.display), \(username.key), \(passwordHash)) RETURNING id
                """, logger: logger)
            for try await id in rows.decode(Int64.self) { return User(id: id, username: username.display) }
            throw APIError.unexpected
        } catch  where DatabaseFailure.sqlState(error) == "23505" {
            throw ClubhouseError.usernameTaken(username.display)
        }
    }

    package func credentials(key: String) async throws -> (user: User, passwordHash: String)? {
        let rows = try await connection.query(
            "SELECT id, username, password_hash FROM users WHERE username_key = \(key)", logger: logger)
        for try await (id, username, hash) in rows.decode((Int64, String, String).self) {
            return (User(id: id, username: username), hash)
        }
        return nil
    }

    package func user(id: User.ID) async throws -> User? {
        let rows = try await connection.query("SELECT id, username FROM users WHERE id = \(id)", logger: logger)
        for try await (id, username) in rows.decode((Int64, String).self) { return User(id: id, username: username) }
        return nil
    }

    // MARK: Slowdown

    /// Counts an attempt at `key`'s password before it is checked, in one statement, so that
    /// guesses sent at once count one by one (checked first and counted after, thirty of them all
    /// passed the check). Past `allowed` attempts in a row each further one waits `first`, doubled
    /// for every attempt since, up to `longest`. Answers nil when this attempt may go ahead (it is
    /// counted: a right password clears the count), or how long until one may.
    package func countAttempt(key: String, allowed: Int, first: Duration, longest: Duration) async throws
        -> Duration?
    {
        let firstMilliseconds =
            Double(first.components.seconds) * 1000
            + Double(first.components.attoseconds) / 1e15
        let longestMilliseconds = Double(longest.components.seconds) * 1000
        // The row lock of ON CONFLICT makes concurrent attempts take turns; the WHERE sees the
        // row as the previous attempt left it, so an attempt counted while another waits is refused.
        let counted = try await connection.query(
            """
            INSERT INTO sign_in_failures AS f (username_key, failures, next_attempt_at)
            VALUES (\(key), 1, now())
            ON CONFLICT (username_key) DO UPDATE SET
                failures = least(f.failures + 1, 1000),
                next_attempt_at = CASE WHEN f.failures + 1 <= \(allowed) THEN now()
                    ELSE now() + make_interval(secs => least(
                        \(firstMilliseconds) * power(2, least(f.failures + 1 - \(allowed) - 1, 30)),
                        \(longestMilliseconds)) / 1000.0) END
            WHERE f.next_attempt_at <= now()
            RETURNING 1
            """, logger: logger)
        for try await _ in counted { return nil }
        let rows = try await connection.query(
            """
            SELECT EXTRACT(EPOCH FROM next_attempt_at - now())::float8 FROM sign_in_failures
            WHERE username_key = \(key)
            """, logger: logger)
        for try await seconds in rows.decode(Double.self) { return .milliseconds(max(Int64(seconds * 1000), 1000)) }
        return .seconds(1)
    }

    package func clearFailures(key: String) async throws {
        try await connection.query("DELETE FROM sign_in_failures WHERE username_key = \(key)", logger: logger)
    }

    // MARK: Tokens

    package func insertToken(hash: [UInt8], user: User.ID, lifetime: Duration) async throws -> Date {
        let seconds = Double(lifetime.components.seconds)
        let rows = try await connection.query(
            """
            INSERT INTO tokens (hash, user_id, expires_at)
            VALUES (\(ByteBuffer(bytes: hash)), \(user), now() + make_interval(secs => \(seconds)))
            RETURNING expires_at
            """, logger: logger)
        for try await expiry in rows.decode(Date.self) { return expiry }
        throw APIError.unexpected
    }

    /// The account a token signs in, if the token exists and has not expired.
    package func owner(ofToken hash: ByteBuffer) async throws -> User.ID? {
        for try await id in try await connection.execute(TokenOwnerStatement(hash: hash), logger: logger) { return id }
        return nil
    }

    /// Sign-out in one statement: deletes the token if it is live; the account it signed in, or
    /// nil when it signed nobody in (an expired token stays until its owner signs in again).
    package func deleteToken(_ hash: ByteBuffer) async throws -> User.ID? {
        let rows = try await connection.query(
            "DELETE FROM tokens WHERE hash = \(hash) AND expires_at > now() RETURNING user_id", logger: logger)
        for try await id in rows.decode(Int64.self) { return id }
        return nil
    }

    /// The account a live token signs in, in one statement.
    package func user(ofToken hash: ByteBuffer) async throws -> User? {
        let rows = try await connection.query(
            """
            SELECT u.id, u.username FROM tokens t JOIN users u ON u.id = t.user_id
            WHERE t.hash = \(hash) AND t.expires_at > now()
            """, logger: logger)
        for try await (id, username) in rows.decode((Int64, String).self) { return User(id: id, username: username) }
        return nil
    }

    /// Expired tokens of `user`, removed when they sign in again so the table does not grow.
    package func deleteExpiredTokens(of user: User.ID) async throws {
        try await connection.query(
            "DELETE FROM tokens WHERE user_id = \(user) AND expires_at <= now()", logger: logger)
    }
}
