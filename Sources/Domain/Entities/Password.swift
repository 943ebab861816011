/// A new password that meets the rules; only its hash is ever stored. Signing in checks a typed
/// password against the hash without these rules, so that a rule added later locks nobody out.
public struct Password: Sendable {
    /// In Unicode scalars, as every limit (`TypedText`).
    public static let minimumLength = 8
    /// Long enough for any passphrase, short enough that hashing cannot be used to exhaust memory.
    public static let maximumLength = 1024
    /// The most UTF-8 bytes a password can take (four per scalar), whatever the rules: readers
    /// stop there instead of reading whatever they are given.
    public static let maximumBytes = maximumLength * 4

    public static let tooLong = ClubhouseError.invalidInput("password must be at most \(maximumLength) characters")

    public let value: String

    public init(_ value: String) throws(ClubhouseError) {
        let length = TypedText.length(value)
        guard length >= Self.minimumLength else {
            throw .invalidInput("password must be at least \(Self.minimumLength) characters")
        }
        guard length <= Self.maximumLength else { throw Self.tooLong }
        // A line break inside is a pasted file rather than a password, and no prompt could type it.
        if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .invalidInput("password must not contain control characters such as line breaks")
        }
        self.value = value
    }
}
