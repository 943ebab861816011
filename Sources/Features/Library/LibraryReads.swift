import ClubhouseDomain

/// Reads of the BookKitty lists that do not move the user: a page other than the first. Each
/// runs in one read transaction, for whoever is signed in at that moment (another process may
/// have signed someone else in since this tree was built).
extension AppCoordinator {
    /// Page `number` of the signed-in user's shelf.
    package func readBooks(page number: Int, size: Int = ListBooks.pageSize) throws -> Page<Book> {
        try store.read { repositories in
            let useCases = UseCases(repositories)
            guard let user = try useCases.currentSession() else { throw ClubhouseError.notSignedIn }
            return try useCases.listBooks(owner: user.id, page: number, size: size)
        }
    }

    /// Page `number` of the signed-in user's questions.
    package func readQuestions(page number: Int, size: Int = ListQuestions.pageSize) throws -> Page<Question> {
        try store.read { repositories in
            let useCases = UseCases(repositories)
            guard let user = try useCases.currentSession() else { throw ClubhouseError.notSignedIn }
            return try useCases.listQuestions(owner: user.id, page: number, size: size)
        }
    }
}
