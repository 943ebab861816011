/// Reads the user's stored navigation state, reporting rather than throwing on an unreadable one.
package struct LoadNavigation {
    private let navigation: any NavigationRepository

    package init(navigation: any NavigationRepository) {
        self.navigation = navigation
    }

    package func callAsFunction(for userID: User.ID) throws -> StoredNavigation {
        try navigation.load(for: userID)
    }
}
