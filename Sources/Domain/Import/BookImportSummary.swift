/// What an import of books did: rows added, rows that updated a book, rows refused.
public struct BookImportSummary: Equatable, Sendable {
    public var added: Int
    public var updated: Int
    /// The rows refused, by line.
    public var rejected: BookImportRejections

    public init(added: Int = 0, updated: Int = 0, rejected: BookImportRejections = []) {
        self.added = added
        self.updated = updated
        self.rejected = rejected
    }

    /// Rows saved (a duplicated ISBN counts once per row).
    public var imported: Int { added + updated }
}
