/// A person who can sign in. Everything else they create is owned by their id.
public struct User: Equatable, Sendable {
    public typealias ID = Int64

    public var id: ID
    /// The name as the user typed it at registration (trimmed, Unicode-normalised).
    public var username: String
    /// Values of its row this version cannot show as stored (a file edited by hand).
    public var unshowableValues: [UnshowableValue]

    public init(id: ID, username: String, unshowableValues: [UnshowableValue] = []) {
        self.id = id
        self.username = username
        self.unshowableValues = unshowableValues
    }
}

extension User: ShowsStoredValues {}
