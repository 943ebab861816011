import ClubhouseDomain
import Foundation
import PostgresNIO

/// Accounts and bearer tokens (by their SHA-256 only), in SQL; the sign-in slowdown is `SignInAttempts`.
package struct AccountStore: Sendable {
    let connection: PostgresConnection
    let logger: Logger

    package init(_ connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    /// Inserts the account; the unique key refuses a name taken, and the unique skeleton one that
    /// looks like a name taken (checked no sooner, see `register`).
    package func insert(_ username: Username, passwordHash: String) async throws -> User {
        do {
            let rows = try await connection.query(
                """
                INSERT INTO users (username, username_key, username_skeleton, password_hash)
                VALUES (\(username.display), \(username.key), \(username.skeleton), \(passwordHash)) RETURNING id
                """, logger: logger)
            for try await id in rows.decode(Int64.self) { return User(id: id, username: username.display) }
            throw APIError.unexpected
        } catch  where DatabaseFailure.sqlState(error) == "23505" {
            if (error as? PSQLError)?.serverInfo?[.constraintName] == "users_username_skeleton" {
                throw ClubhouseError.usernameLookalike(username.display)
            }
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
