/// Answers a question from the user's own shelf, without any network: the owned books that fit
/// its words best (full-text relevance over title, author and description), at most three, with
/// an answer that names them and why. A book taken off the shelf is never recommended.
package struct AskQuestion {
    package static let recommendationCount = 3

    private let books: any BookRepository
    private let questions: any QuestionRepository
    private let clock: any WallClock

    package init(books: any BookRepository, questions: any QuestionRepository, clock: any WallClock) {
        self.books = books
        self.questions = questions
        self.clock = clock
    }

    package func callAsFunction(_ text: String, owner: User.ID) throws -> Question {
        let text = try Question.validatedText(text)
        let keywords = SearchWords.keywords(in: text)
        let ranked = keywords.isEmpty ? [] : try books.rank(keywords, owner: owner, limit: Self.recommendationCount)
        return try questions.insert(
            text: text, answer: Self.answer(ranked, keywords: keywords), books: ranked.map(\.isbn), owner: owner,
            at: clock.now())
    }

    /// Names each book and the words of the question it matched.
    package static func answer(_ books: [Book], keywords: [String]) -> String {
        guard !books.isEmpty else {
            return keywords.isEmpty
                ? "Nothing on your shelf fits: the question has no words to look for."
                : "Nothing on your shelf fits this question yet; add books about \(list(keywords.prefix(3).map { "“\($0)”" }))."
        }
        let parts = books.map { book -> String in
            // The book's words once, not once per keyword and field.
            let words = BookField.searched.flatMap { BookRelevance.words(of: book, $0) }
            let matched = keywords.filter { keyword in BookRelevance.matches(keyword, words) }
            let by = book.author.map { " by \($0)" } ?? ""
            return "“\(book.title)”\(by) (about \(list(matched.prefix(4).map { "“\($0)”" })))"
        }
        let lead = books.count == 1 ? "One book on your shelf fits" : "\(books.count) books on your shelf fit"
        return "\(lead): \(list(parts))."
    }

    private static func list(_ items: [String]) -> String { SpokenList.joined(items) }
}
