import Domain
import Features
import Navigation
import Testing

@Suite struct PlayersFlowTests {
    let harness: AppHarness

    init() throws {
        harness = try AppHarness()
        try harness.registerAndSignIn("ana")
    }

    @Test func addingAPlayerRunsTheFormAndReturnsToTheList() throws {
        let player = try harness.command { app in
            let players = try app.requireMain().showPlayers()
            weak var released: PlayerAddCoordinator?
            let player: Player
            do {
                let form = players.startAdd()
                released = form
                #expect(players.stack == [.players, .newPlayer])
                player = try form.submit(PlayerDraft(name: "  Zoë O'Brien ", age: 27, skill: .amateur))
            }
            #expect(players.stack == [.players])
            #expect(players.childCoordinators.isEmpty)
            #expect(released == nil)
            return player
        }
        #expect(player.name == "Zoë O'Brien")
        let snapshot = try #require(try harness.snapshot())
        #expect(snapshot.selectedTab == .players)
        #expect(snapshot.stack(for: .players) == ["players"])
        let listed = try harness.look { try $0.requireMain().players.listViewModel().players }
        #expect(listed == [player])
    }

    @Test func aRejectedDraftChangesNothing() throws {
        try harness.command { try $0.requireMain().select(.library) }
        #expect(throws: ClubhouseError.invalidInput("name must not be empty")) {
            try harness.command { app in try app.requireMain().showPlayers().startAdd().submit(PlayerDraft(name: " ")) }
        }
        // The whole command rolled back: still on the library tab, still no players.
        #expect(try harness.snapshot()?.selectedTab == .library)
        #expect(try harness.look { try $0.requireMain().players.listViewModel().players }.isEmpty)
    }

    @Test func showingAPlayerPushesItsDetailAndBackReleasesIt() throws {
        let player = try harness.addPlayer("Zoë")
        try harness.command { app in
            let main = try app.requireMain()
            let detail = try main.showPlayers().showDetail(player.id)
            #expect(detail.viewModel.player == player)
        }
        #expect(try harness.snapshot()?.stack(for: .players) == ["players", "players/\(player.id)"])

        try harness.command { app in
            let main = try app.requireMain()
            weak let released = main.players.childCoordinators.last
            #expect(released is PlayerDetailCoordinator)
            try main.back()
            #expect(main.players.stack == [.players])
            #expect(main.players.childCoordinators.isEmpty)
            #expect(released == nil)
            try main.back()  // at the root: nothing to pop
            #expect(main.players.stack == [.players])
        }
    }

    @Test func showingAnUnknownPlayerFailsAndPushesNothing() throws {
        #expect(throws: ClubhouseError.playerNotFound(42)) {
            try harness.command { app in try app.requireMain().showPlayers().showDetail(42) }
        }
        #expect(try harness.snapshot() == .initial)
    }

    @Test func anotherUsersPlayersStayInvisible() throws {
        let zoe = try harness.addPlayer("Zoë")
        try harness.signOut()
        try harness.registerAndSignIn("bob")
        #expect(throws: ClubhouseError.playerNotFound(zoe.id)) {
            try harness.command { app in try app.requireMain().showPlayers().showDetail(zoe.id) }
        }
        #expect(try harness.look { try $0.requireMain().players.listViewModel().players }.isEmpty)
    }

    @Test func eachTabKeepsItsStackAndThePageViewSelectsHome() throws {
        let player = try harness.addPlayer("Zoë")
        try harness.command { app in try app.requireMain().showPlayers().showDetail(player.id) }
        try harness.command { app in try app.requireMain().select(.library) }
        try harness.command { app in try app.requireMain().select(.results) }
        var snapshot = try #require(try harness.snapshot())
        #expect(snapshot.selectedTab == .home)
        #expect(snapshot.selectedPage == .results)
        #expect(snapshot.stack(for: .players) == ["players", "players/\(player.id)"])

        try harness.command { app in try app.requireMain().select(.players) }
        snapshot = try #require(try harness.snapshot())
        #expect(snapshot.selectedTab == .players)
        #expect(snapshot.selectedPage == .results)
        let top = try harness.look { try $0.requireMain().currentScreen }
        #expect(top == .player(player.id))
    }
}
