import ClubhouseDomain
import ClubhouseFeatures
import ClubhouseNavigation
import ClubhouseTestSupport
import Testing

/// One tree kept across many actions, as an interactive screen keeps it, while other "processes"
/// (fresh trees on the same file) change the stored state and the data under it.
@Suite struct LiveTreeTests {
    let harness: AppHarness

    init() throws {
        harness = try AppHarness()
        try harness.registerAndSignIn("ana")
    }

    /// A prompt answers field after field through one tree; meanwhile another process signs in
    /// someone else on the same form. The answers must not land in that user's draft.
    @Test func anExpectedFormRefusesAnotherUsersFormInItsPlace() throws {
        let live = harness.app()
        let opened = try live.perform(.open(.screen(.newPlayer)))
        guard case .main(let ana, _, _) = opened.view else {
            Issue.record("not signed in")
            return
        }
        let expecting = ScreenExpectation(user: ana.id, screen: .newPlayer)
        try live.perform(Command(.fill([("name", "Ana's")]), expecting: expecting))

        try harness.signOut()
        let bob = try harness.registerAndSignIn("bob")
        try harness.open("players/new")
        #expect(throws: ClubhouseError.self) {
            try live.perform(Command(.fill([("age", "30")]), expecting: expecting))
        }
        #expect(throws: ClubhouseError.self) {
            try live.perform(Command(.submit([], discardingDraft: false), expecting: expecting))
        }
        #expect(try harness.state()?.stack(for: .players).last == ScreenState(path: "players/new", draft: FormDraft()))
        #expect(try harness.database.read { try $0.players.count(owner: bob.id) } == 0)

        // The same form with another draft (typed into, or ended and opened again) is refused.
        try harness.signOut()
        _ = try harness.run(.signIn(username: "ana", password: AppHarness.password))
        let live3 = harness.app()
        try live3.perform(.open(.screen(.newPlayer)))
        let ana3 = ScreenExpectation(user: ana.id, screen: .newPlayer, draft: FormDraft())
        try harness.run(.fill([("name", "Someone else's")]))
        #expect(throws: ClubhouseError.self) {
            try live3.perform(Command(.fill([("age", "30")]), expecting: ana3))
        }
        #expect(try harness.state()?.currentScreen.draft == FormDraft(["name": "Someone else's"]))
        try live3.perform(
            Command(
                .fill([("age", "30")]),
                expecting: ScreenExpectation(
                    user: ana.id, screen: .newPlayer, draft: FormDraft(["name": "Someone else's"]))))

        // The same user on another form of the same tab is refused too.
        try harness.signOut()
        _ = try harness.run(.signIn(username: "ana", password: AppHarness.password))
        let live2 = harness.app()
        try live2.perform(.open(.screen(.newPlayer)))
        try harness.open("players")
        #expect(throws: ClubhouseError.self) {
            try live2.perform(Command(.fill([("name", "Late")]), expecting: expecting))
        }
    }

    @Test func aLiveTreeSeesWhatAnotherProcessChanged() throws {
        let zoe = try harness.addPlayer("Zoë")
        let live = harness.app()
        try live.perform(.open(.screen(.player(zoe.id))))
        let main = try live.requireMain()

        try harness.run(.selectTab(.library))  // another process moves
        let outcome = try live.perform(Command(.none))
        #expect(outcome.state?.selectedTab == .library)
        #expect(outcome.state?.paths(.players) == ["players", "players/\(zoe.id)"])

        // Same stored state, but the record under a screen is gone: the live tree cuts it.
        try harness.database.write { _ in }
        try live.perform(Command(.selectTab(.players)))
        try TestSupportSQL.delete(player: zoe.id, in: harness)
        let cut = try live.perform(Command(.none))
        #expect(cut.state?.paths(.players) == ["players"])
        #expect(cut.warnings.count == 1)
        #expect(try live.requireMain() === main)  // the same tree lived on
    }

    @Test func aFailedActionLeavesTheStoredStateAndTheNextActionRebuildsFromIt() throws {
        let live = harness.app()
        try live.perform(Command(.selectTab(.players)))
        #expect(throws: ClubhouseError.self) { try live.perform(.open(.screen(.player(99)))) }
        let outcome = try live.perform(Command(.none))
        #expect(outcome.state?.paths(.players) == ["players"])
        #expect(outcome.state?.selectedTab == .players)
    }
}

enum TestSupportSQL {
    static func delete(player id: Player.ID, in harness: AppHarness) throws {
        try sqlite(harness.path, "DELETE FROM players WHERE id = \(id)")
    }
}
