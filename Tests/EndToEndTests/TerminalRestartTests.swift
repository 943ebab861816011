import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// kill -9 the app at any moment and the next start shows the same screen, the same selected row
/// and the same half-typed text in the same field (tmux, the built binary).
@Suite(.heavy) struct TerminalRestartTests {
    let fixture: TerminalAppFixture
    var cli: ClubhouseProcess { fixture.cli }

    init() throws {
        fixture = try TerminalAppFixture()
        try fixture.register()
    }

    func app() -> String { fixture.app() }

    /// Kills the app in the pane with SIGKILL and starts it again in a new window.
    func killAndRestart(_ pane: TmuxPane, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let child = try #require(try pane.childProcess(), sourceLocation: sourceLocation)
        kill(child, SIGKILL)
        // A killed app leaves the terminal raw (no carriage return), so the shell's line can land at
        // any column and wrap there: compare without white space.
        #expect(
            pane.wait { $0.filter { !$0.isWhitespace }.contains("EXIT137") }.found, sourceLocation: sourceLocation)
        try pane.newWindow(app())
    }

    func line(_ screen: String, _ test: (Substring) -> Bool) -> Bool {
        screen.split(separator: "\n").contains(where: test)
    }

    @Test func anAgeHalfTypedAndTheFieldItIsInSurviveKill9() throws {
        let pane = try TmuxPane(app())
        #expect(pane.wait(for: "signed in as ana").found)
        try pane.send("2", "n")
        #expect(pane.wait(for: "New player").found)
        try pane.type("Zoë")
        try pane.send("Enter")
        #expect(pane.wait { self.line($0) { $0.contains("▶ Age") } }.found)

        // Killed with the cursor moved to an empty field: it comes back there, not to the name.
        try killAndRestart(pane)
        let empty = pane.wait { self.line($0) { $0.contains("▶ Age") && $0.contains("█") } }
        #expect(empty.found, "\(empty.screen)")

        // Killed after "1", an age the form refuses as it stands: the 1 is kept.
        try pane.type("1")
        #expect(pane.wait(for: "1█").found)
        try killAndRestart(pane)
        let restored = pane.wait(for: "1█")
        #expect(restored.found, "\(restored.screen)")
        #expect(line(restored.screen) { $0.contains("▶ Age") && $0.contains("1█") })
        #expect(line(restored.screen) { $0.contains("Name *") && $0.contains("Zoë") })

        // Finishing the age and saving works, with the age as finally typed.
        try pane.type("2")
        #expect(pane.wait(for: "12█").found)
        try pane.send("C-s")
        let added = pane.wait(for: "added player #1")
        #expect(added.found, "\(added.screen)")
        let shown = try cli.run(["player", "show", "1"]).stdout
        #expect(shown.contains("Zoë") && shown.contains("12"), "\(shown)")
    }

    /// The players list's marks are navigation state: kill -9 keeps them, as it keeps the row.
    @Test func marksOnThePlayersListSurviveKill9() throws {
        for name in ["Zoë", "Kai"] { #expect(try cli.run(["player", "add", "--name", name]).status == 0) }
        let pane = try TmuxPane(app())
        #expect(pane.wait(for: "Players (2)").found)
        try pane.send("Home", "Space")
        #expect(pane.wait(for: "Players (2) · 1 marked").found)
        try killAndRestart(pane)
        let restored = pane.wait(for: "Players (2) · 1 marked")
        #expect(restored.found, "\(restored.screen)")
        #expect(line(restored.screen) { $0.contains("✓") && $0.contains("Zoë") })
    }

    @Test func aShortListsSelectedRowSurvivesKill9() throws {
        #expect(try cli.run(["player", "add", "--name", "Zoë", "--age", "27"]).status == 0)
        let pane = try TmuxPane(app())
        #expect(pane.wait(for: "signed in as ana").found)
        try pane.send("2", "Enter")
        #expect(pane.wait(for: "Favourite team").found)
        try pane.send("j", "j")
        #expect(pane.wait { self.line($0) { $0.contains("▶") && $0.contains("Skill") } }.found)
        try killAndRestart(pane)
        let restored = pane.wait { self.line($0) { $0.contains("▶") && $0.contains("Skill") } }
        #expect(restored.found, "\(restored.screen)")
        // Enter opens the row selected before the kill.
        try pane.send("Enter")
        #expect(pane.wait(for: "Skill").found)
        let opened = pane.wait { $0.contains("Edit Zoë: Skill") }
        #expect(opened.found, "\(opened.screen)")
    }
}
