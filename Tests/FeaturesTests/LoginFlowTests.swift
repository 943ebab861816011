import ClubhouseDomain
import ClubhouseFeatures
import ClubhouseNavigation
import ClubhouseTestSupport
import Testing

@Suite struct LoginFlowTests {
    let harness: AppHarness

    init() throws {
        harness = try AppHarness()
    }

    @Test func signedOutAppShowsTheLoginFlow() throws {
        let app = harness.app()
        let outcome = try app.look()
        guard case .login(let screen) = outcome.view else {
            Issue.record("not the login flow")
            return
        }
        #expect(screen == .login)
        #expect(app.login?.router.stack == [.login])
        #expect(app.main == nil)
        #expect(throws: ClubhouseError.notSignedIn) { try harness.run(.back) }
    }

    @Test func registeringPushesTheRegisterScreenAndReleasesItsCoordinatorWhenDone() throws {
        let app = harness.app()
        try app.start()
        let login = try #require(app.login)
        weak var released: RegisterCoordinator?
        do {
            let register = login.showRegister()
            released = register
            #expect(login.router.stack == [.login, .register])
        }
        let outcome = try app.perform(Command(.register(username: "ana", password: AppHarness.password)))
        guard case .registered(let user) = outcome.result else {
            Issue.record("not registered")
            return
        }
        #expect(user.username == "ana")
        #expect(login.router.stack == [.login])
        #expect(login.childCoordinators.isEmpty)
        #expect(released == nil)
        #expect(app.main == nil)  // registering does not sign in
    }

    @Test func signingInLandsOnHomeAndStoresThatState() throws {
        let ana = try harness.registerAndSignIn("ana")
        #expect(try harness.state() == .initial)
        #expect(try harness.stored(for: ana) == .state(.initial))
    }

    @Test func wrongPasswordAndUnknownUserGiveTheSameError() throws {
        try harness.registerAndSignIn("ana")
        try harness.signOut()
        for (name, password) in [
            ("ana", "wrong-pass"), ("nobody", AppHarness.password), ("bad name!", AppHarness.password),
        ] {
            #expect(throws: ClubhouseError.wrongCredentials) {
                try harness.run(.signIn(username: name, password: password))
            }
        }
        // Usernames match whatever their case.
        try harness.run(.signIn(username: "ANA", password: AppHarness.password))
    }

    @Test func theLoginFlowIsClosedWhileSomeoneIsSignedIn() throws {
        try harness.registerAndSignIn("ana")
        #expect(throws: ClubhouseError.alreadySignedIn(username: "ana")) {
            try harness.run(.signIn(username: "ana", password: AppHarness.password))
        }
        #expect(throws: ClubhouseError.alreadySignedIn(username: "ana")) { try harness.open("login") }
    }

    @Test func signingOutForgetsTheNavigationAndItsHistory() throws {
        let ana = try harness.registerAndSignIn("ana")
        let player = try harness.addPlayer("Zoë")
        try harness.open("players/\(player.id)")
        try harness.run(.selectTab(.library))
        #expect(try harness.database.read { try $0.journal.entries(for: ana.id, limit: 10) }.count > 0)

        try harness.signOut()
        #expect(try harness.stored(for: ana) == StoredNavigation.none)
        #expect(try harness.database.read { try $0.journal.entries(for: ana.id, limit: 10) }.isEmpty)

        try harness.run(.signIn(username: "ana", password: AppHarness.password))
        #expect(try harness.state() == .initial)
    }

    @Test func aLinkOpenedWhileSignedOutOpensRightAfterTheNextSignIn() throws {
        try harness.registerAndSignIn("ana")
        let player = try harness.addPlayer("Zoë")
        try harness.signOut()
        let kept = try harness.run(.deepLink(.screen(.editPlayer(player.id, field: .name))))
        #expect(kept.result == .linkKept("players/\(player.id)/edit/name"))

        let outcome = try harness.run(.signIn(username: "ana", password: AppHarness.password))
        guard case .signedIn(_, let opened) = outcome.result else {
            Issue.record("not signed in")
            return
        }
        #expect(opened == "players/\(player.id)/edit/name")
        #expect(
            try harness.state()?.paths(.players) == [
                "players", "players/\(player.id)", "players/\(player.id)/edit/name",
            ])
        // Opened once: the next sign-in lands where it normally would.
        try harness.signOut()
        let again = try harness.run(.signIn(username: "ana", password: AppHarness.password))
        #expect(again.result == .signedIn(again.state.map { _ in User(id: 1, username: "ana") }!, openedLink: nil))
    }

    @Test func aPendingLinkToARecordGoneByTheSignInIsReportedAndNothingBreaks() throws {
        try harness.registerAndSignIn("ana")
        try harness.signOut()
        try harness.run(.deepLink(.screen(.player(42))))
        let outcome = try harness.run(.signIn(username: "ana", password: AppHarness.password))
        #expect(outcome.state == .initial)
        #expect(outcome.warnings.count == 1)
        #expect(outcome.warnings.first?.contains("no player 42") == true)
    }

    @Test func signedOutOnlyOpenKeepsALinkAndEveryOtherCommandFailsWritingNothing() throws {
        try harness.registerAndSignIn("ana")
        try harness.signOut()
        try harness.run(.deepLink(.screen(.players)))
        let pending = { try harness.database.read { try $0.pendingLinks.pending() } }
        #expect(try pending() == "players")
        #expect(throws: ClubhouseError.notSignedIn) {
            try harness.run(Command(link: .screen(.newPlayer), .submit([("name", "Lost")], discardingDraft: false)))
        }
        #expect(throws: ClubhouseError.notSignedIn) { try harness.open("players/1") }  // not a deep link
        #expect(throws: ClubhouseError.notSignedIn) { try harness.run(.open(.page(.results))) }
        #expect(try pending() == "players")
    }

    @Test func aPendingLinkThatIsNotAScreenIsDroppedWithAWarning() throws {
        try harness.registerAndSignIn("ana")
        try harness.signOut()
        try sqlite(harness.path, "INSERT INTO pending_link (id, link) VALUES (1, 'players/1/edit/bogus')")
        let outcome = try harness.run(.signIn(username: "ana", password: AppHarness.password))
        #expect(outcome.state == .initial)
        #expect(
            outcome.warnings == [
                "the link 'players/1/edit/bogus' kept while signed out is not a screen; it was dropped"
            ])
        #expect(try sqlite(harness.path, "SELECT count(*) FROM pending_link") == "0")
    }

    @Test func anUnreadablePendingLinkIsRemovedWithAWarningToo() throws {
        try harness.registerAndSignIn("ana")
        try harness.signOut()
        try sqlite(harness.path, "INSERT INTO pending_link (id, link) VALUES (1, X'00FF')")
        let outcome = try harness.run(.signIn(username: "ana", password: AppHarness.password))
        #expect(outcome.warnings.count == 1)
        #expect(outcome.warnings.first?.hasSuffix("kept while signed out is not a screen; it was dropped") == true)
        #expect(try sqlite(harness.path, "SELECT count(*) FROM pending_link") == "0")
    }
}
