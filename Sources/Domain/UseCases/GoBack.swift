/// Pops one screen off the selected tab's stack; at a tab's root there is nowhere to go back to.
public struct GoBack {
    private let navigation: any NavigationRepository

    public init(navigation: any NavigationRepository) {
        self.navigation = navigation
    }

    public func callAsFunction(in snapshot: NavigationSnapshot, for userID: User.ID) throws -> NavigationSnapshot {
        let stack = snapshot.stack(for: snapshot.selectedTab)
        guard stack.count > 1 else { return snapshot }
        var next = snapshot
        next.stacks[snapshot.selectedTab] = Array(stack.dropLast())
        try navigation.save(next, for: userID)
        return next
    }
}
