import ClubhouseDomain
import ClubhouseNavigation

/// One field of a form, for the view (and the CLI's prompts).
public struct FormField: Equatable, Sendable {
    public let name: String
    public let label: String
    public let hint: String
    public let isRequired: Bool
    /// The value the record has now, for edit forms.
    public let current: String?
    /// The values the field takes, when it takes only those (skill, position): offered to pick
    /// from; empty for free text.
    public let choices: [String]

    public init(
        name: String, label: String, hint: String, isRequired: Bool, current: String? = nil, choices: [String] = []
    ) {
        self.name = name
        self.label = label
        self.hint = hint
        self.isRequired = isRequired
        self.current = current
        self.choices = choices
    }
}

extension FormField {
    /// The one field of the ask-question form (`questions/new`).
    public static let questionText = "text"
}
