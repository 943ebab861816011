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

    public init(
        id: ID, ownerID: User.ID, name: String, age: Int? = nil, skill: Skill? = nil,
        position: Position? = nil, favouriteTeam: String? = nil
    ) {
        self.id = id
        self.ownerID = ownerID
        self.name = name
        self.age = age
        self.skill = skill
        self.position = position
        self.favouriteTeam = favouriteTeam
    }
}

public enum Skill: String, CaseIterable, Sendable {
    case beginner, amateur, professional
}

public enum Position: String, CaseIterable, Sendable {
    case goalkeeper, defender, midfielder, winger, striker
}
