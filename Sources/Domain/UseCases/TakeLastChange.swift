/// For undo: the newest navigation change not yet undone, marked as undone, with the state it
/// left. Navigation only: the data a command changed is never undone.
package struct TakeLastChange {
    private let journal: any JournalRepository
    private let scene: SceneName

    package init(journal: any JournalRepository, scene: SceneName = .main) {
        self.journal = journal
        self.scene = scene
    }

    package func callAsFunction(for userID: User.ID) throws -> (entry: JournalEntry, before: StoredNavigation) {
        guard let last = try journal.lastUndoable(for: userID, scene: scene) else { throw ClubhouseError.nothingToUndo }
        try journal.markUndone(last.entry.id)
        return last
    }
}
