/// Reads the stored navigation state of one of the user's scenes, reporting rather than throwing
/// on an unreadable one.
package struct LoadNavigation {
    private let navigation: any NavigationRepository
    private let scene: SceneName

    package init(navigation: any NavigationRepository, scene: SceneName = .main) {
        self.navigation = navigation
        self.scene = scene
    }

    package func callAsFunction(for userID: User.ID) throws -> StoredNavigation {
        try navigation.load(for: userID, scene: scene)
    }
}
