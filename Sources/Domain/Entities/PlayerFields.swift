/// A player's fields, declared once. `PlayerField` is the declaration — each field's name in every
/// place that names it (form and CLI option, wire and JSON, column), its label and its rule — and
/// `PlayerFields` the typed value; every other layer (the stores' SQL and row decoding, the sync
/// vocabulary, the server's table and JSON, the forms, the CLI's JSON) loops over
/// `PlayerField.allCases` and reads or writes a field through `subscript(field)`. A new field is a
/// case here, a property, and a migration on each side.
public enum PlayerField: String, RecordField {
    case name, age, skill, position
    case favouriteTeam = "favourite-team"
    case shirtNumber = "shirt-number"

    /// The field's key in forms, screen paths (`players/3/edit/favourite-team`) and CLI options.
    public var key: String { rawValue }

    /// The field's name on the sync wire, in REST bodies and in `--json`.
    public var wire: String {
        switch self {
        case .name: "name"
        case .age: "age"
        case .skill: "skill"
        case .position: "position"
        case .favouriteTeam: "favouriteTeam"
        case .shirtNumber: "shirtNumber"
        }
    }

    /// The column, in SQLite's `players` and `gather_players` and in PostgreSQL's.
    public var column: String {
        switch self {
        case .name, .age, .skill, .position: wire
        case .favouriteTeam: "favourite_team"
        case .shirtNumber: "shirt_number"
        }
    }

    /// What a person calls the field.
    public var label: String {
        switch self {
        case .name: "Name"
        case .age: "Age"
        case .skill: "Skill"
        case .position: "Position"
        case .favouriteTeam: "Favourite team"
        case .shirtNumber: "Shirt number"
        }
    }

    /// The label of a narrow column of a list (`No.` for the shirt number, as a squad sheet heads it).
    public var shortLabel: String {
        switch self {
        case .favouriteTeam: "Team"
        case .shirtNumber: "No."
        default: label
        }
    }

    /// Free text a person types (a team's name), which a list shows last, in what room is left.
    public var isFreeText: Bool {
        if case .text = rule { !isRequired } else { false }
    }

    public var rule: FieldRule {
        switch self {
        case .name: .text(length: 1...100)
        case .age: .integer(5...99)
        case .skill: Self.skills
        case .position: Self.positions
        case .favouriteTeam: .text(length: 1...100)
        // At most one player of an account wears a number (`PlayerFields.shirtNumberHolder`).
        case .shirtNumber: .integer(1...99)
        }
    }

    public var isRequired: Bool { self == .name }

    /// Whether the field syncs between devices (every player field does).
    public var syncs: Bool { true }

    /// The version of the sync wire that first carried the field: a device of an older wire
    /// (which sends no wire version) neither sends it nor is sent it, and keeps syncing.
    public var wireVersion: Int { self == .shirtNumber ? 2 : 1 }

    private static let skills = FieldRule.choice(Skill.allCases.map(\.rawValue))
    private static let positions = FieldRule.choice(Position.allCases.map(\.rawValue))
}

/// A player's fields: what the add-player form holds before it is saved (`PlayerDraft`), what a
/// `Player` and a gather's seat carry. `validated()` applies the rules that every stored player
/// obeys, so no layer below it has to trust its caller. Lengths are in Unicode scalars (`TypedText`).
public struct PlayerFields: RecordValues, Equatable {
    public var name: String
    public var age: Int?
    public var skill: Skill?
    public var position: Position?
    public var favouriteTeam: String?
    public var shirtNumber: Int?

    public init(
        name: String, age: Int? = nil, skill: Skill? = nil, position: Position? = nil,
        favouriteTeam: String? = nil, shirtNumber: Int? = nil
    ) {
        self.name = name
        self.age = age
        self.skill = skill
        self.position = position
        self.favouriteTeam = favouriteTeam
        self.shirtNumber = shirtNumber
    }

    /// A field's value as the stores and the wire carry it (a choice by its raw value). Setting
    /// a value of another type, or a choice this version does not know, sets none.
    // Inlinable: the lists that read a million players loop over the fields through it.
    @inlinable
    public subscript(field: PlayerField) -> FieldValue {
        get {
            switch field {
            case .name: .text(name)
            case .age: FieldValue(age)
            case .skill: FieldValue(skill?.rawValue)
            case .position: FieldValue(position?.rawValue)
            case .favouriteTeam: FieldValue(favouriteTeam)
            case .shirtNumber: FieldValue(shirtNumber)
            }
        }
        set {
            switch field {
            case .name: name = newValue.text ?? ""
            case .age: age = newValue.integer.flatMap { Int(exactly: $0) }
            case .skill: skill = newValue.text.flatMap(Skill.init(rawValue:))
            case .position: position = newValue.text.flatMap(Position.init(rawValue:))
            case .favouriteTeam: favouriteTeam = newValue.text
            case .shirtNumber: shirtNumber = newValue.integer.flatMap { Int(exactly: $0) }
            }
        }
    }

    /// Sets a choice field to its choice at `index` (of `PlayerField.choices`), or none; without
    /// the lookup by raw value that setting its text takes (the player list's fast path).
    public mutating func choose(_ field: PlayerField, _ index: Int?) {
        switch field {
        case .skill: skill = index.map { Self.skills[$0] }
        case .position: position = index.map { Self.positions[$0] }
        default: break
        }
    }

    private static let skills = Skill.allCases
    private static let positions = Position.allCases

    /// The fields with their text trimmed, or the first rule one breaks (in the declaration's order).
    public func validated() throws(ClubhouseError) -> PlayerFields {
        var valid = self
        for field in PlayerField.allCases {
            valid[field] = try field.rule.validated(self[field], field: field.shownName, required: field.isRequired)
        }
        return valid
    }

    /// Fields from values as stored or sent, each checked by its rule: a choice this version does
    /// not know is refused rather than dropped.
    public init(checking values: (PlayerField) -> FieldValue) throws(ClubhouseError) {
        self.init(name: "")
        for field in PlayerField.allCases {
            let value = try field.rule.validated(values(field), field: field.shownName, required: field.isRequired)
            self[field] = value
        }
    }
}

/// What the add-player form holds before it is saved.
public typealias PlayerDraft = PlayerFields

extension Player {
    public init(
        id: ID, ownerID: User.ID, name: String, age: Int? = nil, skill: Skill? = nil,
        position: Position? = nil, favouriteTeam: String? = nil, shirtNumber: Int? = nil,
        unshowableValues: [UnshowableValue] = []
    ) {
        self.init(
            id: id, ownerID: ownerID,
            fields: PlayerFields(
                name: name, age: age, skill: skill, position: position, favouriteTeam: favouriteTeam,
                shirtNumber: shirtNumber),
            unshowableValues: unshowableValues)
    }
}
