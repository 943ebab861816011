import CryptoExtras
import Domain
import Foundation

/// Password hashing with scrypt from swift-crypto (BoringSSL underneath).
///
/// Hashes are stored as `$scrypt$ln=17,r=8,p=1$<salt>$<key>` (base64), so the cost can be raised
/// later without breaking existing accounts: verification reads the parameters from the hash.
/// The default (N = 2^17, r = 8, p = 1, 128 MiB) is OWASP's minimum recommendation for scrypt.
public struct ScryptPasswordHasher: PasswordHasher {
    public struct Cost: Sendable, Equatable {
        /// log2 of scrypt's N (CPU/memory cost).
        public var logN: Int
        public var blockSize: Int
        public var parallelism: Int

        public static let recommended = Cost(logN: 17, blockSize: 8, parallelism: 1)
        /// Cheap enough for unit tests that register many users; never used by the app.
        public static let testing = Cost(logN: 10, blockSize: 8, parallelism: 1)

        /// Bounds for parameters read back from the database, so a tampered hash cannot make
        /// verification use gigabytes of memory.
        static let accepted = (logN: 1...20, blockSize: 1...16, parallelism: 1...4)
    }

    static let saltByteCount = 16
    static let keyByteCount = 32

    public let cost: Cost

    public init(cost: Cost = .recommended) {
        self.cost = cost
    }

    public func hash(_ password: Password) throws -> String {
        let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
        let key = try Self.derive(Data(password.value.utf8), salt: salt, cost: cost)
        return Self.format(cost: cost, salt: salt, key: key)
    }

    public func verify(_ password: String, against storedHash: String) -> Bool {
        guard let stored = Self.parse(storedHash),
            let key = try? Self.derive(Data(password.utf8), salt: stored.salt, cost: stored.cost)
        else { return false }
        // SymmetricKey's == compares in constant time.
        return SymmetricKey(data: key) == SymmetricKey(data: stored.key)
    }

    public var decoyHash: String {
        Self.format(cost: cost, salt: Data(count: Self.saltByteCount), key: Data(count: Self.keyByteCount))
    }

    // MARK: Format

    static func derive(_ password: Data, salt: Data, cost: Cost) throws -> Data {
        let key = try KDF.Scrypt.deriveKey(
            from: password, salt: salt, outputByteCount: keyByteCount, rounds: 1 << cost.logN,
            blockSize: cost.blockSize, parallelism: cost.parallelism)
        return key.withUnsafeBytes { Data($0) }
    }

    static func format(cost: Cost, salt: Data, key: Data) -> String {
        "$scrypt$ln=\(cost.logN),r=\(cost.blockSize),p=\(cost.parallelism)$\(salt.base64EncodedString())$\(key.base64EncodedString())"
    }

    static func parse(_ text: String) -> (cost: Cost, salt: Data, key: Data)? {
        let parts = text.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "scrypt",
            let salt = Data(base64Encoded: String(parts[3])), salt.count >= 8,
            let key = Data(base64Encoded: String(parts[4])), key.count == keyByteCount
        else { return nil }
        var values: [Substring: Int] = [:]
        for setting in parts[2].split(separator: ",") {
            let pair = setting.split(separator: "=")
            guard pair.count == 2, let value = Int(pair[1]) else { return nil }
            values[pair[0]] = value
        }
        guard let logN = values["ln"], let r = values["r"], let p = values["p"],
            Cost.accepted.logN.contains(logN), Cost.accepted.blockSize.contains(r),
            Cost.accepted.parallelism.contains(p)
        else { return nil }
        return (Cost(logN: logN, blockSize: r, parallelism: p), salt, key)
    }
}
