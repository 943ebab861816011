import ClubhouseDomain
import Testing

@Suite struct NavigationStateTests {
    private func screens(_ paths: String...) -> [ScreenState] { paths.map { ScreenState(path: $0) } }

    @Test func initialStateIsHomeWithEveryTabAtItsRoot() {
        let initial = NavigationState.initial
        #expect(initial.selectedTab == .home)
        #expect(initial.selectedPage == .squad)
        #expect(initial.modal == nil)
        for tab in Tab.allCases {
            #expect(initial.stack(for: tab) == [ScreenState(path: tab.rawValue)])
        }
    }

    @Test func aMissingOrEmptyStackIsTheTabRoot() {
        let state = NavigationState(selectedTab: .players, selectedPage: .squad, stacks: [.players: []])
        #expect(state.stack(for: .players) == screens("players"))
        #expect(state.stack(for: .library) == screens("library"))
    }

    @Test func theCurrentScreenIsTheModalsTopWhileOneIsPresented() {
        var state = NavigationState(
            selectedTab: .players, selectedPage: .squad, stacks: [.players: screens("players", "players/3")])
        #expect(state.currentScreen.path == "players/3")
        state.modal = ModalState(stack: [ScreenState(path: "books/new", draft: FormDraft(["title": "Dune"]))])
        #expect(state.currentScreen.path == "books/new")
    }

    @Test func aVersion1StateUpgradesWithNothingLost() {
        let upgraded = NavigationState.upgrading(
            version1: [.players: ["players", "players/1"], .home: ["home"]], selectedTab: .library,
            selectedPage: .results)
        #expect(upgraded.selectedTab == .library)
        #expect(upgraded.selectedPage == .results)
        #expect(upgraded.stack(for: .players) == screens("players", "players/1"))
        #expect(upgraded.stack(for: .home) == screens("home"))
        #expect(upgraded.modal == nil)
        #expect(upgraded.allScreens.allSatisfy { $0.draft == nil })
    }

    @Test func aChangeNamesTheScreenItClosed() {
        let open = NavigationState(
            selectedTab: .players, selectedPage: .squad, stacks: [.players: screens("players", "players/3")])
        var popped = open
        popped.stacks[.players] = screens("players")
        #expect(NavigationChange(kind: .navigate, before: open, after: popped).closed == "players/3")
        // Switching tabs closes nothing: players/3 is still on its stack.
        var switched = open
        switched.selectedTab = .library
        #expect(NavigationChange(kind: .navigate, before: open, after: switched).closed == nil)
        // A root is never "closed".
        #expect(NavigationChange(kind: .navigate, before: popped, after: switched).closed == nil)
    }

    @Test func aDraftKeepsFieldsAsTyped() {
        var draft = FormDraft()
        #expect(draft.isEmpty)
        draft["name"] = "  Zoë  "
        draft["age"] = ""
        #expect(draft["name"] == "  Zoë  ")
        #expect(draft["age"] == "")
        #expect(draft["skill"] == nil)
    }
}
