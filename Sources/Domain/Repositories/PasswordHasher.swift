/// Turns passwords into salted, slow hashes and checks them. Implemented outside Domain with a
/// real KDF; Domain only decides when to hash and what a mismatch means.
package protocol PasswordHasher: Sendable {
    func hash(_ password: Password) throws -> String
    /// Whether `password` matches `storedHash`. Must take about as long for a miss as for a hit,
    /// and never more than the bounded cost `isWellFormed` accepts.
    func verify(_ password: String, against storedHash: String) -> Bool
    /// Whether `storedHash` is in this hasher's format with a cost within fixed bounds, checked
    /// without any hashing: a tampered file must not make a sign-in take seconds or gigabytes.
    func isWellFormed(_ storedHash: String) -> Bool
    /// A valid hash of nothing anyone knows, verified against when the username is unknown so that
    /// an unknown user costs the same time as a wrong password.
    var decoyHash: String { get }
}
