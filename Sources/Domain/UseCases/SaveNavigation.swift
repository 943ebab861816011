/// Records where the user is after a flow moved them, in the same transaction as the flow's data.
public struct SaveNavigation {
    private let navigation: any NavigationRepository

    public init(navigation: any NavigationRepository) {
        self.navigation = navigation
    }

    public func callAsFunction(_ snapshot: NavigationSnapshot, for userID: User.ID) throws {
        try navigation.save(snapshot, for: userID)
    }
}
