/// How typed text becomes a `BookDraft`, by each field's declared rule (`BookField`). Drafts keep
/// text exactly as typed; it is parsed here, when a field is checked and again on submit. An
/// imported file's columns are the same fields.
public enum BookForm {
    /// Checks one typed field on its own, so a prompt can ask again at once.
    public static func check(_ field: BookField, _ text: String) throws(ClubhouseError) {
        var draft = BookDraft(isbn: placeholderISBN, title: "x")
        try set(field, text, in: &draft)
        _ = try draft.validated()
    }

    /// The draft a filled-in form (or an imported row) stands for; ISBN and title are required.
    public static func draft(from form: FormDraft) throws(ClubhouseError) -> BookDraft {
        var draft = BookDraft(isbn: placeholderISBN, title: "")
        for field in BookField.allCases {
            guard let text = form[field.key] else {
                if field.isRequired { throw .invalidInput("\(field.shownName) is required") }
                continue
            }
            try set(field, text, in: &draft)
        }
        return try draft.validated()
    }

    private static func set(_ field: BookField, _ text: String, in draft: inout BookDraft) throws(ClubhouseError) {
        // No `TypedText.check` here: every caller validates the draft next, which checks the
        // free-text fields (an import runs this for every field of every row), and the ISBN,
        // price and date parsers accept nothing but digits and separators.
        draft[field] = try field.parse(text, checkingText: false)
    }

    /// Any valid ISBN, for checking the other fields on their own.
    private static let placeholderISBN = ISBN(unchecked: "9780306406157")
}
