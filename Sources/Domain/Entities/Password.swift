/// A password that meets the rules; only its hash is ever stored.
public struct Password: Sendable {
    public static let minimumLength = 8
    /// Long enough for any passphrase, short enough that hashing cannot be used to exhaust memory.
    public static let maximumLength = 1024

    public let value: String

    public init(_ value: String) throws(ClubhouseError) {
        guard value.count >= Self.minimumLength else {
            throw .invalidInput("password must be at least \(Self.minimumLength) characters")
        }
        guard value.count <= Self.maximumLength else {
            throw .invalidInput("password must be at most \(Self.maximumLength) characters")
        }
        self.value = value
    }
}
