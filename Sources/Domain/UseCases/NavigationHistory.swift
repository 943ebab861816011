/// The user's navigation changes, newest first.
public struct NavigationHistory {
    public static let limits = 1...RecordNavigation.journalLimit

    private let journal: any JournalRepository

    public init(journal: any JournalRepository) {
        self.journal = journal
    }

    public func callAsFunction(for userID: User.ID, limit: Int) throws -> [JournalEntry] {
        guard Self.limits.contains(limit) else {
            throw ClubhouseError.invalidInput(
                "the limit must be between \(Self.limits.lowerBound) and \(Self.limits.upperBound)")
        }
        return try journal.entries(for: userID, limit: limit)
    }
}
