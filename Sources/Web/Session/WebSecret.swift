import Crypto
import Foundation

/// The key that signs this server's cookies: 32 random bytes in a file beside the database
/// (0600, made once), so a restart of `clubhouse web` keeps every browser that signed in, and
/// deleting the file signs every browser out. A file that is not exactly a key is refused.
package struct WebSecret: Sendable {
    let key: SymmetricKey

    init(key: SymmetricKey) {
        self.key = key
    }

    package static func random() -> WebSecret { WebSecret(key: SymmetricKey(size: .bits256)) }

    /// The key of the database at `databasePath` (`<database>.web-key`), made if missing; a
    /// database in memory gets a key that lives as long as the process.
    static func beside(_ databasePath: String) throws -> WebSecret {
        guard databasePath.hasPrefix("/") else { return random() }
        let path = databasePath + ".web-key"
        if let data = FileManager.default.contents(atPath: path) {
            guard data.count == 32 else {
                throw WebStartError("\(path) is not a key of clubhouse web: delete it to make a new one")
            }
            return WebSecret(key: SymmetricKey(data: data))
        }
        let fresh = random()
        let bytes = fresh.key.withUnsafeBytes { Data($0) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            // Another `clubhouse web` made it in between: use that one.
            if errno == EEXIST { return try beside(databasePath) }
            throw WebStartError("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(descriptor) == 0 else {
            unlink(path)
            throw WebStartError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return fresh
    }

    /// `text` signed: HMAC-SHA256, base64url.
    func mac(_ text: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key)
        return Data(code).base64URL
    }

    /// Whether `mac` is `text`'s, compared in constant time.
    func verifies(_ mac: String, of text: String) -> Bool {
        guard let given = Data(base64URL: mac) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(given, authenticating: Data(text.utf8), using: key)
    }
}

/// Why `clubhouse web` cannot start, in a line.
public struct WebStartError: Error, CustomStringConvertible {
    public let message: String
    init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension Data {
    var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    init?(base64URL text: String) {
        guard text.utf8.count <= 128, text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var plain = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while plain.utf8.count % 4 != 0 { plain += "=" }
        self.init(base64Encoded: plain)
    }
}
