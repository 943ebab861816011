/// Reads the user's stored navigation state, reporting rather than throwing on an unreadable one.
public struct LoadNavigation {
    private let navigation: any NavigationRepository

    public init(navigation: any NavigationRepository) {
        self.navigation = navigation
    }

    public func callAsFunction(for userID: User.ID) throws -> StoredNavigation {
        try navigation.load(for: userID)
    }
}
