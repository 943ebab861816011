import Domain
import Testing

@Suite struct NavigationSnapshotTests {
    @Test func initialStateIsHomeWithEveryTabAtItsRoot() {
        let initial = NavigationSnapshot.initial
        #expect(initial.selectedTab == .home)
        #expect(initial.selectedPage == .squad)
        for tab in Tab.allCases {
            #expect(initial.stack(for: tab) == [tab.rawValue])
        }
    }

    @Test func aMissingOrEmptyStackIsTheTabRoot() {
        let snapshot = NavigationSnapshot(selectedTab: .players, selectedPage: .squad, stacks: [.players: []])
        #expect(snapshot.stack(for: .players) == ["players"])
        #expect(snapshot.stack(for: .library) == ["library"])
    }
}
