/// A player's synced fields, typed. Text as the Domain stores it (`skill`, `position` by their
/// raw values); the Domain's rules are each side's to check.
public struct SyncPlayerFields: Sendable, Equatable, Hashable {
    public static let names = ["name", "age", "skill", "position", "favouriteTeam"]

    public var name: String
    public var age: Int?
    public var skill: String?
    public var position: String?
    public var favouriteTeam: String?

    public init(
        name: String, age: Int? = nil, skill: String? = nil, position: String? = nil, favouriteTeam: String? = nil
    ) {
        self.name = name
        self.age = age
        self.skill = skill
        self.position = position
        self.favouriteTeam = favouriteTeam
    }

    /// A create's fields (`base` nil: every field must be present), or `base` with a put's
    /// present fields written over it.
    public init(_ fields: SyncFields, over base: SyncPlayerFields? = nil) throws(SyncFieldError) {
        let reader = try SyncFieldReader(fields, names: Self.names)
        name = try reader.read("name", base?.name, expected: "a string", SyncFieldReader.string)
        age = try reader.read("age", base.map(\.age), expected: "an integer or null", SyncFieldReader.optionalInt)
        skill = try reader.read(
            "skill", base.map(\.skill), expected: "a string or null", SyncFieldReader.optionalString)
        position = try reader.read(
            "position", base.map(\.position), expected: "a string or null", SyncFieldReader.optionalString)
        favouriteTeam = try reader.read(
            "favouriteTeam", base.map(\.favouriteTeam), expected: "a string or null", SyncFieldReader.optionalString)
    }

    /// Every field, as a create sends it.
    public var fields: SyncFields {
        [
            "name": .string(name), "age": SyncValue(age), "skill": SyncValue(skill),
            "position": SyncValue(position), "favouriteTeam": SyncValue(favouriteTeam),
        ]
    }

    /// The names of the fields whose values differ from `other`'s.
    public func changedFields(from other: SyncPlayerFields) -> [String] {
        let mine = fields
        let theirs = other.fields
        return Self.names.filter { mine[$0] != theirs[$0] }
    }
}
