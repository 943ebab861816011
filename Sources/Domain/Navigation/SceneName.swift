/// The name of a scene: one of several navigation states a user keeps side by side, as an iPad
/// app has windows. Each scene has its own tab, stacks, modal, drafts and journal; the signed-in
/// user and the data are the device's, shared by every scene.
///
/// A name is 1–32 ASCII letters, digits, `-` or `_`, starting with a letter or digit (so that it
/// never reads as a command-line option), compared exactly (`Work` and `work` are two scenes).
/// The default scene is `main`.
public struct SceneName: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: String

    /// The scene every front end opens unless told otherwise.
    public static let main = SceneName(checked: "main")

    /// The longest name, in characters.
    public static let maxLength = 32

    /// A name that follows the rule, or `ClubhouseError.invalidInput` saying what the rule is.
    public init(_ text: String) throws {
        guard Self.isValid(text) else {
            // Quoted in part and escaped by the front end.
            throw ClubhouseError.invalidInput(
                "'\(TypedText.excerpt(text))' is not a scene name: use 1–\(Self.maxLength) letters, digits, '-' or '_', starting with a letter or digit"
            )
        }
        rawValue = text
    }

    private init(checked: String) {
        rawValue = checked
    }

    /// Whether `text` follows the rule (a stored name may not: the file is untrusted).
    public static func isValid(_ text: String) -> Bool {
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }
        let bytes = text.utf8
        guard let first = bytes.first, isAlphanumeric(first), bytes.count <= maxLength else { return false }
        return bytes.allSatisfy { isAlphanumeric($0) || $0 == 0x2D || $0 == 0x5F }
    }

    public var description: String { rawValue }

    public static func < (lhs: SceneName, rhs: SceneName) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A scene of the signed-in user as stored: its name, the screen it shows and when it last changed.
public struct SceneSummary: Equatable, Sendable {
    public var name: SceneName
    /// The screen on show in that scene, as a path (as `clubhouse nav` spells it).
    public var screen: String
    /// When the scene's state was last saved, ISO-8601 UTC as stored.
    public var updatedAt: String

    public init(name: SceneName, screen: String, updatedAt: String) {
        self.name = name
        self.screen = screen
        self.updatedAt = updatedAt
    }
}
