import Domain
import Features
import Navigation
import Testing

@Suite struct RestorationTests {
    let harness: AppHarness
    let ana: User

    init() throws {
        harness = try AppHarness()
        ana = try harness.registerAndSignIn("ana")
    }

    private func store(_ stacks: [Tab: [String]], tab: Tab = .players) throws {
        try harness.database.write { repositories in
            try repositories.navigation.save(
                NavigationSnapshot(selectedTab: tab, selectedPage: .reading, stacks: stacks), for: ana.id)
        }
    }

    @Test func aScreenWhoseRecordIsGoneIsCutAndTheUserLandsBelowIt() throws {
        try store([.players: ["players", "players/999"]])
        let (stack, warnings) = try harness.look { app in (app.main?.players.stack, app.warnings) }
        #expect(stack == [.players])
        #expect(warnings.isEmpty)
    }

    @Test func screensAFlowDoesNotOwnAreCutWithEverythingAboveThem() throws {
        let player = try harness.addPlayer("Zoë")
        try store([
            .players: ["players", "players/\(player.id)", "players/\(player.id)/edit/name"],
            .library: ["library", "books/9780306406157"],
            .home: ["home", "players/\(player.id)"],
        ])
        let snapshot = try #require(try harness.snapshot())
        #expect(snapshot.stack(for: .players) == ["players", "players/\(player.id)"])
        #expect(snapshot.stack(for: .library) == ["library"])
        #expect(snapshot.stack(for: .home) == ["home"])
        #expect(snapshot.selectedPage == .reading)
    }

    @Test func theCutStateIsSavedByTheNextCommandThatWrites() throws {
        try store([.players: ["players", "players/999"]])
        try harness.command { _ in }
        guard case .snapshot(let saved) = try harness.stored(for: ana) else {
            Issue.record("nothing stored")
            return
        }
        #expect(saved.stack(for: .players) == ["players"])
        #expect(saved.selectedTab == .players)
    }

    @Test(arguments: [
        ["players": ["players", "not a screen"]],
        ["players": ["library"]],
        ["players": ["players/1"]],
    ])
    func anUnreadableStackFallsBackToHomeWithAWarning(_ stacks: [String: [String]]) throws {
        try store(Dictionary(uniqueKeysWithValues: stacks.map { (Tab(rawValue: $0.key)!, $0.value) }))
        let (snapshot, warnings) = try harness.look { app in (app.main?.snapshot, app.warnings) }
        #expect(snapshot == .initial)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("starting at home") == true)
    }

    @Test func aNoOpBackStillSavesTheCutState() throws {
        try store([.players: ["players", "players/999"]], tab: .library)
        try harness.command { app in try app.requireMain().back() }  // library is at its root
        guard case .snapshot(let saved) = try harness.stored(for: ana) else {
            Issue.record("nothing stored")
            return
        }
        #expect(saved.stack(for: .players) == ["players"])
        #expect(saved.selectedTab == .library)
    }
}
