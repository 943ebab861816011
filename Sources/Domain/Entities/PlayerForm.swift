/// How typed text becomes `PlayerFields`, by each field's declared rule. Drafts keep text exactly
/// as typed; it is parsed here, when a field is checked as it is typed and again when the form is
/// submitted.
public enum PlayerForm {
    /// Whether a trimmed answer clears an optional field, as an empty answer does.
    static func isNone(_ trimmed: String) -> Bool { FieldRule.isNone(trimmed) }

    /// Checks one typed field on its own, so a prompt can ask again at once.
    public static func check(_ field: PlayerField, _ text: String) throws(ClubhouseError) {
        var draft = PlayerDraft(name: field == .name ? text : "x")
        try set(field, text, in: &draft)
        _ = try draft.validated()
    }

    /// The draft a filled-in add form stands for; the name is required.
    public static func draft(from form: FormDraft) throws(ClubhouseError) -> PlayerDraft {
        var draft = PlayerDraft(name: "")
        for field in PlayerField.allCases {
            guard let text = form[field.key] else {
                if field.isRequired { throw .invalidInput("\(field.shownName) is required") }
                continue
            }
            try set(field, text, in: &draft)
        }
        return draft
    }

    /// `player` with `field` set to the typed text: what an edit form submits.
    public static func draft(editing player: Player, _ field: PlayerField, to text: String) throws(ClubhouseError)
        -> PlayerDraft
    {
        var draft = player.fields
        try set(field, text, in: &draft)
        return draft
    }

    /// The value a player has in `field`, as a form shows it ("" for none).
    public static func text(of field: PlayerField, in player: Player) -> String {
        player.fields[field].formText
    }

    private static func set(_ field: PlayerField, _ text: String, in draft: inout PlayerDraft) throws(ClubhouseError) {
        draft[field] = try field.rule.parse(text, field: field.shownName, required: field.isRequired)
    }
}
