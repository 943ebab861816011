import ClubhouseDomain
import ClubhouseNavigation

/// The `books/new` flow, presented over any tab: the add-book form. Saving adds the book (or
/// updates the one with that ISBN and puts it back on the shelf); saving closes the flow on the
/// book saved, in the library tab; cancelling, where it was opened.
package final class AddBookCoordinator: FormCoordinator, ModalFlowCoordinator {
    package var links: FlowLinks
    package let screen = Screen.newBook
    package var draft = FormDraft()
    package var focus: String?
    private let owner: User.ID

    init(router: any Router, owner: User.ID) {
        links = FlowLinks(router: router)
        self.owner = owner
    }

    /// The flow's root is on its router from the start.
    package func start() {}

    package var fields: [FormField] {
        BookField.allCases.map {
            FormField(name: $0.rawValue, label: $0.label, hint: $0.hint, isRequired: $0.isRequired, rule: $0.rule)
        }
    }

    package func check(_ field: String, _ text: String) throws {
        guard let field = BookField(rawValue: field) else {
            throw ClubhouseError.invalidInput("the new-book form has no field '\(field)'")
        }
        try BookForm.check(field, text)
    }

    /// A draft is for one book: typing another ISBN starts the form afresh, so that the author
    /// typed for one book never lands on another (a scripted `book add` over an abandoned draft).
    package func accept(_ fields: [(name: String, text: String)]) {
        let isbn = { (text: String?) in text.flatMap { try? ISBN(lookingUp: $0) } }
        if let typed = fields.last(where: { $0.name == BookField.isbn.rawValue }),
            let old = draft[BookField.isbn.rawValue], isbn(typed.text) != isbn(old)
        {
            draft = FormDraft()
        }
        for field in fields { draft[field.name] = field.text }
    }

    /// A book the user already has opens over the form (to compare before saving over it).
    package func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        guard case .book(let isbn) = screen else {
            return .refused("\(screen.path) does not open from \(self.screen.path)")
        }
        return try BookDetailCoordinator.opening(isbn, owner: owner, router: router, useCases)
    }

    package func content(_ useCases: UseCases) throws -> ScreenContent {
        .form(FormViewModel(screen: screen, title: "New book", fields: fields, draft: draft))
    }

    /// Each field the draft fails for: an ISBN of 978 and no title are two things to mend,
    /// said at once.
    package func faults(in draft: FormDraft) -> [String] {
        BookField.allCases.compactMap { field in
            guard let text = draft[field.key] else { return field.isRequired ? "\(field.shownName) is required" : nil }
            do throws(ClubhouseError) {
                try BookForm.check(field, text)
                return nil
            } catch {
                return error.message
            }
        }
    }

    /// The draft as a book, or every field it fails for in one message.
    private func book(from draft: FormDraft) throws -> BookDraft {
        let faults = faults(in: draft)
        if faults.count > 1 { throw ClubhouseError.invalidInput(faults.joined(separator: "; ")) }
        return try BookForm.draft(from: draft)
    }

    /// Saves the draft; on a validation error the form stays open with its draft.
    package func submit(_ useCases: UseCases) throws -> FormResult {
        let saved = try useCases.addBook(try book(from: draft), owner: owner)
        finish()
        return .bookSaved(saved)
    }

    /// Saved, the book saved is what is on show (`library > books/<isbn>`); cancelled, the user is
    /// back where the flow was opened.
    package func landing(after result: FormResult?) -> Landing {
        if case .bookSaved(let save) = result { return .link(.screen(.book(isbn: save.book.isbn.digits))) }
        return .stay
    }
}
