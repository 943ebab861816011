import ClubhouseSyncWire
import Crypto
import Foundation
import Hummingbird

/// A bearer token: 32 random bytes, base64url (`SessionSecret`'s shape). The server keeps only
/// its SHA-256, so the tokens table signs nobody in if it leaks.
package struct BearerToken: Sendable {
    package let text: String

    package static func random() -> BearerToken {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let text = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return BearerToken(text: text)
    }

    package init(text: String) {
        self.text = text
    }

    /// The token of an `Authorization: Bearer ...` header, if it has one of the right shape.
    package init?(_ request: Request) {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer", SessionSecret.isWellFormed(parts[1]) else {
            return nil
        }
        text = String(parts[1])
    }

    package var hash: [UInt8] { Array(SHA256.hash(data: Data(text.utf8))) }
}

/// Requires a bearer token of the right shape (else 401 before any route runs) and hands it to
/// the route, whose own database work checks it on the connection it takes anyway (see
/// `SignIn`). A route that fails before its work reaches PostgreSQL (a malformed body, a bad id)
/// never checked the token: its token is checked then, so that an unknown, expired or revoked
/// token answers 401 whatever else was wrong, exactly as a check made first would have.
package struct BearerAuthenticator: RouterMiddleware {
    package typealias Context = ServerRequestContext
    let database: Database

    package init(database: Database) {
        self.database = database
    }

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let token = BearerToken(request) else { throw APIError.unauthorized }
        let signIn = SignIn(hash: token.hash)
        var context = context
        context.bearer = signIn
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            // A checked token, a 401 already, or a database that did not answer (the check would
            // wait for it again): the failure stands.
            guard signIn.owner == nil, (error as? APIError) != .unauthorized,
                (error as? APIError) != .databaseUnavailable, !DatabaseFailure.isUnavailable(error)
            else { throw error }
            let logger = context.logger
            // nil when PostgreSQL cannot tell now: the route's own failure stands (often a 503 too).
            let live = try? await database.read {
                try await AccountStore($0, logger: logger).owner(ofToken: signIn.hash) != nil
            }
            if live == false { throw APIError.unauthorized }
            throw error
        }
        // Every signed-in route checks the token with its work; one that did not is a bug, never
        // an answer to an unchecked token.
        guard signIn.owner != nil else {
            context.logger.error(
                "a signed-in route answered without checking its token", metadata: ["path": "\(request.uri.path)"])
            throw APIError.unexpected
        }
        return response
    }
}
