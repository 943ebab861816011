import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The full-screen app in a real terminal (tmux): keys in, the screen read back. Waits are
/// bounded (a slow machine waits longer, nothing asserts on speed).
@Suite(.heavy) struct TerminalAppTests {
    let fixture: TerminalAppFixture
    var folder: TemporaryFolder { fixture.folder }
    var database: String { fixture.database }
    var cli: ClubhouseProcess { fixture.cli }

    init() throws {
        fixture = try TerminalAppFixture()
    }

    func register(signingIn: Bool = true) throws { try fixture.register(signingIn: signingIn) }

    func app(before: String = "", after: String = "", environment: String = "", scene: String? = nil) -> String {
        fixture.app(before: before, after: after, environment: environment, scene: scene)
    }

    @Test func killedMidTypingTheNextStartShowsTheSameFieldAndText() throws {
        try register()
        let pane = try TmuxPane(app())
        #expect(pane.wait(for: "signed in as ana").found)
        try pane.send("2", "n")
        #expect(pane.wait(for: "New player").found)
        try pane.type("Mía O'")
        try pane.send("Enter")
        try pane.type("31")
        #expect(pane.wait(for: "31█").found)
        let child = try #require(try pane.childProcess())
        kill(child, SIGKILL)
        // A killed app leaves the terminal raw (no carriage return), so the shell's line can land at
        // any column and wrap there: compare without white space.
        #expect(pane.wait { $0.filter { !$0.isWhitespace }.contains("EXIT137") }.found)

        try pane.newWindow(app())
        let restored = pane.wait(for: "31█")
        #expect(restored.found, "\(restored.screen)")
        let lines = restored.screen.split(separator: "\n")
        #expect(lines.contains { $0.contains("▶ Age") && $0.contains("31█") })
        #expect(lines.contains { $0.contains("Name *") && $0.contains("Mía O'") })
    }

