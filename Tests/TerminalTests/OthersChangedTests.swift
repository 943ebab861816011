import Clubhouse
import ClubhouseTestSupport
import Testing

@testable import ClubhouseTerminal

/// Others' commits are read when the loop takes them, after every key already handled: a change
/// seen on the observing thread before the user's key can never show over that key.
@Suite struct OthersChangedTests {
    @Test func anotherScenesChangeNeverUndoesTheUsersLastKey() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("clubhouse.sqlite")
        let app = try ClubhouseApp(path: path, hashingCost: .testing)
        try app.register(username: "ana", password: "s3cret-pass", signingIn: true)
        let session = try TerminalSession(app: app, layout: Layout(width: 100, height: 30), clock: { 0 })
        // Another terminal of the same user (signing in holds for every scene).
        let right = try ClubhouseApp(path: path, scene: try SceneName("right"))

        // The other terminal moves (a commit this one's observer sees), then the user presses 2
        // before the loop takes the report.
        try right.select(.questions)
        _ = session.handle(.character("2"))
        #expect(session.frame().text.contains("Players (0)"))
        try session.othersChanged()
        #expect(session.frame().text.contains("Players (0)"), "\(session.frame().text)")

        // What the other terminal changes in the data shows, on the screen the user chose.
        try right.open("players/new")
        try right.submit([("name", "Kai")])
        try session.othersChanged()
        #expect(session.frame().text.contains("Players (1)"), "\(session.frame().text)")
    }
}
