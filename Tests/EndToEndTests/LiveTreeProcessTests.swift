import Domain
import Features
import Foundation
import Navigation
import Persistence
import Security
import TestSupport
import Testing

/// One coordinator tree kept across many actions in this process, as the interactive screen will
/// keep it, while the real binary reads (and sometimes changes) the same file between them.
@Suite struct LiveTreeProcessTests {
    @Test func oneTreePerformsAHundredActionsAndTheBinarySeesEachOne() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        #expect(try clubhouse.run(["player", "add", "--name", "Zoë"]).status == 0)
        #expect(try clubhouse.run(["player", "add", "--name", "Kai"]).status == 0)

        let app = AppCoordinator(store: try AppDatabase.open(path: path), hasher: ScryptPasswordHasher())
        let commands: [Command] = [
            .open(.screen(.player(1))), Command(.selectTab(.library)), .open(.page(.reading)),
            .open(.screen(.editPlayer(2, field: .age))), Command(.fill([("age", "33")])), Command(.back),
            .open(.screen(.newPlayer)), Command(.fill([("name", "Ana")])), Command(.selectTab(.profile)),
            Command(.undo),
        ]
        for step in 0..<100 {
            let outcome = try app.perform(commands[step % commands.count])
            guard case .main(_, let state, _) = outcome.view else {
                Issue.record("signed out at step \(step)")
                return
            }
            let seen = try jsonObject(try clubhouse.run(["nav", "--json"]).stdout)
            #expect(seen["tab"] as? String == state.selectedTab.rawValue, "step \(step)")
            #expect(seen["page"] as? String == state.selectedPage.rawValue, "step \(step)")
            #expect(seen["stack"] as? [String] == state.stack(for: state.selectedTab).map(\.path), "step \(step)")
            // Every tenth step another process moves; the live tree must pick that up.
            if step % 10 == 9 {
                #expect(try clubhouse.run(["tab", "questions"]).status == 0)
                let next = try app.perform(Command(.none))
                #expect(next.stateTab == .questions, "step \(step)")
            }
        }
        #expect(try sqlite(path, "PRAGMA integrity_check") == "ok")
    }
}

extension Outcome {
    fileprivate var stateTab: Tab? {
        if case .main(_, let state, _) = view { return state.selectedTab }
        return nil
    }
}
