import Foundation

/// A validated username. Two spellings that differ only in case (or in Unicode composition) are the
/// same account, so uniqueness is checked on `key`, never on the display spelling.
public struct Username: Equatable, Sendable {
    public static let maximumLength = 32

    /// The spelling shown back to the user.
    public let display: String
    /// The case-folded, composed form used for uniqueness and look-up.
    public let key: String

    public init(_ raw: String) throws(ClubhouseError) {
        let display = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !display.isEmpty else { throw .invalidInput("username must not be empty") }
        guard display.count <= Self.maximumLength else {
            throw .invalidInput("username must be at most \(Self.maximumLength) characters")
        }
        let allowed = display.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)
        }
        guard allowed else {
            throw .invalidInput("username may contain only letters, digits, '.', '_' and '-'")
        }
        self.display = display
        self.key = display.lowercased()
    }
}
