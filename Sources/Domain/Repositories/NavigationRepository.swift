/// Each user's navigation state, one per scene.
package protocol NavigationRepository {
    func load(for userID: User.ID, scene: SceneName) throws -> StoredNavigation
    func save(_ state: NavigationState, for userID: User.ID, scene: SceneName) throws
    /// Forgets one scene of the user; false when it had nothing stored.
    func delete(for userID: User.ID, scene: SceneName) throws -> Bool
    /// Forgets every scene of the user (signing out).
    func deleteAll(for userID: User.ID) throws
    /// The user's stored scenes by name; a row whose name breaks the rule (a tampered file) is
    /// not listed but told of in `warnings`.
    func scenes(for userID: User.ID) throws -> (scenes: [SceneSummary], warnings: [String])
    /// Every user and scene with a stored state, by user id then name (for `clubhouse check`);
    /// rows whose scene name breaks the rule are left out (the value checks report them).
    func storedScenes() throws -> [(user: User, scene: SceneName)]
}

extension NavigationRepository {
    /// The `main` scene's state.
    package func load(for userID: User.ID) throws -> StoredNavigation { try load(for: userID, scene: .main) }

    package func save(_ state: NavigationState, for userID: User.ID) throws {
        try save(state, for: userID, scene: .main)
    }
}

/// The record of navigation changes of each user's scene, newest last, bounded.
package protocol JournalRepository {
    /// Appends `change` and drops all but the newest `keeping` entries of the user's scene.
    func record(_ change: NavigationChange, for userID: User.ID, scene: SceneName, keeping: Int) throws
    /// The newest `limit` entries, newest first.
    func entries(for userID: User.ID, scene: SceneName, limit: Int) throws -> [JournalEntry]
    /// The newest change that can still be undone (not an undo, not undone), with its state before.
    func lastUndoable(for userID: User.ID, scene: SceneName) throws -> (
        entry: JournalEntry, before: StoredNavigation
    )?
    func markUndone(_ id: JournalEntry.ID) throws
    /// Entries that closed a screen not reopened since, newest first.
    func closedScreens(for userID: User.ID, scene: SceneName, limit: Int) throws -> [JournalEntry]
    func markReopened(_ id: JournalEntry.ID) throws
    /// Forgets one scene's entries.
    func deleteAll(for userID: User.ID, scene: SceneName) throws
    /// Forgets every scene's entries of the user (signing out).
    func deleteAll(for userID: User.ID) throws
}

extension JournalRepository {
    /// The `main` scene's newest `limit` entries, newest first.
    package func entries(for userID: User.ID, limit: Int) throws -> [JournalEntry] {
        try entries(for: userID, scene: .main, limit: limit)
    }

    package func record(_ change: NavigationChange, for userID: User.ID, keeping: Int) throws {
        try record(change, for: userID, scene: .main, keeping: keeping)
    }

    package func lastUndoable(for userID: User.ID) throws -> (entry: JournalEntry, before: StoredNavigation)? {
        try lastUndoable(for: userID, scene: .main)
    }
}

/// A link opened while nobody was signed in, kept for the next sign-in on this device.
package protocol PendingLinkRepository {
    func pending() throws -> String?
    /// Replaces the pending link; nil clears it.
    func setPending(_ link: String?) throws
}
