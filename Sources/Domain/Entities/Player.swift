/// A Football Gather player, owned by the user who added it.
public struct Player: Equatable, Sendable {
    public typealias ID = Int64

    public var id: ID
    public var ownerID: User.ID
    public var name: String
    public var age: Int?
    public var skill: Skill?
    public var position: Position?
    public var favouriteTeam: String?
    /// Values of its row this version cannot show as stored (a file edited by hand).
    public var unshowableValues: [UnshowableValue]

    public init(
        id: ID, ownerID: User.ID, name: String, age: Int? = nil, skill: Skill? = nil,
        position: Position? = nil, favouriteTeam: String? = nil, unshowableValues: [UnshowableValue] = []
    ) {
        self.id = id
        self.ownerID = ownerID
        self.name = name
        self.age = age
        self.skill = skill
        self.position = position
        self.favouriteTeam = favouriteTeam
        self.unshowableValues = unshowableValues
    }
}

extension Player: ShowsStoredValues {}

public enum Skill: String, CaseIterable, Sendable {
    case beginner, amateur, professional
}

public enum Position: String, CaseIterable, Sendable {
    case goalkeeper, defender, midfielder, winger, striker
}
