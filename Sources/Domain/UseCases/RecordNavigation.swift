/// Stores where the user now is in one scene and journals the change, in the caller's transaction. The one
/// road of every command ends here; no other use case writes navigation.
package struct RecordNavigation {
    /// How many journal entries each scene of a user keeps; older ones are dropped as new ones arrive.
    package static let journalLimit = 500

    private let navigation: any NavigationRepository
    private let journal: any JournalRepository
    private let scene: SceneName

    package init(navigation: any NavigationRepository, journal: any JournalRepository, scene: SceneName = .main) {
        self.navigation = navigation
        self.journal = journal
        self.scene = scene
    }

    /// Saves `change.after`; a change that changes nothing is neither saved nor journaled.
    /// `before` is nil when nothing readable was stored (a sign-in, a state replaced whole): the
    /// change is journaled from where a sign-in lands, if it led elsewhere (a link kept while
    /// signed out). A stored row that had to be repaired is saved even when nothing moved.
    package func callAsFunction(
        _ kind: JournalEntry.Kind, from before: NavigationState?, to after: NavigationState, for userID: User.ID,
        replacingRepaired: Bool = false
    ) throws {
        guard before != after || replacingRepaired else { return }
        try navigation.save(after, for: userID, scene: scene)
        let from = before ?? .initial
        if from.withoutDrafts != after.withoutDrafts {
            try journal.record(
                NavigationChange(kind: kind, before: from, after: after), for: userID, scene: scene,
                keeping: Self.journalLimit)
        }
    }
}
