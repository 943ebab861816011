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

/// The account as JSON shows it, the CLI's `--json` and the server's answers alike:
/// `{"id", "username"}`.
extension User: Encodable {
    private enum CodingKeys: String, CodingKey { case id, username }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(username, forKey: .username)
    }
}

extension User: ShowsStoredValues {}
