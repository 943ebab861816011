/// Finds books on the shelf by the words of their title, author and description.
package struct SearchBooks {
    package static let limit = 50

    let books: any BookRepository

    package init(books: any BookRepository) {
        self.books = books
    }

    package func callAsFunction(_ text: String, owner: User.ID) throws -> [Book] {
        try books.search(try Self.words(text), owner: owner, limit: Self.limit)
    }

    /// The words of a search as typed, or why it cannot be searched for.
    package static func words(_ text: String) throws -> [String] {
        try TypedText.check(text, field: "the search")
        guard TypedText.length(text) <= 200 else {
            throw ClubhouseError.invalidInput("the search must be at most 200 characters")
        }
        let words = SearchWords.words(in: text, limit: SearchWords.maximumCount + 1)
        guard !words.isEmpty else {
            throw ClubhouseError.invalidInput("the search needs at least one word of letters or digits")
        }
        // Every word must match: dropping some would find books that do not hold them.
        guard words.count <= SearchWords.maximumCount else {
            throw ClubhouseError.invalidInput("the search can hold at most \(SearchWords.maximumCount) different words")
        }
        return words
    }
}
