/// Ends the device's session and forgets the user's navigation in every scene and its journal, so
/// the next sign-in starts at home with a clean history, whichever scene it is made in.
package struct SignOut {
    private let sessions: any SessionRepository
    private let navigation: any NavigationRepository
    private let journal: any JournalRepository

    package init(sessions: any SessionRepository, navigation: any NavigationRepository, journal: any JournalRepository)
    {
        self.sessions = sessions
        self.navigation = navigation
        self.journal = journal
    }

    package func callAsFunction(_ user: User) throws {
        try sessions.endActive()
        try navigation.deleteAll(for: user.id)
        try journal.deleteAll(for: user.id)
    }
}