    @Test func theSelectedRowSurvivesAKill() throws {
        try register()
        for name in ["Zoë", "Kai", "Mía"] { #expect(try cli.run(["player", "add", "--name", name]).status == 0) }
        let pane = try TmuxPane(app())
        #expect(pane.wait(for: "Players (3)").found)
        // The list selects the player added last: up to the first, then two down.
        try pane.send("Home")
        #expect(pane.wait { $0.contains("▶  #1") }.found)
        try pane.send("j", "j")
        #expect(pane.wait { $0.contains("▶  #3") }.found)
        let child = try #require(try pane.childProcess())
        kill(child, SIGKILL)
        // A killed app leaves the terminal raw (no carriage return), so the shell's line can land at
        // any column and wrap there: compare without white space.
        #expect(pane.wait { $0.filter { !$0.isWhitespace }.contains("EXIT137") }.found)
        try pane.newWindow(app())
        let restored = pane.wait { $0.contains("▶  #3") }
        #expect(restored.found, "\(restored.screen)")
    }

    /// Two terminals on two scenes of one user: each keeps its own tab, both see a change live.
    @Test func twoPanesOnTwoScenes() throws {
        try register()
        let pane = try TmuxPane(app(), width: 120, height: 50)
        #expect(pane.wait(for: "signed in as ana").found)
        try pane.tmux(["split-window", "-v", app(scene: "right")])
        #expect(pane.wait(limit: 20) { $0.contains("scene right") }.found)  // the new pane is the active one
        try pane.send("3", "1")
        #expect(pane.wait(for: "0 players; the newest").found)
        try pane.tmux(["select-pane", "-t", "0"])
        try pane.send("2")
        #expect(pane.wait(for: "Players (0)").found)
        #expect(try cli.run(["player", "add", "--name", "Kai"]).status == 0)
        #expect(pane.wait(for: "Players (1)").found)
        let right = pane.wait { _ in
            ((try? pane.tmux(["capture-pane", "-p", "-t", "1"])) ?? "").contains("1 player; the newest")
        }
        #expect(right.found)
        let shown = try pane.tmux(["capture-pane", "-p", "-t", "1"])
        #expect(shown.contains("scene right") && shown.contains("home/squad") && !shown.contains("Players (1)"))
        let scenes = try cli.run(["scene", "list"]).stdout
        #expect(scenes.contains("main") && scenes.contains("right"))
    }

    @Test func anotherProcessAddsAPlayerAndTheListShowsItWithoutAKey() throws {
        try register()
        #expect(try cli.run(["player", "add", "--name", "Zoë"]).status == 0)
        let pane = try TmuxPane(app())
        #expect(pane.wait(for: "signed in as ana").found)
        try pane.send("2")
        #expect(pane.wait(for: "Players (1)").found)
        #expect(try cli.run(["player", "add", "--name", "Kai"]).status == 0)
        let live = pane.wait(for: "Players (2)")
        #expect(live.found, "\(live.screen)")
        #expect(live.screen.contains("Kai"))
    }

    @Test func resizingRedrawsAtTheNewSize() throws {
        try register()
        let pane = try TmuxPane(app())
        #expect(pane.wait(for: "signed in as ana").found)
        try pane.resize(width: 70, height: 22)
        let smaller = pane.wait { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 22 && lines[21].contains("q quit") && lines[1].contains("5 Profile")
        }
        #expect(smaller.found, "\(smaller.screen)")
        try pane.resize(width: 50, height: 15)
        #expect(pane.wait(for: "needs at least 60×20").found)
        try pane.resize(width: 100, height: 30)
        #expect(pane.wait(for: "signed in as ana").found)
    }

    /// q, Ctrl-C, SIGTERM and SIGHUP all leave the terminal as it was: the same `stty -a`, the
    /// cursor shown, the main screen back.
    @Test(arguments: [("q", 0), ("C-c", 130), ("TERM", 143), ("HUP", 129)])
    func everyWayOutRestoresTheTerminal(_ way: String, _ status: Int) throws {
        try register()
        let before = folder.path("before")
        let after = folder.path("after")
        let pane = try TmuxPane(
            app(before: "stty -a > \(TmuxPane.quoted(before));", after: "stty -a > \(TmuxPane.quoted(after));"))
        #expect(pane.wait(for: "signed in as ana").found)
        switch way {
        case "TERM", "HUP":
            let child = try #require(try pane.childProcess())
            kill(child, way == "TERM" ? SIGTERM : SIGHUP)
        default:
            try pane.send(way)
        }
        let exited = pane.wait(for: "EXIT \(status)")
        #expect(exited.found, "\(exited.screen)")
        #expect(!exited.screen.contains("signed in as ana"))  // the main screen is back
        #expect(pane.wait(limit: 10) { _ in FileManager.default.fileExists(atPath: after) }.found)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(try String(contentsOfFile: after, encoding: .utf8) == String(contentsOfFile: before, encoding: .utf8))
        #expect(try pane.tmux(["display-message", "-p", "#{cursor_flag}"]).hasPrefix("1"))
    }

    @Test func aTamperedStateOpensWithItsWarningsShown() throws {
        try register()
        #expect(try cli.run(["player", "list"]).status == 0)
        _ = try sqlite(
            database,
            #"UPDATE navigation_state SET stacks = json_set(stacks, '$.players', json('[{"path":"players"},{"path":"nonsense/1"}]'))"#
        )
        let pane = try TmuxPane(app())
        let warned = pane.wait(for: "warning:")
        #expect(warned.found, "\(warned.screen)")
        #expect(warned.screen.contains("Warnings"))
        try pane.send("x")  // any key closes them
        #expect(pane.wait { !$0.contains("warning:") && $0.contains("Players (0)") }.found)
    }

    @Test func withoutATerminalAppIsAUsageErrorAndClubhouseAlonePrintsHelp() throws {
        let app = try cli.run(["app"])
        #expect(app.status == 64)
        #expect(app.stderrLines.count == 1 && app.stderr.hasPrefix("error: the app needs a terminal"))
        #expect(!FileManager.default.fileExists(atPath: database))
        let alone = try cli.run([], useDatabaseOption: false)
        #expect(alone.status == 0)
        #expect(alone.stdout.contains("USAGE: clubhouse <subcommand>"))
    }

    @Test func aDumbOrSmallTerminalIsToldWhy() throws {
        let dumb = try TmuxPane(app(environment: "TERM=dumb"))
        let told = dumb.wait(for: "EXIT 1")
        #expect(
            told.found && told.screen.contains("error: the app needs a terminal that can move the cursor; TERM is dumb")
        )
        let small = try TmuxPane(app(), width: 50, height: 15)
        let tooSmall = small.wait(for: "EXIT 1")
        let joined = tooSmall.screen.replacingOccurrences(of: "\n", with: "")
        #expect(tooSmall.found && joined.contains("the terminal is 50×15; the app needs at least 60×20"), "\(joined)")
        #expect(!FileManager.default.fileExists(atPath: database))
    }
}
