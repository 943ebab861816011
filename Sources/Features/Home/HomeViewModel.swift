import ClubhouseDomain
import ClubhouseNavigation

/// The home tab: its page view, on the selected page.
public struct HomeViewModel: Equatable, Sendable {
    public let selectedPage: HomePage
    public let pages: [HomePage] = HomePage.allCases
    /// What the selected page shows.
    public let content: Page

    public enum Page: Equatable, Sendable {
        /// How many players there are and the most recently added, newest first.
        case squad(count: Int, recent: [Player])
        /// The last five results, newest first.
        case results([GatherViewModel])
        /// The five books most recently recommended, newest first.
        case reading([Book])
    }
}
