import ClubhouseDomain
import ClubhouseNavigation

/// The `questions/new` flow, presented over any tab: one field, the question. Asking answers it
/// from the user's shelf and lands on `questions > questions/<id>`; cancelling returns where
/// the flow was opened.
package final class AddQuestionCoordinator: FormCoordinator, ModalFlowCoordinator {
    package var links: FlowLinks
    package let screen = Screen.newQuestion
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
        let length = Question.textLength
        return [
            FormField(
                name: FormField.questionText, label: "Question",
                hint: "\(length.lowerBound)–\(length.upperBound) characters",
                isRequired: true, rule: QuestionField.text.rule)
        ]
    }

    package func check(_ field: String, _ text: String) throws {
        guard field == FormField.questionText else {
            throw ClubhouseError.invalidInput("the new-question form has no field '\(field)'")
        }
        _ = try Question.validatedText(text)
    }

    package func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        .refused("\(screen.path) does not open from \(self.screen.path)")
    }

    package func content(_ useCases: UseCases) throws -> ScreenContent {
        .form(FormViewModel(screen: screen, title: "New question", fields: fields, draft: draft))
    }

    package func submit(_ useCases: UseCases) throws -> FormResult {
        guard let text = draft[FormField.questionText] else {
            throw ClubhouseError.invalidInput("the question is required")
        }
        let question = try useCases.askQuestion(text, owner: owner)
        finish()
        return .questionAsked(question)
    }

    package func landing(after result: FormResult?) -> Landing {
        // As the BookKitty seed's coordinator does: the flow ends on the question asked; a cancel
        // dismisses it, back where it was opened.
        if case .questionAsked(let question) = result { return .link(.screen(.question(question.id))) }
        return .stay
    }
}
