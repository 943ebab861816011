import ClubhouseDomain
import ClubhouseFeatures
import ClubhouseNavigation
import ClubhousePersistence
import ClubhouseSecurity
import ClubhouseTestSupport
import Foundation
import Testing

/// One coordinator tree kept across many actions in this process, as the interactive screen will
/// keep it, while the real binary reads (and sometimes changes) the same file between them.
@Suite(.heavy) struct LiveTreeProcessTests {
    /// Ten actions, run ten times over: links, a tab, a page, a form's draft on a tab's stack, a
    /// modal flow presented over the tabs with a draft of its own and then cancelled, a link plus
    /// an action, and undo. Two of them (`fill`) change nothing but a draft, which must be saved
    /// all the same.
    static var commands: [Command] {
        [
            .open(.screen(.player(1))),
            Command(.selectTab(.library)),
            .open(.page(.reading)),
            .open(.screen(.editPlayer(2, field: .age))),
            Command(.fill([("age", "33")])),
            .open(.screen(.newBook)),
            Command(.fill([("title", "Dune"), ("isbn", "9780441013593")])),
            Command(.back),
            Command(link: .screen(.newPlayer), .fill([("name", "Ana")])),
            Command(.undo),
        ]
    }

    @Test func oneTreePerformsAHundredActionsAndTheBinarySeesEachOne() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë", "Kai")

        let app = AppCoordinator(store: try AppDatabase.open(path: path), hasher: ScryptPasswordHasher())
        var sawModal = false
        var sawDraftOnly = false
        let commands = Self.commands
        var previous: NavigationState?
        for step in 0..<100 {
            let outcome = try app.perform(commands[step % commands.count])
            guard case .main(let user, let state, _) = outcome.view else {
                Issue.record("signed out at step \(step)")
                return
            }
            #expect(outcome.warnings.isEmpty, "step \(step): \(outcome.warnings)")
            sawModal = sawModal || state.modal != nil
            if let previous, previous != state, previous.withoutDrafts == state.withoutDrafts { sawDraftOnly = true }
            previous = state

            // What is stored, read through a connection of its own, is the live tree's state as a
            // whole: every tab's stack with every draft, the modal and its drafts, tab and page.
            let fresh = try AppDatabase.open(path: path)
            let stored = try fresh.read { try $0.navigation.load(for: user.id) }
            #expect(stored == .state(state), "step \(step)")

            // And another process shows all of it.
            let seen = try clubhouse.navigation()
            expect(seen, shows: state, step: step)

            // Every tenth step another process moves; the live tree must pick that up.
            if step % 10 == 9 {
                let moved = try clubhouse.run(["tab", "questions"])
                #expect(moved.status == 0, "step \(step): \(moved.stderr)")
                let next = try app.perform(Command(.none))
                #expect(next.stateTab == .questions, "step \(step)")
                previous = next.state
            }
        }
        // The run went through what the checks are for.
        #expect(sawModal)
        #expect(sawDraftOnly)
        #expect(try sqlite(path, "PRAGMA integrity_check") == "ok")
    }

    /// `nav --json` of another process against the live tree's state: every key it prints about
    /// the state. Keys added later are left alone.
    private func expect(
        _ seen: [String: Any], shows state: NavigationState, step: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(seen["flow"] as? String == "main", "step \(step)", sourceLocation: sourceLocation)
        #expect(seen["tab"] as? String == state.selectedTab.rawValue, "step \(step)", sourceLocation: sourceLocation)
        #expect(seen["page"] as? String == state.selectedPage.rawValue, "step \(step)", sourceLocation: sourceLocation)
        #expect(
            seen["stack"] as? [String] == state.stack(for: state.selectedTab).map(\.path), "step \(step)",
            sourceLocation: sourceLocation)
        let everyStack = Dictionary(
            uniqueKeysWithValues: Tab.allCases.map { ($0.rawValue, state.stack(for: $0).map(\.path)) })
        #expect(stacks(seen) == everyStack, "step \(step)", sourceLocation: sourceLocation)
        if let modal = state.modal {
            #expect(
                seen["modal"] as? [String] == modal.stack.map(\.path), "step \(step)", sourceLocation: sourceLocation)
        } else {
            #expect(
                seen["modal"] is NSNull, "step \(step): \(seen["modal"] ?? "absent")", sourceLocation: sourceLocation)
        }
        var drafts: [String: [String: String]] = [:]
        for screen in state.allScreens { if let draft = screen.draft { drafts[screen.path] = draft.fields } }
        #expect(
            seen["drafts"] as? [String: [String: String]] == drafts, "step \(step)", sourceLocation: sourceLocation)
    }
}

extension Outcome {
    fileprivate var stateTab: Tab? {
        if case .main(_, let state, _) = view { return state.selectedTab }
        return nil
    }

    fileprivate var state: NavigationState? {
        if case .main(_, let state, _) = view { return state }
        return nil
    }
}
