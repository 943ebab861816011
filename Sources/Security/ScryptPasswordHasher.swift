import ClubhouseDomain
import CryptoExtras
import Foundation

/// Password hashing with scrypt from swift-crypto (BoringSSL underneath).
///
/// Hashes are stored as `$scrypt$ln=17,r=8,p=1$<salt>$<key>` (base64), so the cost can be raised
/// later without breaking existing accounts: verification reads the parameters from the hash.
/// The default (N = 2^17, r = 8, p = 1, 128 MiB) is OWASP's minimum recommendation for scrypt.
package struct ScryptPasswordHasher: PasswordHasher {
    package struct Cost: Sendable, Equatable {
        /// log2 of scrypt's N (CPU/memory cost).
        package var logN: Int
        package var blockSize: Int
        package var parallelism: Int

        package init(logN: Int, blockSize: Int, parallelism: Int) {
            self.logN = logN
            self.blockSize = blockSize
            self.parallelism = parallelism
        }

        package static let recommended = Cost(logN: 17, blockSize: 8, parallelism: 1)
        /// Cheap enough for unit tests that register many users; never used by the app.
        package static let testing = Cost(logN: 10, blockSize: 8, parallelism: 1)

        /// What new passwords are hashed at when nobody says otherwise: `recommended`.
        package static let standard = standard(environment: ProcessInfo.processInfo.environment)

        /// The environment variable a debug build reads: `testing` there makes `standard` the
        /// `testing` cost. The test suite sets it for the CLIs and servers it starts, where
        /// BoringSSL, compiled without optimisation in a debug build, spends 4 s of CPU on each
        /// hash at the recommended cost (0.7 s optimised), hundreds of times a run. A release
        /// build never reads it.
        package static let debugVariable = "CLUBHOUSE_DEBUG_HASH_COST"

        /// `standard` as it is in this build with `environment`.
        package static func standard(environment: [String: String]) -> Cost {
            #if DEBUG
                if environment[debugVariable] == "testing" { return .testing }
            #endif
            return .recommended
        }

        /// Bounds for parameters read back from the database, so a tampered hash cannot make
        /// verification use gigabytes of memory or take minutes: each parameter alone, then what
        /// they cost together. scrypt needs 128·r·N bytes and time in proportion to p·r·N.
        static let accepted = (logN: 10...20, blockSize: 1...16, parallelism: 1...4)
        /// r·N of `recommended`: 128 MiB.
        static let maximumMemoryUnits = 1 << 20
        /// p·r·N: twice `recommended`'s time at most.
        static let maximumWorkUnits = 1 << 21

        var isWithinBounds: Bool {
            guard Self.accepted.logN.contains(logN), Self.accepted.blockSize.contains(blockSize),
                Self.accepted.parallelism.contains(parallelism)
            else { return false }
            let memory = blockSize << logN
            return memory <= Self.maximumMemoryUnits && memory * parallelism <= Self.maximumWorkUnits
        }
    }

    static let saltByteCount = 16
    static let keyByteCount = 32

    package let cost: Cost

    package init(cost: Cost = .standard) {
        self.cost = cost
    }

    package func hash(_ password: Password) throws -> String {
        let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
        let key = try Self.derive(Data(password.value.utf8), salt: salt, cost: cost)
        return Self.format(cost: cost, salt: salt, key: key)
    }

    package func verify(_ password: String, against storedHash: String) -> Bool {
        guard let stored = Self.parse(storedHash),
            let key = try? Self.derive(Data(password.utf8), salt: stored.salt, cost: stored.cost)
        else { return false }
        // SymmetricKey's == compares in constant time.
        return SymmetricKey(data: key) == SymmetricKey(data: stored.key)
    }

    package func isWellFormed(_ storedHash: String) -> Bool {
        Self.parse(storedHash) != nil
    }

    package var decoyHash: String {
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
            parts[3].utf8.count <= 88, parts[4].utf8.count <= 88,
            let salt = Data(base64Encoded: String(parts[3])), salt.count >= 8,
            let key = Data(base64Encoded: String(parts[4])), key.count == keyByteCount
        else { return nil }
        var values: [Substring: Int] = [:]
        for setting in parts[2].split(separator: ",") {
            let pair = setting.split(separator: "=")
            guard pair.count == 2, let value = Int(pair[1]) else { return nil }
            values[pair[0]] = value
        }
        guard let logN = values["ln"], let r = values["r"], let p = values["p"] else { return nil }
        let cost = Cost(logN: logN, blockSize: r, parallelism: p)
        guard cost.isWithinBounds else { return nil }
        return (cost, salt, key)
    }
}
