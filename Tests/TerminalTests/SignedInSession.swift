import Clubhouse
import Foundation

@testable import ClubhouseTerminal

/// Ana signed in on an app in memory, and the app's session on it at 100×30 with a fixed clock:
/// what the update-step tests start from.
func signedInSession(clock now: Milliseconds = 0) throws -> (ClubhouseApp, TerminalSession) {
    let app = try signedInApp()
    return (app, try TerminalSession(app: app, layout: Layout(width: 100, height: 30), clock: { now }))
}

/// Ana signed in on an app in memory, for tests that drive the update step themselves.
func signedInApp() throws -> ClubhouseApp {
    let app = try ClubhouseApp.inMemory(hashingCost: .testing)
    try app.register(username: "ana", password: "s3cret-pass", signingIn: true)
    return app
}
