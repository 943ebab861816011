import ClubhouseDomain
import ClubhouseFeatures
import ClubhouseNavigation
import ClubhouseTestSupport
import Testing

@Suite struct RestorationTests {
    let harness: AppHarness
    let ana: User

    init() throws {
        harness = try AppHarness()
        ana = try harness.registerAndSignIn("ana")
    }

    private func store(_ stacks: [Tab: [ScreenState]], tab: Tab = .players) throws {
        try harness.store(NavigationState(selectedTab: tab, selectedPage: .reading, stacks: stacks), for: ana)
    }

    @Test func aScreenWhoseRecordIsGoneIsCutWithEverythingAboveItAndOneWarning() throws {
        let zoe = try harness.addPlayer("Zoë")
        try store([
            .players: screens("players", "players/999", "players/999/edit/name"),
            .home: screens("home"),
        ])
        let outcome = try harness.look()
        #expect(outcome.state?.paths(.players) == ["players"])
        #expect(
            outcome.warnings == [
                "no player 999: cut players/999 > players/999/edit/name from the players tab; you are on players"
            ])
        _ = zoe
    }

    /// A cut names where the user lands once everything is rebuilt: later tabs and the modal decide
    /// that, not the tab being cut.
    @Test func aCutNamesTheScreenTheUserLandsOnWhateverTheOrderOfTheTabs() throws {
        try harness.store(
            NavigationState(
                selectedTab: .profile, selectedPage: .squad,
                stacks: [.players: screens("players", "players/99"), .profile: screens("profile", "gathers")]),
            for: ana)
        #expect(
            try harness.look().warnings == ["no player 99: cut players/99 from the players tab; you are on gathers"])

        try harness.store(
            NavigationState(
                selectedTab: .home, selectedPage: .squad, stacks: [.library: screens("library", "books/9780306406157")],
                modal: ModalState(stack: [ScreenState(path: "books/new", draft: FormDraft(["title": "Dune"]))])),
            for: ana)
        #expect(
            try harness.look().warnings == [
                "no book 9780306406157: cut books/9780306406157 from the library tab; you are on books/new"
            ])

        try harness.store(
            NavigationState(selectedTab: .players, selectedPage: .squad, stacks: [.home: screens("players")]), for: ana)
        #expect(
            try harness.look().warnings == [
                "it does not start at home: cut players from the home tab; you are on players"
            ])
    }

    @Test func eachTabKeepsItsLongestValidPrefixAndThePageAndOtherTabsStay() throws {
        let player = try harness.addPlayer("Zoë")
        try store([
            .players: screens("players", "players/\(player.id)", "players/\(player.id)/edit/name"),
            .library: screens("library", "books/9780306406157"),
            .home: screens("home", "library"),
            .questions: screens("not a screen"),
        ])
        let outcome = try harness.look()
        let state = try #require(outcome.state)
        #expect(state.paths(.players) == ["players", "players/\(player.id)", "players/\(player.id)/edit/name"])
        #expect(state.paths(.library) == ["library"])
        #expect(state.paths(.home) == ["home"])
        #expect(state.paths(.questions) == ["questions"])
        #expect(state.selectedPage == .reading)
        #expect(state.selectedTab == .players)
        #expect(outcome.warnings.count == 3)
        #expect(outcome.warnings.contains { $0.contains("cut books/9780306406157 from the library tab") })
        #expect(outcome.warnings.contains { $0.contains("it does not start at questions") })
    }

    @Test func aDraftWhoseFormNoLongerMakesSenseIsDroppedWithAWarning() throws {
        try store([
            .players: [
                ScreenState(path: "players"), ScreenState(path: "players/77"),
                ScreenState(path: "players/77/edit/name", draft: FormDraft(["name": "Zed"])),
            ]
        ])
        let outcome = try harness.look()
        #expect(outcome.state?.paths(.players) == ["players"])
        #expect(outcome.warnings.count == 1)
        #expect(outcome.warnings.first?.hasSuffix("(the draft of players/77/edit/name was dropped)") == true)
    }

    @Test func anyOtherDraftSurvivesAnyNumberOfRuns() throws {
        try harness.open("players/new")
        try harness.run(.fill([("name", "Zoë"), ("favourite-team", "Boca")]))
        for tab in [Tab.home, .library, .players, .profile] { try harness.run(.selectTab(tab)) }
        let draft = try harness.state()?.stack(for: .players).last
        #expect(draft == ScreenState(path: "players/new", draft: FormDraft(["name": "Zoë", "favourite-team": "Boca"])))
    }

    @Test func theCutStateIsSavedByTheNextCommandThatWrites() throws {
        try store([.players: screens("players", "players/999")])
        try harness.run(.selectTab(.library))
        guard case .state(let saved) = try harness.stored(for: ana) else {
            Issue.record("nothing stored")
            return
        }
        #expect(saved.paths(.players) == ["players"])
        #expect(saved.selectedTab == .library)
        // The next run has nothing left to cut.
        #expect(try harness.look().warnings.isEmpty)
    }

    @Test func onlyARowThatCannotBeDecodedStartsFromTheInitialState() throws {
        try harness.database.write { repositories in
            try repositories.navigation.save(.initial, for: ana.id)
        }
        try sqlite(harness.path, "UPDATE navigation_state SET version = 99")
        let outcome = try harness.look()
        #expect(outcome.state == .initial)
        #expect(outcome.warnings.count == 1)
        #expect(outcome.warnings.first?.contains("starting at home") == true)
    }

    @Test func undoReturnsToTheStateBeforeTheLastChangeAndCutsWhatIsGone() throws {
        let zoe = try harness.addPlayer("Zoë")
        try harness.open("players/\(zoe.id)/edit/age")
        try harness.run(.fill([("age", "30")]))
        try harness.run(.back)  // discards the draft
        try harness.run(.selectTab(.library))
        try harness.run(.undo)
        #expect(try harness.state()?.selectedTab == .players)
        try harness.run(.undo)  // undoes the back: the form comes back, the draft back ended does not
        let top = try harness.state()?.stack(for: .players).last
        #expect(top == ScreenState(path: "players/\(zoe.id)/edit/age", draft: FormDraft()))
        let history = try harness.app().look(.history(limit: 10))
        guard case .history(let entries) = history.result else {
            Issue.record("no history")
            return
        }
        #expect(entries.prefix(2).map(\.kind) == [.undo, .undo])
    }

    @Test func reopenOpensTheMostRecentlyClosedScreenThatStillExists() throws {
        let zoe = try harness.addPlayer("Zoë")
        let kai = try harness.addPlayer("Kai")
        try harness.open("players/\(zoe.id)")
        try harness.run(.back)
        try harness.open("players/\(kai.id)")
        try harness.run(.back)
        try harness.run(.reopen)
        #expect(try harness.state()?.currentScreen.path == "players/\(kai.id)")
        try harness.run(.back)
        try harness.run(.reopen)  // kai again: the back just closed it
        #expect(try harness.state()?.currentScreen.path == "players/\(kai.id)")
        try harness.run(.reopen)  // then zoe, closed before kai
        #expect(try harness.state()?.currentScreen.path == "players/\(zoe.id)")
    }

    @Test func reopenSkipsAScreenWhoseRecordIsGoneAndSaysWhenNothingIsLeft() throws {
        #expect(throws: ClubhouseError.nothingToReopen(gone: nil)) { try harness.run(.reopen) }
        let zoe = try harness.addPlayer("Zoë")
        try harness.open("players/\(zoe.id)")
        try harness.run(.back)
        try sqlite(harness.path, "DELETE FROM players WHERE id = \(zoe.id)")
        #expect(throws: ClubhouseError.nothingToReopen(gone: "players/\(zoe.id): no player \(zoe.id)")) {
            try harness.run(.reopen)
        }
        // A tree that lives on does not carry the failed reopen's warnings into its next command.
        let app = harness.app()
        #expect(throws: ClubhouseError.nothingToReopen(gone: "players/\(zoe.id): no player \(zoe.id)")) {
            try app.perform(Command(.reopen))
        }
        #expect(try app.perform(Command(.selectTab(.library))).warnings.isEmpty)
    }

    /// A draft is saved as typed, so a value the form refuses as it stands stays for the submit to
    /// refuse; a field the form does not have goes with a warning.
    @Test func draftFieldsTheFormDoesNotHaveAreDroppedWithAWarningAndTheRestStays() throws {
        try store([
            .players: [
                ScreenState(path: "players"),
                ScreenState(path: "players/new", draft: FormDraft(["name": "X", "age": "abc", "bogus": "1"])),
            ]
        ])
        let outcome = try harness.look()
        #expect(outcome.state?.stack(for: .players).last?.draft == FormDraft(["name": "X", "age": "abc"]))
        #expect(
            outcome.warnings == [
                "the draft of players/new had fields its form does not have (bogus); they were dropped"
            ])
        #expect(throws: ClubhouseError.self) { try harness.run(Command(.submit([], discardingDraft: false))) }
        #expect(try harness.look().state?.stack(for: .players).last?.draft == FormDraft(["name": "X", "age": "abc"]))
        // Mended, the form can be submitted.
        let added = try harness.run(Command(.submit([("age", "")], discardingDraft: false)))
        guard case .form(.playerAdded(let player), _) = added.result else {
            Issue.record("not added")
            return
        }
        #expect(player.name == "X" && player.age == nil)
    }

    @Test func undoStepsOverAJournalEntryItCannotReadAndHistorySkipsUnknownRows() throws {
        try harness.run(.selectTab(.players))
        try harness.run(.selectTab(.library))
        try sqlite(harness.path, "UPDATE navigation_journal SET before_state = 'garbage' WHERE to_screen = 'library'")
        try sqlite(harness.path, "UPDATE navigation_journal SET from_screen = X'00FF' WHERE to_screen = 'players'")
        let undone = try harness.run(.undo)
        #expect(undone.state?.selectedTab == .home)
        #expect(undone.warnings.count == 1)
        try sqlite(
            harness.path,
            "PRAGMA ignore_check_constraints = 1; UPDATE navigation_journal SET kind = 'weird' WHERE kind = 'undo'")
        guard case .history(let entries) = try harness.app().look(.history(limit: 10)).result else {
            Issue.record("no history")
            return
        }
        #expect(entries.map(\.to) == ["library", "players"])
        #expect(entries.last?.from == "?")
    }
}
