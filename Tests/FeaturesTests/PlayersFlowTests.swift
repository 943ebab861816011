import ClubhouseDomain
import ClubhouseFeatures
import ClubhouseNavigation
import Testing

@Suite struct PlayersFlowTests {
    let harness: AppHarness
    let ana: User

    init() throws {
        harness = try AppHarness()
        ana = try harness.registerAndSignIn("ana")
    }

    @Test func addingAPlayerRunsTheFormAndReturnsToTheListReleasingIt() throws {
        let app = harness.app()
        try app.perform(.open(.screen(.newPlayer)))
        let main = try app.requireMain()
        #expect(main.state.paths(.players) == ["players", "players/new"])
        weak let form = main.players.pushed
        #expect(form is PlayerAddCoordinator)
        let outcome = try app.perform(
            Command(.submit([("name", "  Zoë O'Brien "), ("age", "27")], discardingDraft: false)))
        guard case .form(.playerAdded(let player), _) = outcome.result else {
            Issue.record("no player added")
            return
        }
        #expect(player.name == "Zoë O'Brien")
        #expect(player.age == 27)
        #expect(main.players.router.stack == [.players])
        #expect(main.players.childCoordinators.isEmpty)
        #expect(form == nil)
        #expect(try harness.listedPlayers(outcome.content) == [player])
        #expect(try harness.state()?.selectedTab == .players)
    }

