import ClubhouseDomain
import ClubhouseFeatures
import ClubhouseNavigation
import ClubhousePersistence
import ClubhouseSecurity
import ClubhouseTestSupport
import Foundation
import Testing

/// The journal keeps the newest 500 entries of each user, through the road every command takes
/// (`AppCoordinator.perform`), while another user's entries are left alone.
@Suite(.heavy) struct JournalBoundTests {
    /// A change as the journal lists it.
    struct Change: Equatable, CustomStringConvertible {
        var from: String
        var to: String
        var description: String { "\(from) → \(to)" }
    }

    @Test func moreThanFiveHundredChangesKeepTheNewestFiveHundredOfThatUserOnly() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)  // ana, signed in
        let database = try AppDatabase.open(path: path)
        let app = AppCoordinator(store: database, hasher: ScryptPasswordHasher(cost: .testing))
        let ana = try #require(try database.read { try $0.sessions.activeUser() })

        // Bob journals a few changes of his own; his session then ends without signing out (which
        // would forget his journal), and ana's starts again.
        try database.write { try $0.sessions.endActive() }
        try app.perform(Command(.register(username: "bob", password: Fixtures.password)))
        try app.perform(Command(.signIn(username: "bob", password: Fixtures.password)))
        for tab in [Tab.players, .library, .questions, .profile, .home] { try app.perform(Command(.selectTab(tab))) }
        try app.perform(.open(.page(.results)))
        let bob = try #require(try database.read { try $0.sessions.activeUser() })
        #expect(bob != ana)
        let bobsRows = "SELECT * FROM navigation_journal WHERE user_id = \(bob.id) ORDER BY id"
        let bobsJournal = try sqlite(path, bobsRows)
        #expect(try sqlite(path, "SELECT count(*) FROM navigation_journal WHERE user_id = \(bob.id)") == "6")
        try database.write {
            try $0.sessions.endActive()
            try $0.sessions.start(for: ana.id)
        }

        // Ana's players, then changes picked by a seeded generator until well over 500 were journaled.
        let start = try app.perform(Command(.none))
        #expect(start.warnings.isEmpty)
        var previous = try #require(start.mainState)
        var written: [Change] = []
        func perform(_ command: Command) throws {
            let state = try #require(try app.perform(command).mainState)
            // The journal's rule: a change of where the user is, drafts aside.
            if state.withoutDrafts != previous.withoutDrafts {
                written.append(Change(from: previous.currentPlace, to: state.currentPlace))
            }
            previous = state
        }
        for name in ["Zoë", "Kai", "Lea"] {
            try perform(Command(link: .screen(.newPlayer), .submit([("name", name)], discardingDraft: false)))
        }
        // Every entry from here on is ana's, under the ids that follow the newest one so far.
        let newestBefore = Int(try sqlite(path, "SELECT max(id) FROM navigation_journal")) ?? 0
        let writtenBefore = written.count
        var random = SeededGenerator(seed: 500)
        while written.count - writtenBefore < 530 {
            let id = Int64.random(in: 1...3, using: &random)
            let commands: [Command] = [
                .open(.screen(.player(id))),
                .open(.screen(.editPlayer(id, field: PlayerField.allCases.randomElement(using: &random)!))),
                Command(.selectTab(Tab.allCases.randomElement(using: &random)!)),
                .open(.page(HomePage.allCases.randomElement(using: &random)!)),
                Command(.back),
            ]
            try perform(commands.randomElement(using: &random)!)
        }
        let kept = Array(written.suffix(500))

        // Exactly the newest 500 of ana's entries remain, in order, with the ids they were written under.
        #expect(try sqlite(path, "SELECT count(*) FROM navigation_journal WHERE user_id = \(ana.id)") == "500")
        let ids = try sqlite(path, "SELECT id FROM navigation_journal WHERE user_id = \(ana.id) ORDER BY id")
        let newest = newestBefore + written.count - writtenBefore
        #expect(ids == (newest - 499...newest).map(String.init).joined(separator: "\n"))
        let rows = try sqlite(
            path, "SELECT from_screen, to_screen FROM navigation_journal WHERE user_id = \(ana.id) ORDER BY id")
        #expect(rows == kept.map { "\($0.from)|\($0.to)" }.joined(separator: "\n"))

        // The binary lists the same 500, newest first.
        let clubhouse = ClubhouseProcess(database: path)
        let history = try clubhouse.run(["history", "--json", "--limit", "500"])
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stderr.isEmpty)
        let entries = try jsonArray(history.stdout)
        #expect(entries.count == 500)
        let listed = entries.map { Change(from: $0["from"] as? String ?? "?", to: $0["to"] as? String ?? "?") }
        #expect(listed == kept.reversed())
        #expect(entries.allSatisfy { $0["kind"] as? String == "navigate" })

        // Bob's entries, older than every one of ana's that was dropped, are untouched.
        #expect(try sqlite(path, bobsRows) == bobsJournal)
        #expect(try sqlite(path, "PRAGMA integrity_check") == "ok")
    }
}

extension Outcome {
    /// The state of the signed-in flow, nil on the login flow.
    fileprivate var mainState: NavigationState? {
        if case .main(_, let state, _) = view { return state }
        return nil
    }
}
