import Crypto
import Foundation
import Hummingbird

/// A bearer token: 32 random bytes, base64url. The server keeps only its SHA-256, so the tokens
/// table signs nobody in if it leaks.
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
        guard parts.count == 2, parts[0].lowercased() == "bearer", parts[1].utf8.count == 43,
            parts[1].utf8.allSatisfy({ $0.isBase64URL })
        else { return nil }
        text = String(parts[1])
    }

    package var hash: [UInt8] { Array(SHA256.hash(data: Data(text.utf8))) }
}

extension UInt8 {
    fileprivate var isBase64URL: Bool {
        (48...57).contains(self) || (65...90).contains(self) || (97...122).contains(self) || self == 45 || self == 95
    }
}

/// Signs a request in by its bearer token, or answers 401 before any route runs.
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
        let hash = token.hash
        let owner = try await database.read { connection in
            try await AccountStore(connection, logger: context.logger).owner(ofToken: hash)
        }
        guard let owner else { throw APIError.unauthorized }
        var context = context
        context.userID = owner
        return try await next(request, context)
    }
}