    @Test func aRejectedDraftChangesNothing() throws {
        try harness.run(.selectTab(.library))
        #expect(throws: ClubhouseError.invalidInput("name must not be empty")) {
            try harness.run(Command(link: .screen(.newPlayer), .submit([("name", " ")], discardingDraft: false)))
        }
        #expect(try harness.state()?.selectedTab == .library)
        #expect(try harness.state()?.paths(.players) == ["players"])
    }

    @Test func typedFieldsStayInTheDraftAcrossRunsUntilSubmitted() throws {
        try harness.open("players/new")
        try harness.run(.fill([("name", "Zoë"), ("age", "27")]))
        #expect(throws: ClubhouseError.invalidInput("age must be between 5 and 99")) {
            try harness.run(.fill([("age", "300")]))
        }
        try harness.run(.selectTab(.home))
        try harness.open("players/new")  // the link opens the form with its draft
        let draft = try harness.state()?.stack(for: .players).last?.draft
        #expect(draft == FormDraft(["name": "Zoë", "age": "27"]))
        let outcome = try harness.run(Command(.submit([("position", "striker")], discardingDraft: false)))
        guard case .form(.playerAdded(let player), let resumed) = outcome.result else {
            Issue.record("no player added")
            return
        }
        #expect(resumed == ["age", "name"])
        #expect(player.age == 27 && player.position == .striker)
    }

    @Test func goingBackFromAFormDiscardsItsDraft() throws {
        try harness.open("players/new")
        try harness.run(.fill([("name", "Zoë")]))
        try harness.run(.back)
        try harness.open("players/new")
        #expect(try harness.state()?.stack(for: .players).last?.draft == FormDraft())
    }

    @Test func aThreeDeepStackIsBuiltByALinkAndUnwoundOneScreenAtATime() throws {
        let player = try harness.addPlayer("Zoë")
        let app = harness.app()
        try app.perform(.open(.screen(.editPlayer(player.id, field: .name))))
        let main = try app.requireMain()
        #expect(main.players.router.stack == [.players, .player(player.id), .editPlayer(player.id, field: .name)])
        // Each pushed screen's coordinator owns the next one.
        weak let edit = main.players.pushed?.pushed
        #expect(main.players.pushed is PlayerDetailCoordinator)
        #expect(edit is PlayerEditCoordinator)
        #expect(main.current === edit)

        try app.perform(Command(.back))
        #expect(edit == nil)
        #expect(main.players.router.stack == [.players, .player(player.id)])
        weak let releasedDetail = main.players.pushed
        try app.perform(Command(.back))
        #expect(releasedDetail == nil)
        #expect(main.players.router.stack == [.players])
        try app.perform(Command(.back))  // at the root: nothing to pop
        #expect(main.players.router.stack == [.players])
    }

    @Test func editingAFieldReturnsToTheDetailWithTheNewValue() throws {
        let player = try harness.addPlayer("Zoë")
        let outcome = try harness.run(
            Command(link: .screen(.editPlayer(player.id, field: .age)), .submit([("age", "31")], discardingDraft: true))
        )
        #expect(outcome.state?.paths(.players) == ["players", "players/\(player.id)"])
        guard case .playerDetail(let model) = outcome.content else {
            Issue.record("not on the detail")
            return
        }
        #expect(model.player.age == 31)
        #expect(throws: ClubhouseError.nothingChanged) {
            try harness.run(
                Command(
                    link: .screen(.editPlayer(player.id, field: .age)), .submit([("age", "31")], discardingDraft: true))
            )
        }
    }

    @Test func aLinkToAMissingRecordNamesItsDeepestValidScreenAndChangesNothing() throws {
        try harness.run(.selectTab(.library))
        let before = try harness.stored(for: ana)
        #expect(throws: ClubhouseError.unresolvedLink(reason: "no player 42", deepest: "players")) {
            try harness.open("players/42/edit/name")
        }
        #expect(try harness.stored(for: ana) == before)
    }

    @Test func aLinkWinsForItsOwnTabAndTheOtherTabsKeepTheirStacks() throws {
        let zoe = try harness.addPlayer("Zoë")
        let kai = try harness.addPlayer("Kai")
        try harness.open("players/\(zoe.id)/edit/name")
        try harness.open("home/results")
        var state = try #require(try harness.state())
        #expect(state.selectedTab == .home && state.selectedPage == .results)
        #expect(state.paths(.players) == ["players", "players/\(zoe.id)", "players/\(zoe.id)/edit/name"])
        try harness.open("clubhouse://players/\(kai.id)")
        state = try #require(try harness.state())
        #expect(state.selectedTab == .players && state.selectedPage == .results)
        #expect(state.paths(.players) == ["players", "players/\(kai.id)"])
    }

    @Test func anotherUsersPlayersStayInvisible() throws {
        let zoe = try harness.addPlayer("Zoë")
        try harness.signOut()
        try harness.registerAndSignIn("bob")
        #expect(throws: ClubhouseError.unresolvedLink(reason: "no player \(zoe.id)", deepest: "players")) {
            try harness.open("players/\(zoe.id)")
        }
        #expect(try harness.listedPlayers(try harness.open("players").content) == [])
    }

    @Test func eachTabKeepsItsStackAndThePageViewSelectsHome() throws {
        let player = try harness.addPlayer("Zoë")
        try harness.open("players/\(player.id)")
        try harness.run(.selectTab(.library))
        try harness.open("home/results")
        var state = try #require(try harness.state())
        #expect(state.selectedTab == .home && state.selectedPage == .results)
        #expect(state.paths(.players) == ["players", "players/\(player.id)"])
        try harness.run(.selectTab(.players))
        state = try #require(try harness.state())
        #expect(state.currentScreen.path == "players/\(player.id)")
        #expect(state.selectedPage == .results)
    }

    @Test func typingIntoAFormIsSavedButNotJournaledAsANavigationChange() throws {
        try harness.open("players/new")
        let journaled = { try harness.database.read { try $0.journal.entries(for: ana.id, limit: 100) }.count }
        let before = try journaled()
        try harness.run(.fill([("name", "Zoë")]))
        try harness.run(.fill([("age", "27")]))
        #expect(try journaled() == before)
        #expect(try harness.state()?.stack(for: .players).last?.draft == FormDraft(["name": "Zoë", "age": "27"]))
    }

    /// A look reports where the user is without building the screen (whose content may count a
    /// million rows); commands build it.
    @Test func aLookDoesNotBuildTheScreen() throws {
        #expect(try harness.app().look().content == .notBuilt)
        #expect(try harness.app().look(showing: true).content != .notBuilt)
    }
}
