/// The navigation changes of the user's scene, newest first.
package struct NavigationHistory {
    package static let limits = 1...RecordNavigation.journalLimit

    private let journal: any JournalRepository
    private let scene: SceneName

    package init(journal: any JournalRepository, scene: SceneName = .main) {
        self.journal = journal
        self.scene = scene
    }

    package func callAsFunction(for userID: User.ID, limit: Int) throws -> [JournalEntry] {
        guard Self.limits.contains(limit) else {
            throw ClubhouseError.invalidInput(
                "the limit must be between \(Self.limits.lowerBound) and \(Self.limits.upperBound)")
        }
        return try journal.entries(for: userID, scene: scene, limit: limit)
    }
}
