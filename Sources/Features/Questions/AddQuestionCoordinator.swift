import Domain
import Navigation

/// The `questions/new` flow, presented over any tab: one field, the question. Asking answers it
/// from the user's shelf and lands on `questions > questions/<id>`; cancelling goes back to
/// where the user was.
public final class AddQuestionCoordinator: FormCoordinator, ModalFlowCoordinator {
    public static let textField = "text"

    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?
    public let screen = Screen.newQuestion
    public let router: any Router
    public var depth = 0
    public var draft = FormDraft()
    private let owner: User.ID

    init(router: any Router, owner: User.ID) {
        self.router = router
        self.owner = owner
    }

    /// The flow's root is on its router from the start.
    public func start() {}

    public var fields: [FormField] {
        let length = Question.textLength
        return [
            FormField(
                name: Self.textField, label: "Question", hint: "\(length.lowerBound)–\(length.upperBound) characters",
                isRequired: true)
        ]
    }

    public func check(_ field: String, _ text: String) throws {
        guard field == Self.textField else {
            throw ClubhouseError.invalidInput("the new-question form has no field '\(field)'")
        }
        _ = try Question.validatedText(text)
    }

    public func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        .refused("\(screen.path) does not open from \(self.screen.path)")
    }

    public func content(_ useCases: UseCases) throws -> ScreenContent {
        .form(FormViewModel(screen: screen, title: "New question", fields: fields, draft: draft))
    }

    public func submit(_ useCases: UseCases) throws -> FormResult {
        guard let text = draft[Self.textField] else { throw ClubhouseError.invalidInput("the question is required") }
        let question = try useCases.askQuestion(text, owner: owner)
        finish()
        return .questionAsked(question)
    }

    public func landing(after result: FormResult?) -> Landing {
        if case .questionAsked(let question) = result { return .link(.screen(.question(question.id))) }
        return .stay
    }
}
