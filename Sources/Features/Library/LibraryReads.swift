import Domain

/// Reads of the BookKitty lists that do not move the user: a page other than the first. Each runs in one read transaction after the command's navigation committed.
extension AppCoordinator {
    /// Page `number` of the signed-in user's shelf.
    package func readBooks(page number: Int, size: Int = ListBooks.pageSize) throws -> Page<Book> {
        let owner = try requireMain().user.id
        return try store.read { try UseCases($0).listBooks(owner: owner, page: number, size: size) }
    }

    /// Page `number` of the signed-in user's questions.
    package func readQuestions(page number: Int, size: Int = ListQuestions.pageSize) throws -> Page<Question> {
        let owner = try requireMain().user.id
        return try store.read { try UseCases($0).listQuestions(owner: owner, page: number, size: size) }
    }
}
