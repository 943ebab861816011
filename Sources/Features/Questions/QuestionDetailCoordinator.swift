import ClubhouseDomain
import ClubhouseNavigation

/// The `questions/<id>` screen: a question, its answer and its books. Each of its books opens
/// over it through the shared `BookDetailCoordinator`; deleting the question closes it.
package final class QuestionDetailCoordinator: ShortListCoordinator {
    package var links: FlowLinks
    package private(set) var question: Question
    /// The selected book, by ISBN-13 digits.
    package var selected: String?

    package var screen: Screen { .question(question.id) }

    init(router: any Router, question: Question) {
        links = FlowLinks(router: router)
        self.question = question
    }

    /// Only the books this question recommended open from it.
    package func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        guard case .book(let text) = screen else {
            return .refused("\(screen.path) does not open from \(self.screen.path)")
        }
        guard let isbn = try? ISBN(lookingUp: text), question.books.contains(where: { $0.isbn == isbn }) else {
            return .refused("\(screen.path) is not one of the books of question \(question.id)")
        }
        return try BookDetailCoordinator.opening(text, owner: question.ownerID, router: router, useCases)
    }

    /// Deletes the question (its books stay) and closes its screen.
    package func delete(_ useCases: UseCases) throws -> Question {
        try useCases.deleteQuestion(question.id, owner: question.ownerID)
        finish()
        return question
    }

    package func invalidReason(_ useCases: UseCases) throws -> String? {
        switch try useCases.lookUpQuestion(question.id, owner: question.ownerID) {
        case .success(let fresh):
            question = fresh
            return nil
        case .failure(let error):
            return error.message
        }
    }

    /// The question's books as last read (the screen is checked against the data before a move).
    package func rowKeys(_ useCases: UseCases) throws -> [String] { question.books.map(\.isbn.digits) }

    package func isRowKey(_ key: String) -> Bool { ISBN(stored: key) != nil }

    package func content(_ useCases: UseCases) throws -> ScreenContent {
        if let reason = try invalidReason(useCases) { throw ClubhouseError.notOnScreen(reason) }
        return .questionDetail(question)
    }
}
