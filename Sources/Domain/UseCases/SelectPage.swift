/// Turns the home page view to `page`; the page view lives on the home tab, so that tab is shown.
public struct SelectPage {
    private let navigation: any NavigationRepository

    public init(navigation: any NavigationRepository) {
        self.navigation = navigation
    }

    public func callAsFunction(_ page: HomePage, in snapshot: NavigationSnapshot, for userID: User.ID) throws
        -> NavigationSnapshot
    {
        var next = snapshot
        next.selectedTab = .home
        next.selectedPage = page
        try navigation.save(next, for: userID)
        return next
    }
}
