import ClubhouseDomain
import ClubhouseNavigation

/// The questions tab's root: the questions asked, newest first. Leads to a question's answer.
package final class QuestionListCoordinator: ListCoordinator {
    package var links: FlowLinks
    package let screen = Screen.questions
    private let owner: User.ID
    package var selected: String?

    init(owner: User.ID) {
        self.owner = owner
        links = FlowLinks(router: StackRouter(root: .questions))
    }

    /// The root is on the router from the start.
    package func start() {}

    package func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        guard case .question(let id) = screen else {
            return .refused("\(screen.path) does not open from \(self.screen.path)")
        }
        switch try useCases.lookUpQuestion(id, owner: owner) {
        case .success(let question): return .open(QuestionDetailCoordinator(router: router, question: question))
        case .failure(let error): return .refused(error.message)
        }
    }

    /// The first page; other pages are read with `AppCoordinator.readQuestions`.
    package func content(_ useCases: UseCases) throws -> ScreenContent {
        .questionList(try useCases.listQuestions(owner: owner))
    }

    package func rows(_ useCases: UseCases) throws -> ListRows {
        .questions(useCases.listQuestions.list(owner: owner))
    }
}
