/// The user's navigation changes, newest first.
package struct NavigationHistory {
    package static let limits = 1...RecordNavigation.journalLimit

    private let journal: any JournalRepository

    package init(journal: any JournalRepository) {
        self.journal = journal
    }

    package func callAsFunction(for userID: User.ID, limit: Int) throws -> [JournalEntry] {
        guard Self.limits.contains(limit) else {
            throw ClubhouseError.invalidInput(
                "the limit must be between \(Self.limits.lowerBound) and \(Self.limits.upperBound)")
        }
        return try journal.entries(for: userID, limit: limit)
    }
}
