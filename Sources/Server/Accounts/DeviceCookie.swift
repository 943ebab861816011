import ClubhouseSyncWire
import Foundation

/// A device cookie (OWASP's defence against lock-out by guessing): 32 random bytes, base64url,
/// answered by every successful sign-in and sent back by the client with its next ones. A sign-in
/// presenting a live cookie of the account counts its wrong passwords against that cookie, not
/// the username, so nobody who knows only the username can make its owner's devices wait. The
/// server keeps only its SHA-256, as for tokens.
package struct DeviceCookie: Sendable {
    package let text: String

    package static func random() -> DeviceCookie {
        DeviceCookie(text: BearerToken.random().text)
    }

    /// A cookie as a client sent it, if it has the shape this server gives them.
    package init?(presented text: String) {
        guard SessionSecret.isWellFormed(text) else { return nil }
        self.text = text
    }

    private init(text: String) {
        self.text = text
    }

    /// Kept as a token's is (`BearerToken.hash`).
    package var hash: [UInt8] { BearerToken(text: text).hash }
}
