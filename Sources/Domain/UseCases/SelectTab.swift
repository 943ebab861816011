/// Switches tabs. Every tab keeps its stack, so switching back returns to where the user was.
public struct SelectTab {
    private let navigation: any NavigationRepository

    public init(navigation: any NavigationRepository) {
        self.navigation = navigation
    }

    public func callAsFunction(_ tab: Tab, in snapshot: NavigationSnapshot, for userID: User.ID) throws
        -> NavigationSnapshot
    {
        var next = snapshot
        next.selectedTab = tab
        try navigation.save(next, for: userID)
        return next
    }
}
