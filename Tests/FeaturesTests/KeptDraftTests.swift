import ClubhouseDomain
import ClubhouseFeatures
import ClubhouseNavigation
import ClubhouseTestSupport
import Testing

/// A link that closes a form holding a draft keeps the draft aside, and the same form gets it
/// back when it opens again; back and submit still end a draft.
@Suite struct KeptDraftTests {
    let harness: AppHarness
    let ana: User

    init() throws {
        harness = try AppHarness()
        ana = try harness.registerAndSignIn("ana")
    }

    private func typeIntoNewPlayer(_ fields: [(String, String)]) throws {
        try harness.open("players/new")
        try harness.run(.fill(fields.map { (name: $0.0, text: $0.1) }))
    }

    @Test func aLinkThatClosesAFormKeepsItsDraftAndTheFormGetsItBack() throws {
        let zoe = try harness.addPlayer("Zoë")
        try typeIntoNewPlayer([("name", "Lu"), ("age", "30")])
        let opened = try harness.open("players/\(zoe.id)")
        #expect(opened.warnings.isEmpty)
        var state = try #require(try harness.state())
        #expect(state.paths(.players) == ["players", "players/\(zoe.id)"])
        #expect(state.keptDrafts == [ScreenState(path: "players/new", draft: FormDraft(["name": "Lu", "age": "30"]))])

        try harness.open("players/new")
        state = try #require(try harness.state())
        #expect(state.stack(for: .players).last?.draft == FormDraft(["name": "Lu", "age": "30"]))
        #expect(state.keptDrafts.isEmpty)
    }

    @Test func theListItselfKeepsTheDraftAndASubmitResumesIt() throws {
        try typeIntoNewPlayer([("age", "30")])
        try harness.open("players")
        let outcome = try harness.run(
            Command(link: .screen(.newPlayer), .submit([("name", "Lu")], discardingDraft: false)))
        guard case .form(.playerAdded(let player), let resumed) = outcome.result else {
            Issue.record("not added: \(outcome.result)")
            return
        }
        #expect(player.age == 30)
        #expect(resumed == ["age"])
        #expect(try harness.state()?.keptDrafts.isEmpty == true)
    }

    @Test func backAndDiscardingStillEndADraft() throws {
        try typeIntoNewPlayer([("name", "Lu")])
        try harness.run(.back)
        try harness.open("library")
        #expect(try harness.state()?.keptDrafts.isEmpty == true)

        try typeIntoNewPlayer([("name", "Lu")])
        try harness.open("players")
        let outcome = try harness.run(
            Command(link: .screen(.newPlayer), .submit([("name", "Mo")], discardingDraft: true)))
        #expect(outcome.state?.keptDrafts.isEmpty == true)
    }

    @Test func anEmptyFormIsNotKept() throws {
        try harness.open("players/new")
        try harness.open("players")
        #expect(try harness.state()?.keptDrafts.isEmpty == true)
    }

    @Test func undoPutsTheFormBackOnItsStackAndReopenBringsItsDraft() throws {
        try typeIntoNewPlayer([("name", "Lu")])
        try harness.open("library")
        try harness.open("players")
        try harness.run(.undo)
        var state = try #require(try harness.state())
        #expect(state.stack(for: .players).last == ScreenState(path: "players/new", draft: FormDraft(["name": "Lu"])))
        #expect(state.keptDrafts.isEmpty)

        try harness.open("players")
        try harness.run(.reopen)
        state = try #require(try harness.state())
        #expect(state.currentScreen == ScreenState(path: "players/new", draft: FormDraft(["name": "Lu"])))
        #expect(state.keptDrafts.isEmpty)
    }

    @Test func undoKeepsTheDraftOfAFormItClosesOnATabOrInAModal() throws {
        try typeIntoNewPlayer([("name", "Lu")])
        try harness.run(.undo)
        var state = try #require(try harness.state())
        #expect(state.paths(.players) == ["players"])
        #expect(state.keptDrafts == [ScreenState(path: "players/new", draft: FormDraft(["name": "Lu"]))])

        try harness.open("books/new")
        try harness.run(.fill([("isbn", "9780306406157"), ("title", "Dune")]))
        try harness.run(.undo)
        state = try #require(try harness.state())
        #expect(state.modal == nil)
        #expect(
            state.keptDrafts.last
                == ScreenState(path: "books/new", draft: FormDraft(["isbn": "9780306406157", "title": "Dune"])))

