import ClubhouseDomain

/// The request fields of the player forms, named as the API names them (`PlayerField.wire`), and
/// their text as the CLI's forms read it: the same `PlayerForm` rules then apply to both, and a
/// refusal names the field as the request did.
enum PlayerInput {
    static let names = Set(PlayerField.allCases.map(\.wire))

    /// The field's value as form text; null (or absent) is the empty answer, which clears.
    static func text(_ body: JSONObject, _ field: PlayerField) throws -> String? {
        guard body.has(field.wire) else { return nil }
        let text = field.rule.isInteger ? try body.integer(field.wire).map(String.init) : try body.string(field.wire)
        return text ?? ""
    }

    /// One field on its own, so that a refusal names it.
    static func check(_ field: PlayerField, _ text: String) throws(APIError) {
        do { try PlayerForm.check(field, text) } catch { throw APIError(error, field: field.wire) }
    }

    /// `player` with one field changed, by the CLI's edit form.
    static func edited(_ player: Player, _ field: PlayerField, to text: String) throws(APIError) -> PlayerDraft {
        do { return try PlayerForm.draft(editing: player, field, to: text).validated() } catch {
            throw APIError(error, field: field.wire)
        }
    }

    /// A new player's draft: each field checked on its own first, so the error names it.
    static func draft(_ body: JSONObject) throws -> PlayerDraft {
        for field in PlayerField.allCases where field.isRequired {
            guard let value = body.fields[field.wire], value != .null else {
                throw APIError.invalidField(field.wire, "\(field.shownName) is required")
            }
        }
        var form = FormDraft()
        for field in PlayerField.allCases {
            guard let text = try text(body, field) else { continue }
            try check(field, text)
            form[field.key] = text
        }
        do { return try PlayerForm.draft(from: form).validated() } catch { throw APIError(error) }
    }

    /// An edit's one field and its text, checked on its own: an edit changes exactly one field,
    /// and a required one cannot be cleared.
    static func edit(_ body: JSONObject) throws -> (PlayerField, String) {
        guard body.fields.count == 1, let field = PlayerField.allCases.first(where: { body.has($0.wire) }) else {
            throw APIError(
                .badRequest, "invalid_field",
                "an edit changes exactly one field: one of \(PlayerField.allCases.map(\.wire).joined(separator: ", "))")
        }
        if field.isRequired, body.fields[field.wire] == .null {
            throw APIError.invalidField(field.wire, "\(field.shownName) is required")
        }
        let text = try text(body, field) ?? ""
        try check(field, text)
        return (field, text)
    }
}
