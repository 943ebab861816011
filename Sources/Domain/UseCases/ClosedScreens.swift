/// For reopen: the screens the user closed, most recent first, not reopened since.
public struct ClosedScreens {
    private let journal: any JournalRepository

    public init(journal: any JournalRepository) {
        self.journal = journal
    }

    public func callAsFunction(for userID: User.ID) throws -> [JournalEntry] {
        try journal.closedScreens(for: userID, limit: 50)
    }

    /// Marks the entry whose screen was reopened, so the next reopen goes one further back.
    public func markReopened(_ entry: JournalEntry) throws {
        try journal.markReopened(entry.id)
    }
}
