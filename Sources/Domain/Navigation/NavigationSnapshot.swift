/// The navigation state of a signed-in user, as stored: the selected tab and home page and, for
/// every tab, its stack of screen paths (root first). Screens are plain paths here; the Navigation
/// layer parses and validates them, so Domain and Persistence never depend on route types.
public struct NavigationSnapshot: Equatable, Sendable {
    /// Bumped whenever the stored shape changes; an unknown version is never guessed at.
    public static let currentVersion = 1

    public var selectedTab: Tab
    public var selectedPage: HomePage
    public var stacks: [Tab: [String]]

    public init(selectedTab: Tab, selectedPage: HomePage, stacks: [Tab: [String]]) {
        self.selectedTab = selectedTab
        self.selectedPage = selectedPage
        self.stacks = stacks
    }

    /// Where a fresh sign-in lands: the home tab on its first page, every tab at its root.
    public static let initial = NavigationSnapshot(
        selectedTab: .home,
        selectedPage: .squad,
        stacks: Dictionary(uniqueKeysWithValues: Tab.allCases.map { ($0, [$0.rawValue]) })
    )

    /// The stack of `tab`, never empty: a tab always shows at least its root.
    public func stack(for tab: Tab) -> [String] {
        let stack = stacks[tab] ?? []
        return stack.isEmpty ? [tab.rawValue] : stack
    }
}

/// What reading the stored navigation state found.
public enum StoredNavigation: Equatable, Sendable {
    /// The user has no stored state yet.
    case none
    case snapshot(NavigationSnapshot)
    /// A state of an unknown version or shape; the reason is for the user's warning.
    case unreadable(reason: String)
}
