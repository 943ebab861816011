/// A Football Gather player, owned by the user who added it: its id and owner, and its fields
/// (`PlayerFields`, declared by `PlayerField`), each read as the player's own (`player.name`).
@dynamicMemberLookup
public struct Player: Equatable, Sendable {
    public typealias ID = Int64

    public var id: ID
    public var ownerID: User.ID
    public var fields: PlayerFields
    /// Values of its row this version cannot show as stored (a file edited by hand).
    public var unshowableValues: [UnshowableValue]

    public init(id: ID, ownerID: User.ID, fields: PlayerFields, unshowableValues: [UnshowableValue] = []) {
        self.id = id
        self.ownerID = ownerID
        self.fields = fields
        self.unshowableValues = unshowableValues
    }

    @inlinable
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<PlayerFields, Value>) -> Value {
        get { fields[keyPath: keyPath] }
        set { fields[keyPath: keyPath] = newValue }
    }
}

extension Player: ShowsStoredValues {}

public enum Skill: String, CaseIterable, Sendable {
    case beginner, amateur, professional
}

public enum Position: String, CaseIterable, Sendable {
    case goalkeeper, defender, midfielder, winger, striker
}
