import Domain
import Features
import Navigation
import Testing

@Suite struct LoginFlowTests {
    let harness: AppHarness

    init() throws {
        harness = try AppHarness()
    }

    @Test func signedOutAppShowsTheLoginFlow() throws {
        let (stack, hasMain) = try harness.look { app in (app.login?.router.stack, app.main != nil) }
        #expect(stack == [.login])
        #expect(!hasMain)
        #expect(throws: ClubhouseError.notSignedIn) { try harness.look { try $0.requireMain() } }
    }

    @Test func registeringPushesTheRegisterScreenAndReleasesItsCoordinatorWhenDone() throws {
        try harness.command { app in
            let login = try app.requireLogin()
            weak var released: RegisterCoordinator?
            do {
                let register = login.showRegister()
                released = register
                #expect(login.router.stack == [.login, .register])
                _ = try register.submit(username: "ana", password: AppHarness.password)
            }
            #expect(login.router.stack == [.login])
            #expect(login.childCoordinators.isEmpty)
            #expect(released == nil)
            #expect(app.main == nil)  // registering does not sign in
        }
    }

    @Test func signingInLandsOnHomeAndStoresThatState() throws {
        let ana = try harness.registerAndSignIn("ana")
        #expect(try harness.snapshot() == .initial)
        #expect(try harness.stored(for: ana) == .snapshot(.initial))
        let (login, username) = try harness.look { app in (app.login, app.main?.user.username) }
        #expect(login == nil)
        #expect(username == "ana")
    }

    @Test func wrongPasswordAndUnknownUserGiveTheSameError() throws {
        try harness.registerAndSignIn("ana")
        try harness.signOut()
        #expect(throws: ClubhouseError.wrongCredentials) {
            try harness.command { try $0.requireLogin().signIn(username: "ana", password: "wrong-pass") }
        }
        #expect(throws: ClubhouseError.wrongCredentials) {
            try harness.command { try $0.requireLogin().signIn(username: "nobody", password: AppHarness.password) }
        }
        #expect(throws: ClubhouseError.wrongCredentials) {
            try harness.command { try $0.requireLogin().signIn(username: "bad name!", password: AppHarness.password) }
        }
        // Usernames match whatever their case.
        try harness.command { _ = try $0.requireLogin().signIn(username: "ANA", password: AppHarness.password) }
    }

    @Test func theLoginFlowIsClosedWhileSomeoneIsSignedIn() throws {
        try harness.registerAndSignIn("ana")
        #expect(throws: ClubhouseError.alreadySignedIn(username: "ana")) {
            try harness.command { try $0.requireLogin() }
        }
    }

    @Test func signingOutForgetsTheNavigationAndTheNextSignInStartsAtHome() throws {
        let ana = try harness.registerAndSignIn("ana")
        let player = try harness.addPlayer("Zoë")
        try harness.command { app in try app.requireMain().showPlayers().showDetail(player.id) }
        try harness.command { app in try app.requireMain().select(.library) }

        try harness.signOut()
        #expect(try harness.stored(for: ana) == StoredNavigation.none)
        #expect(try harness.look { $0.login?.router.stack } == [.login])

        try harness.command { _ = try $0.requireLogin().signIn(username: "ana", password: AppHarness.password) }
        #expect(try harness.snapshot() == .initial)
    }
}
