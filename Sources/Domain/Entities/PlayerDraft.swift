/// What the add-player form holds before it is saved. `validated()` applies the rules that every
/// stored player obeys, so no layer below it has to trust its caller. Lengths are in Unicode
/// scalars (`TypedText`).
public struct PlayerDraft: Equatable, Sendable {
    public static let nameLength = 1...100
    public static let ageRange = 5...99
    public static let teamMaximumLength = 100

    public var name: String
    public var age: Int?
    public var skill: Skill?
    public var position: Position?
    public var favouriteTeam: String?

    public init(
        name: String, age: Int? = nil, skill: Skill? = nil, position: Position? = nil,
        favouriteTeam: String? = nil
    ) {
        self.name = name
        self.age = age
        self.skill = skill
        self.position = position
        self.favouriteTeam = favouriteTeam
    }

    /// The draft with its text trimmed, or the first rule it breaks.
    public func validated() throws(ClubhouseError) -> PlayerDraft {
        let name = try Self.cleanText(name, field: "name")
        guard Self.nameLength.contains(TypedText.length(name)) else {
            throw name.isEmpty
                ? .invalidInput("name must not be empty")
                : .invalidInput("name must be at most \(Self.nameLength.upperBound) characters")
        }
        if let age, !Self.ageRange.contains(age) {
            throw .invalidInput("age must be between \(Self.ageRange.lowerBound) and \(Self.ageRange.upperBound)")
        }
        // A blank favourite team means "none", as an empty form field would.
        var team: String? = nil
        if let favouriteTeam {
            let cleaned = try Self.cleanText(favouriteTeam, field: "favourite team")
            guard TypedText.length(cleaned) <= Self.teamMaximumLength else {
                throw .invalidInput("favourite team must be at most \(Self.teamMaximumLength) characters")
            }
            team = cleaned.isEmpty ? nil : cleaned
        }
        return PlayerDraft(name: name, age: age, skill: skill, position: position, favouriteTeam: team)
    }

    /// Trims surrounding white space and refuses what `TypedText.check` refuses.
    private static func cleanText(_ text: String, field: String) throws(ClubhouseError) -> String {
        let trimmed = text.trimmingWhitespace()
        try TypedText.check(trimmed, field: field)
        return trimmed
    }
}
