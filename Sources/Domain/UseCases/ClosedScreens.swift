/// For reopen: the screens the user closed, most recent first, not reopened since.
package struct ClosedScreens {
    private let journal: any JournalRepository
    private let scene: SceneName

    package init(journal: any JournalRepository, scene: SceneName = .main) {
        self.journal = journal
        self.scene = scene
    }

    package func callAsFunction(for userID: User.ID) throws -> [JournalEntry] {
        try journal.closedScreens(for: userID, scene: scene, limit: 50)
    }

    /// Marks the entry whose screen was reopened, so the next reopen goes one further back.
    package func markReopened(_ entry: JournalEntry) throws {
        try journal.markReopened(entry.id)
    }
}
