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
    /// The declared rule of the record field the form's field fills, when there is one (a
    /// team's list of player ids has none): what a face derives its input from.
    public let rule: FieldRule?

    public init(
        name: String, label: String, hint: String, isRequired: Bool, current: String? = nil, choices: [String] = [],
        rule: FieldRule? = nil
    ) {
        self.name = name
        self.label = label
        self.hint = hint
        self.isRequired = isRequired
        self.current = current
        self.choices = choices
        self.rule = rule
    }

    /// The most characters the field takes as it is typed, from its rule's length (a name's
    /// 100): typing past it is left out, as a browser's `maxlength` does. Nil where the rule
    /// bounds no length of text (a number, an ISBN typed with hyphens): the form checks those
    /// when it is saved, and a draft holds up to `FormDraft.longestField`.
    public var maxLength: Int? {
        switch rule {
        case .text(let length)?, .paragraph(let length)?: min(length.upperBound, FormDraft.longestField)
        default: nil
        }
    }
}

extension FormField {
    /// The one field of the ask-question form (`questions/new`).
    public static let questionText = "text"
}
