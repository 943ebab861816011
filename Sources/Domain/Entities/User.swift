/// A person who can sign in. Everything else they create is owned by their id.
public struct User: Equatable, Sendable {
    public typealias ID = Int64

    public var id: ID
    /// The name as the user typed it at registration (trimmed, Unicode-normalised).
    public var username: String

    public init(id: ID, username: String) {
        self.id = id
        self.username = username
    }
}
