/// The user's questions a page at a time, newest first.
public struct ListQuestions {
    /// As many as the app shows on one page.
    public static let pageSize = 10

    private let questions: any QuestionRepository

    public init(questions: any QuestionRepository) {
        self.questions = questions
    }

    public func callAsFunction(owner: User.ID, page: Int = 1, size: Int = pageSize) throws -> Page<Question> {
        try Page.read(page, size: size, total: try questions.count(owner: owner)) { offset, limit in
            try questions.page(owner: owner, offset: offset, limit: limit)
        }
    }
}

/// One of the user's questions with its answer and books.
public struct FindQuestion {
    private let questions: any QuestionRepository

    public init(questions: any QuestionRepository) {
        self.questions = questions
    }

    public func callAsFunction(_ id: Question.ID, owner: User.ID) throws -> Question {
        guard let question = try questions.find(id, owner: owner) else { throw ClubhouseError.questionNotFound(id) }
        return question
    }
}

/// Deletes a question; the books it recommended stay (app).
public struct DeleteQuestion {
    private let questions: any QuestionRepository

    public init(questions: any QuestionRepository) {
        self.questions = questions
    }

    public func callAsFunction(_ id: Question.ID, owner: User.ID) throws {
        guard try questions.delete(id, owner: owner) else { throw ClubhouseError.questionNotFound(id) }
    }
}
