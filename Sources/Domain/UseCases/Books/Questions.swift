/// The user's questions a page at a time, newest first.
package struct ListQuestions {
    /// As many as the app shows on one page.
    package static let pageSize = Page<Question>.defaultSize

    let questions: any QuestionRepository

    package init(questions: any QuestionRepository) {
        self.questions = questions
    }

    package func callAsFunction(owner: User.ID, page: Int = 1, size: Int = pageSize) throws -> Page<Question> {
        try Page.read(page, size: size, total: try questions.count(owner: owner)) { offset, limit in
            try questions.page(owner: owner, offset: offset, limit: limit)
        }
    }
}

/// One of the user's questions with its answer and books.
package struct FindQuestion {
    private let questions: any QuestionRepository

    package init(questions: any QuestionRepository) {
        self.questions = questions
    }

    package func callAsFunction(_ id: Question.ID, owner: User.ID) throws -> Question {
        guard let question = try questions.find(id, owner: owner) else { throw ClubhouseError.questionNotFound(id) }
        return question
    }
}

/// Deletes a question; the books it recommended stay (app).
package struct DeleteQuestion {
    private let questions: any QuestionRepository

    package init(questions: any QuestionRepository) {
        self.questions = questions
    }

    package func callAsFunction(_ id: Question.ID, owner: User.ID) throws {
        guard try questions.delete(id, owner: owner) else { throw ClubhouseError.questionNotFound(id) }
    }
}
