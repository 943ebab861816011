import Domain
import Features
import Navigation
import TestSupport
import Testing

/// One tree kept across many actions, as an interactive screen keeps it, while other "processes"
/// (fresh trees on the same file) change the stored state and the data under it.
@Suite struct LiveTreeTests {
    let harness: AppHarness

    init() throws {
        harness = try AppHarness()
        try harness.registerAndSignIn("ana")
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
