import Clubhouse
import Foundation
import Testing

/// Where a sign-in lands (issue 30): home unless the user chose another tab, which then opens at
/// every sign-in on this device.
@Suite struct LandingTests {
    private func ana(in file: TemporaryFile) throws -> ClubhouseApp {
        let app = try registered(in: file)
        try app.open("players/new")
        try app.submit([("name", "Kai")])
        return app
    }

    private func signInAgain(_ app: ClubhouseApp, _ username: String = "ana", _ password: String = "s3cret-pass")
        throws -> NavigationState
    {
        try app.signOut()
        guard case .main(_, let state, _) = try app.signIn(username: username, password: password).view else {
            throw ClubhouseError.notSignedIn
        }
        return state
    }

    @Test func withoutAChoiceASignInLandsOnHome() throws {
        let file = try TemporaryFile()
        let app = try ana(in: file)
        #expect(try app.settings() == UserSettings(landing: .home))
        try app.select(.questions)
        #expect(try signInAgain(app).selectedTab == .home)
    }

    @Test func aChosenTabOpensAtEverySignIn() throws {
        let file = try TemporaryFile()
        let app = try ana(in: file)
        try app.open("players/1")
        let before = try app.look().view
        #expect(try app.land(on: .players) == UserSettings(landing: .players))
        #expect(try app.look().view == before, "choosing moves nothing now")
        try app.select(.library)
        let state = try signInAgain(app)
        #expect(state.selectedTab == .players)
        #expect(state.currentPlace == "players")
        // Kept in the file: another process, a later sign-in.
        let later = try ClubhouseApp(path: file.path)
        #expect(try later.settings().landing == .players)
        #expect(try signInAgain(later).selectedTab == .players)
        // Home again.
        try later.land(on: .home)
        #expect(try signInAgain(later).selectedTab == .home)
    }

    /// The seed's register lands on the player list: the tab is chosen with the account, and the
    /// sign-in that registering is lands there as every later one does.
    @Test func registeringLandsOnTheTabChosenForIt() throws {
        let file = try TemporaryFile()
        let app = try ClubhouseApp(path: file.path)
        let outcome = try app.register(username: "cy", password: "cy-password", signingIn: true, landing: .players)
        guard case .main(_, let state, _) = outcome.view else {
            Issue.record("not signed in")
            return
        }
        #expect(state.selectedTab == .players)
        #expect(try app.settings().landing == .players)
        #expect(try signInAgain(app, "cy", "cy-password").selectedTab == .players)
    }

    @Test func eachUserHasTheirOwn() throws {
        let file = try TemporaryFile()
        let app = try ana(in: file)
        try app.land(on: .profile)
        try app.signOut()
        try app.register(username: "bob", password: "b0b-password", signingIn: true)
        #expect(try app.settings() == UserSettings())
        #expect(try signInAgain(app, "bob", "b0b-password").selectedTab == .home)
        #expect(try signInAgain(app).selectedTab == .profile)
    }

    @Test func aLinkKeptForTheSignInStillOpens() throws {
        let file = try TemporaryFile()
        let app = try ana(in: file)
        try app.land(on: .library)
        try app.signOut()
        #expect(try app.perform(.deepLink(try #require(Link("players/1")))).result == .linkKept("players/1"))
        guard case .main(_, let state, _) = try app.signIn(username: "ana", password: "s3cret-pass").view else {
            Issue.record("not signed in")
            return
        }
        #expect(state.selectedTab == .players)
        #expect(state.currentScreen.path == "players/1")
    }

    @Test func settingsNeedASignIn() throws {
        let file = try TemporaryFile()
        let app = try ana(in: file)
        try app.signOut()
        #expect(throws: ClubhouseError.notSignedIn) { try app.settings() }
        #expect(throws: ClubhouseError.notSignedIn) { try app.land(on: .players) }
    }

    /// A value no release writes (a file edited with CHECK constraints off) is the default, with a
    /// warning: the sign-in still works.
    @Test func aTamperedLandingIsTheDefault() throws {
        let file = try TemporaryFile()
        let app = try ana(in: file)
        try app.land(on: .players)
        try sqlite3(file.path, "PRAGMA ignore_check_constraints = ON; UPDATE user_settings SET landing_tab = 'attic'")
        let later = try ClubhouseApp(path: file.path)
        let warning = "the stored landing tab is not a tab; sign-in lands on home until you choose one"
        let read = try later.look(.settings)
        #expect(read.settings == UserSettings())
        #expect(read.warnings == [warning])
        try later.signOut()
        let signedIn = try later.signIn(username: "ana", password: "s3cret-pass")
        #expect(signedIn.warnings == [warning])
        guard case .main(_, let state, _) = signedIn.view else { throw ClubhouseError.notSignedIn }
        #expect(state.selectedTab == .home)
        // Text that is a tab's name, stored as bytes, is no tab either.
        try sqlite3(
            file.path,
            "PRAGMA ignore_check_constraints = ON; UPDATE user_settings SET landing_tab = CAST('players' AS BLOB)")
        #expect(try later.look(.settings).warnings == [warning])
        // Choosing again mends it.
        try later.land(on: .questions)
        #expect(try later.look(.settings).warnings.isEmpty)
    }
}
