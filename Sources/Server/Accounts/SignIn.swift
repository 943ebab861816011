import ClubhouseDomain
import NIOCore
import PostgresNIO
import Synchronization

/// A signed-in request's bearer token (its SHA-256), until PostgreSQL has said whom it signs in.
/// The token is checked on the connection that does the request's work, inside the work's own
/// statement wherever one statement does it, never on a connection of its own: a request takes one
/// connection from the pool, once. Whoever checks it records the owner here, so that
/// `BearerAuthenticator` knows whether a failed request's token was ever looked at.
package final class SignIn: Sendable {
    /// The token's SHA-256, as the tokens table keys it.
    package let hash: ByteBuffer
    private let checkedOwner = Mutex<User.ID?>(nil)

    package init(hash: [UInt8]) {
        self.hash = ByteBuffer(bytes: hash)
    }

    /// The account the token signs in, once a statement has found its live row.
    package var owner: User.ID? { checkedOwner.withLock { $0 } }

    /// Records what a statement that joined the tokens table found: the owner, or no live token.
    @discardableResult
    package func found(_ owner: User.ID?) throws(APIError) -> User.ID {
        guard let owner else { throw APIError.unauthorized }
        checkedOwner.withLock { $0 = owner }
        return owner
    }

    /// The check with the account's sync lock, the first statement of a write's transaction
    /// (`Database.write`): one round trip instead of two.
    package func checkLocking(on connection: PostgresConnection, logger: Logger) async throws -> User.ID {
        let rows = try await connection.execute(TokenLockStatement(hash: hash), logger: logger)
        for try await owner in rows { return try found(owner) }
        return try found(nil)
    }

    /// The check on its own, for work of more than one statement: one round trip on `connection`.
    package func check(on connection: PostgresConnection, logger: Logger) async throws -> User.ID {
        try found(try await AccountStore(connection, logger: logger).owner(ofToken: hash))
    }
}
