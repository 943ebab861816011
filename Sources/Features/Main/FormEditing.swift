import ClubhouseDomain
import ClubhouseNavigation

/// What every form takes from a front end, whichever form it is: checked fields, text as it is
/// being typed, the cursor, an empty start. Submitting is the form's own (`submit`).
extension FormCoordinator {
    /// Types `fields`, each checked before it enters the draft.
    package func fill(_ fields: [(name: String, text: String)]) throws {
        for field in fields { try check(field.name, field.text) }
        accept(fields)
    }

    /// Saves `fields` as typed so far, unchecked, and puts the cursor in the last: only names
    /// the form has and texts up to the field's `maxLength` (a name's 100; otherwise
    /// `FormDraft.longestField`), so that no front end keeps more than the form could save.
    package func type(_ fields: [(name: String, text: String)]) throws {
        for field in fields {
            let longest = try requireField(field.name).maxLength ?? FormDraft.longestField
            // Counted as the field's rule counts (Unicode scalars): one visible character can
            // carry thousands of combining marks.
            guard TypedText.length(field.text) <= longest else {
                throw ClubhouseError.invalidInput("\(field.name) holds at most \(longest) characters")
            }
        }
        for field in fields { draft[field.name] = field.text }
        if let last = fields.last { focus = last.name }
    }

    /// Puts the cursor in `field`.
    package func focus(_ field: String) throws {
        try requireField(field)
        focus = field
    }

    /// Empties the draft and lets the front end place the cursor.
    package func discardDraft() {
        draft = FormDraft()
        focus = nil
    }

    @discardableResult private func requireField(_ name: String) throws -> FormField {
        guard let field = fields.first(where: { $0.name == name }) else {
            throw ClubhouseError.invalidInput("\(screen.path) has no field '\(TypedText.excerpt(name))'")
        }
        return field
    }
}
