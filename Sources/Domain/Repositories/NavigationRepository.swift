package protocol NavigationRepository {
    func load(for userID: User.ID) throws -> StoredNavigation
    func save(_ state: NavigationState, for userID: User.ID) throws
    func delete(for userID: User.ID) throws
    /// Every user with a stored state, by id (for `clubhouse check`).
    func storedUsers() throws -> [User]
}

/// The per-user record of navigation changes, newest last, bounded.
package protocol JournalRepository {
    /// Appends `change` and drops all but the newest `keeping` entries of the user.
    func record(_ change: NavigationChange, for userID: User.ID, keeping: Int) throws
    /// The newest `limit` entries, newest first.
    func entries(for userID: User.ID, limit: Int) throws -> [JournalEntry]
    /// The newest change that can still be undone (not an undo, not undone), with its state before.
    func lastUndoable(for userID: User.ID) throws -> (entry: JournalEntry, before: StoredNavigation)?
    func markUndone(_ id: JournalEntry.ID) throws
    /// Entries that closed a screen not reopened since, newest first.
    func closedScreens(for userID: User.ID, limit: Int) throws -> [JournalEntry]
    func markReopened(_ id: JournalEntry.ID) throws
    func deleteAll(for userID: User.ID) throws
}

/// A link opened while nobody was signed in, kept for the next sign-in on this device.
package protocol PendingLinkRepository {
    func pending() throws -> String?
    /// Replaces the pending link; nil clears it.
    func setPending(_ link: String?) throws
}
