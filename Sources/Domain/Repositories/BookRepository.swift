/// The signed-in user's books. Another user's book is as absent as a missing one.
package protocol BookRepository {
    /// Adds the validated book, or updates the owner's book with the same ISBN with every field
    /// of the draft, puts it back on the shelf and makes it the most recently updated.
    func save(_ draft: BookDraft, owner: User.ID, at now: Milliseconds) throws -> BookSave
    /// Saves many validated books as `save` would, one after the other in the order given (a
    /// later draft with the ISBN of an earlier one updates it), in far fewer statements: what an
    /// import calls. Returns how many were added and how many updated.
    func saveAll(_ drafts: [BookDraft], owner: User.ID, at now: Milliseconds) throws -> (added: Int, updated: Int)
    /// The owner's book, on the shelf or not.
    func find(_ isbn: ISBN, owner: User.ID) throws -> Book?
    /// Books on the shelf, most recently updated first (the last saved first on a tie).
    func shelf(owner: User.ID, offset: Int, limit: Int) throws -> [Book]
    /// How many books are on the shelf.
    func shelfCount(owner: User.ID) throws -> Int
    /// Up to `limit` books on the shelf after the owner's book `isbn` in shelf order (from the
    /// first when nil or when the owner has no such book); the book itself need not be on the shelf.
    func shelf(owner: User.ID, after isbn: ISBN?, limit: Int) throws -> [Book]
    /// Up to `limit` books on the shelf before the book `isbn` in shelf order, nearest first
    /// (from the last when nil or when the owner has no such book).
    func shelf(owner: User.ID, before isbn: ISBN?, limit: Int) throws -> [Book]
    /// Takes the book off the shelf (never deletes it). False when the owner has no such book on the shelf.
    func remove(_ isbn: ISBN, owner: User.ID, at now: Milliseconds) throws -> Bool
    /// Books on the shelf whose title, author or description hold every one of `words` (as a
    /// word or the start of one), best match first. Words are `SearchWords`: lower case, letters
    /// and digits only.
    func search(_ words: [String], owner: User.ID, limit: Int) throws -> [Book]
    /// Books on the shelf that match any of `words` (as a word or the start of one) in title,
    /// author or description, ranked by relevance (bm25), best first.
    func rank(_ words: [String], owner: User.ID, limit: Int) throws -> [Book]
    /// The books most recently recommended by the owner's questions, newest first, each once.
    func recentlyRecommended(owner: User.ID, limit: Int) throws -> [Book]
}

/// The signed-in user's questions and their recommended books.
package protocol QuestionRepository {
    /// Stores a question with its answer and books (in order) and returns it.
    func insert(text: String, answer: String, books: [ISBN], owner: User.ID, at now: Milliseconds) throws -> Question
    func find(_ id: Question.ID, owner: User.ID) throws -> Question?
    /// Newest first.
    func page(owner: User.ID, offset: Int, limit: Int) throws -> [Question]
    /// Up to `limit` questions asked before `id` (from the newest when nil), newest first: the
    /// rows after it in the list.
    func page(owner: User.ID, olderThan id: Question.ID?, limit: Int) throws -> [Question]
    /// Up to `limit` questions asked after `id` (from the oldest when nil), oldest first: the rows
    /// before it in the list, nearest first.
    func page(owner: User.ID, newerThan id: Question.ID?, limit: Int) throws -> [Question]
    func count(owner: User.ID) throws -> Int
    /// Deletes the question; its books stay. False when there was none.
    func delete(_ id: Question.ID, owner: User.ID) throws -> Bool
}
