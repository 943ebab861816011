/// The fields of the player forms (add, and edit one field) and how typed text becomes a
/// `PlayerDraft`. Drafts keep text exactly as typed; it is parsed here, when a field is checked
/// as it is typed and again when the form is submitted.
public enum PlayerField: String, CaseIterable, Sendable {
    case name, age, skill, position
    case favouriteTeam = "favourite-team"

    public var label: String {
        switch self {
        case .name: "Name"
        case .age: "Age"
        case .skill: "Skill"
        case .position: "Position"
        case .favouriteTeam: "Favourite team"
        }
    }

    public var isRequired: Bool { self == .name }

    /// The values a field takes when it takes only those, in the order offered; empty for text.
    public var choices: [String] {
        switch self {
        case .skill: Skill.allCases.map(\.rawValue)
        case .position: Position.allCases.map(\.rawValue)
        case .name, .age, .favouriteTeam: []
        }
    }

    /// A hint for a prompt: the accepted values.
    public var hint: String {
        switch self {
        case .name: "1–\(PlayerDraft.nameLength.upperBound) characters"
        case .age: "\(PlayerDraft.ageRange.lowerBound)–\(PlayerDraft.ageRange.upperBound), empty for none"
        case .skill: Skill.allCases.map(\.rawValue).joined(separator: ", ") + ", empty for none"
        case .position: Position.allCases.map(\.rawValue).joined(separator: ", ") + ", empty for none"
        case .favouriteTeam: "up to \(PlayerDraft.teamMaximumLength) characters, empty for none"
        }
    }
}

public enum PlayerForm {
    /// Words that clear an optional field, as an empty answer does.
    static let noneWords: Set<String> = ["", "none", "-"]

    /// Whether a trimmed answer is one of `noneWords` (lower-cased only when it could be one).
    static func isNone(_ trimmed: String) -> Bool {
        trimmed.utf8.count <= 4 && noneWords.contains(trimmed.lowercased())
    }

    /// Checks one typed field on its own, so a prompt can ask again at once.
    public static func check(_ field: PlayerField, _ text: String) throws(ClubhouseError) {
        var draft = PlayerDraft(name: field == .name ? text : "x")
        try set(field, text, in: &draft)
        _ = try draft.validated()
    }

    /// The draft a filled-in add form stands for; the name is required.
    public static func draft(from form: FormDraft) throws(ClubhouseError) -> PlayerDraft {
        guard let name = form[PlayerField.name.rawValue] else { throw .invalidInput("name is required") }
        var draft = PlayerDraft(name: name)
        for field in PlayerField.allCases where field != .name {
            if let text = form[field.rawValue] { try set(field, text, in: &draft) }
        }
        return draft
    }

    /// `player` with `field` set to the typed text: what an edit form submits.
    public static func draft(editing player: Player, _ field: PlayerField, to text: String) throws(ClubhouseError)
        -> PlayerDraft
    {
        var draft = PlayerDraft(
            name: player.name, age: player.age, skill: player.skill, position: player.position,
            favouriteTeam: player.favouriteTeam)
        try set(field, text, in: &draft)
        return draft
    }

    /// The value a player has in `field`, as a form shows it ("" for none).
    public static func text(of field: PlayerField, in player: Player) -> String {
        switch field {
        case .name: player.name
        case .age: player.age.map(String.init) ?? ""
        case .skill: player.skill?.rawValue ?? ""
        case .position: player.position?.rawValue ?? ""
        case .favouriteTeam: player.favouriteTeam ?? ""
        }
    }

    private static func set(_ field: PlayerField, _ text: String, in draft: inout PlayerDraft) throws(ClubhouseError) {
        let trimmed = text.trimmingWhitespace()
        // Every field, not only the free-text ones, so that the error names the field and the
        // reason whatever was typed into it.
        try TypedText.check(trimmed, field: field.label.lowercased())
        let isNone = Self.isNone(trimmed)
        switch field {
        case .name:
            draft.name = text
        case .age:
            if isNone {
                draft.age = nil
            } else if let age = Int(trimmed) {
                draft.age = age
            } else {
                throw .invalidInput("age must be a whole number")
            }
        case .skill:
            draft.skill = isNone ? nil : try parse(trimmed, as: Skill.self, field: "skill")
        case .position:
            draft.position = isNone ? nil : try parse(trimmed, as: Position.self, field: "position")
        case .favouriteTeam:
            draft.favouriteTeam = isNone ? nil : text
        }
    }

    private static func parse<Value: CaseIterable & RawRepresentable<String>>(
        _ text: String, as: Value.Type, field: String
    ) throws(ClubhouseError) -> Value {
        guard let value = Value(rawValue: text.lowercased()) else {
            throw .invalidInput(
                "\(field) must be one of: \(Value.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }
}
