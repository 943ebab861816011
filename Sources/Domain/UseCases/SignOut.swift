/// Ends the session and forgets the user's navigation, so the next sign-in starts at home.
public struct SignOut {
    private let sessions: any SessionRepository
    private let navigation: any NavigationRepository

    public init(sessions: any SessionRepository, navigation: any NavigationRepository) {
        self.sessions = sessions
        self.navigation = navigation
    }

    public func callAsFunction(_ user: User) throws {
        try sessions.endActive()
        try navigation.delete(for: user.id)
    }
}