        try harness.open("books/new")
        state = try #require(try harness.state())
        #expect(state.modal?.stack.first?.draft == FormDraft(["isbn": "9780306406157", "title": "Dune"]))
        #expect(state.keptDrafts.map(\.path) == ["players/new"])
    }

    /// Undo moves, it never changes what is typed: a draft a submit, --discard-draft or back
    /// ended stays ended, and a newer draft is never swapped for the journal's older copy.
    @Test func undoNeverBringsBackAnEndedDraftNorAnOlderOne() throws {
        try typeIntoNewPlayer([("name", "Zed"), ("age", "31")])
        try harness.run(.submit([], discardingDraft: false))
        try harness.run(.undo)
        var state = try #require(try harness.state())
        #expect(state.currentScreen == ScreenState(path: "players/new", draft: FormDraft()))
        #expect(state.keptDrafts.isEmpty)

        try harness.run(.fill([("name", "Keep")]))
        try harness.run(.back)
        try harness.run(.undo)
        state = try #require(try harness.state())
        #expect(state.currentScreen == ScreenState(path: "players/new", draft: FormDraft()))

        try harness.run(.fill([("name", "Ann")]))
        try harness.open("players/1")
        try harness.open("players/new")
        try harness.run(.fill([("age", "30")]))
        try harness.run(.undo)  // back to players/1: the form's newer draft is kept aside
        try harness.run(.undo)  // back to the form as it was first opened: the newer draft comes back
        state = try #require(try harness.state())
        #expect(
            state.currentScreen == ScreenState(path: "players/new", draft: FormDraft(["name": "Ann", "age": "30"])))
        #expect(state.keptDrafts.isEmpty)
    }

    @Test func deletingAPlayerTakesTheKeptDraftsOfItsEditFormsAlong() throws {
        let zoe = try harness.addPlayer("Zoë")
        try harness.open("players/\(zoe.id)/edit/age")
        try harness.run(.fill([("age", "33")]))
        let deleted = try harness.run(Command(link: .screen(.player(zoe.id)), .deletePlayer))
        #expect(deleted.warnings == ["the kept draft of players/\(zoe.id)/edit/age went with the player"])
        guard case .state(let stored) = try harness.stored(for: ana) else {
            Issue.record("nothing stored")
            return
        }
        #expect(stored.keptDrafts.isEmpty)
        #expect(try harness.look().warnings.isEmpty)
    }

    @Test func aKeptDraftOfADeletedPlayerIsDroppedWithAWarningInAFreshAndALiveTree() throws {
        let zoe = try harness.addPlayer("Zoë")
        let kai = try harness.addPlayer("Kai")
        let app = harness.app()
        for player in [zoe, kai] {
            try app.perform(.open(.screen(.editPlayer(player.id, field: .name))))
            try app.perform(Command(.fill([("name", "Renamed \(player.id)")])))
        }
        try app.perform(.open(.screen(.players)))
        #expect(
            try harness.state()?.keptDrafts.map(\.path) == [
                "players/\(zoe.id)/edit/name", "players/\(kai.id)/edit/name",
            ])

        try sqlite(harness.path, "DELETE FROM players WHERE id = \(zoe.id)")
        let live = try app.perform(Command(.selectTab(.library)))
        #expect(live.warnings == ["no player \(zoe.id): the kept draft of players/\(zoe.id)/edit/name was dropped"])
        #expect(live.state?.keptDrafts.map(\.path) == ["players/\(kai.id)/edit/name"])

        try sqlite(harness.path, "DELETE FROM players WHERE id = \(kai.id)")
        let fresh = try harness.look()
        #expect(fresh.warnings == ["no player \(kai.id): the kept draft of players/\(kai.id)/edit/name was dropped"])
        #expect(fresh.state?.keptDrafts.isEmpty == true)
    }

    @Test func onlyTheNewestTwentyAreKeptAndLettingOneGoIsSaid() throws {
        var players: [Player] = []
        for index in 0...NavigationState.keptDraftLimit { players.append(try harness.addPlayer("P\(index)")) }
        let app = harness.app()
        var warnings: [String] = []
        for player in players {
            try app.perform(.open(.screen(.editPlayer(player.id, field: .age))))
            try app.perform(Command(.fill([("age", "20")])))
            warnings += try app.perform(.open(.screen(.players))).warnings
        }
        let kept = try #require(try harness.state()).keptDrafts
        #expect(kept.count == NavigationState.keptDraftLimit)
        #expect(kept.map(\.path) == players.dropFirst().map { "players/\($0.id)/edit/age" })
        #expect(
            warnings == [
                "only the newest 20 drafts are kept: the draft of players/\(players[0].id)/edit/age was dropped"
            ])
    }

    /// More kept drafts than the limit (a tampered row) are said to be dropped, oldest first.
    @Test func storedKeptDraftsPastTheLimitAreDroppedWithAWarning() throws {
        var players: [Player] = []
        for index in 0..<(NavigationState.keptDraftLimit + 3) { players.append(try harness.addPlayer("P\(index)")) }
        var state = NavigationState.initial
        state.keptDrafts = players.map {
            ScreenState(path: "players/\($0.id)/edit/age", draft: FormDraft(["age": "20"]))
        }
        try harness.store(state, for: ana)
        let outcome = try harness.look()
        #expect(outcome.state?.keptDrafts.count == NavigationState.keptDraftLimit)
        let dropped = players.prefix(3).map { "players/\($0.id)/edit/age" }.joined(separator: ", ")
        #expect(outcome.warnings == ["only the newest 20 drafts are kept: the drafts of \(dropped) were dropped"])
    }

    /// Stored kept drafts are data like any other: what makes no sense is let go, the rest stays.
    @Test func tamperedKeptDraftsAreCheckedOneByOne() throws {
        let zoe = try harness.addPlayer("Zoë")
        var state = NavigationState.initial
        state.stacks[.players] = [
            ScreenState(path: "players"), ScreenState(path: "players/new", draft: FormDraft(["name": "Open"])),
        ]
        state.keptDrafts = [
            ScreenState(path: "players/new", draft: FormDraft(["name": "Shadowed by the open form"])),
            ScreenState(path: "no such screen", draft: FormDraft(["x": "1"])),
            ScreenState(path: "login", draft: FormDraft(["username": "x"])),
            ScreenState(path: "players/\(zoe.id)", draft: FormDraft(["name": "Not a form"])),
            ScreenState(path: "players/\(zoe.id)/edit/age", draft: FormDraft(["age": "abc", "bogus": "1"])),
            ScreenState(path: "players/\(zoe.id)/edit/name", draft: FormDraft(["name": "Older"])),
            ScreenState(path: "players/\(zoe.id)/edit/name", draft: FormDraft(["name": "Zed", "age": "40"])),
            ScreenState(path: "players/\(zoe.id)/edit/skill", draft: nil),
        ]
        try harness.store(state, for: ana)
        let outcome = try harness.look()
        // A value typed as it stands (an age of "abc") is kept for the submit to refuse; a field
        // the form does not have is not.
        #expect(
            outcome.state?.keptDrafts == [
                ScreenState(path: "players/\(zoe.id)/edit/age", draft: FormDraft(["age": "abc"])),
                ScreenState(path: "players/\(zoe.id)/edit/name", draft: FormDraft(["name": "Zed"])),
            ])
        #expect(
            outcome.warnings == [
                "the kept draft of players/new gave way to the same form open on its stack",
                "unknown screen 'no such screen': the kept draft of no such screen was dropped",
                "login is not a form of the signed-in app: the kept draft of login was dropped",
                "players/\(zoe.id) is not a form: the kept draft of players/\(zoe.id) was dropped",
                "the draft of players/\(zoe.id)/edit/age had fields its form does not have (bogus); they were dropped",
                "the draft of players/\(zoe.id)/edit/name had fields its form does not have (age); they were dropped",
                "players/\(zoe.id)/edit/name had two kept drafts; the older was dropped",
            ])
        #expect(outcome.state?.stack(for: .players).last?.draft == FormDraft(["name": "Open"]))
    }
}
