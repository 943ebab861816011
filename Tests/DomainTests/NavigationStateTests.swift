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

    /// A tab's place is the top of its stack, or `home/<page>` at the home tab's root: the tab
    /// bar's links, and `currentPlace` for the selected tab.
    @Test func eachTabsPlaceIsWhereItsLinkOpens() {
        var state = NavigationState(
            selectedTab: .players, selectedPage: .reading,
            stacks: [.players: screens("players", "players/3"), .questions: screens("questions", "questions/new")])
        #expect(
            Tab.allCases.map(state.place(of:)) == ["home/reading", "players/3", "questions/new", "library", "profile"])
        #expect(state.currentPlace == "players/3")
        state.selectedTab = .home
        #expect(state.currentPlace == "home/reading")
        state.stacks[.home] = screens("home", "gathers/1")
        #expect(state.place(of: .home) == "gathers/1")
        state.modal = ModalState(stack: screens("players/new"))
        #expect(state.currentPlace == "players/new")
        #expect(state.place(of: .home) == "gathers/1")
    }

    /// The home tab's stack is the page on show's; the other pages' are beside it, and one at its
    /// bare root (or the page on show's, given twice) is left out, so equal navigation is equal.
    @Test func eachHomePageHasAStackOfItsOwn() {
        let state = NavigationState(
            selectedTab: .home, selectedPage: .results, stacks: [.home: screens("home", "gathers/1")],
            pageStacks: [
                .squad: screens("home", "players/3"), .results: screens("home", "players/9"), .reading: screens("home"),
            ])
        #expect(state.pageStacks == [.squad: screens("home", "players/3")])
        #expect(state.stack(on: .results) == screens("home", "gathers/1"))
        #expect(state.stack(on: .squad) == screens("home", "players/3"))
        #expect(state.stack(on: .reading) == screens("home"))
        #expect(state.currentPlace == "gathers/1")
        // The pages not on show first, so that a lookup by path finds the one on show last.
        #expect(Array(state.allScreens.map(\.path).prefix(4)) == ["home", "players/3", "home", "gathers/1"])
        #expect(
            state.withoutDrafts
                == NavigationState(
                    selectedTab: .home, selectedPage: .results, stacks: [.home: screens("home", "gathers/1")],
                    pageStacks: [.squad: screens("home", "players/3")]))
        var selectedOnly = state
        selectedOnly.pageStacks = [.reading: [ScreenState(path: "home", selected: "9780441013593")]]
        #expect(selectedOnly.withoutDrafts.pageStacks == [:])
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
