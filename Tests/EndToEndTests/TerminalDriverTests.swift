import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The driver on a real terminal (tmux): a write that fails, colour, the countdown's second.
@Suite(.heavy) struct TerminalDriverTests {
    let fixture: TerminalAppFixture
    var folder: TemporaryFolder { fixture.folder }
    var database: String { fixture.database }
    var cli: ClubhouseProcess { fixture.cli }
    let binary = TmuxPane.quoted(ClubhouseProcess.binary.path)

    init() throws {
        fixture = try TerminalAppFixture()
        try fixture.register()
    }

    /// The app reads keys from one window's terminal and draws on another's; that window is
    /// closed under it, so its next write fails (EIO). It restores the terminal it read keys from
    /// and exits 1 with one clear line on standard error.
    @Test func aWriteThatFailsRestoresTheTerminalAndSaysWhy() throws {
        let before = folder.path("before")
        let after = folder.path("after")
        let errors = folder.path("stderr")
        let pane = try TmuxPane("sleep 600")
        let screen = try pane.tmux(["display-message", "-p", "-t", ":0", "#{pane_tty}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(screen.hasPrefix("/dev/"))
        let q = TmuxPane.quoted
        try pane.newWindow(
            "stty -a > \(q(before)); \(binary) app --database \(q(database)) > \(q(screen)) 2> \(q(errors)); echo \"EXIT $?\"; stty -a > \(q(after)); sleep 600"
        )
        let drawn = pane.wait { _ in
            ((try? pane.tmux(["capture-pane", "-p", "-t", ":0"])) ?? "").contains("signed in as ana")
        }
        #expect(drawn.found, "the app never drew on the other window")
        try pane.tmux(["kill-window", "-t", ":0"])
        try pane.send("2")  // a frame to write
        let exited = pane.wait(for: "EXIT 1")
        #expect(exited.found, "\(exited.screen)")
        #expect(pane.wait(limit: 10) { _ in FileManager.default.fileExists(atPath: after) }.found)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(try String(contentsOfFile: after, encoding: .utf8) == String(contentsOfFile: before, encoding: .utf8))
        let told = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(told.hasPrefix("error: cannot write to the terminal (") && told.hasSuffix(")\n"), "\(told)")
        #expect(told.split(separator: "\n").count == 1)
    }

    /// The screen with its attributes (`capture-pane -e`) once the players list shows, the app
    /// run with exactly `environment`'s say on colour (the test runner's own may have NO_COLOR).
    func attributes(environment: String) throws -> String {
        let pane = try TmuxPane(fixture.app(environment: "env -u NO_COLOR -u COLORTERM \(environment)"))
        #expect(pane.wait(for: "signed in as ana").found)
        try pane.send("2")
        #expect(pane.wait(for: "Players (0)").found)
        let screen = try pane.tmux(["capture-pane", "-p", "-e"])
        try pane.send("q")
        #expect(pane.wait(for: "EXIT 0").found)
        return screen
    }

    /// Whether a captured screen sets a foreground colour (SGR 30–37).
    static func hasColour(_ screen: String) -> Bool {
        screen.matches(of: /\x{1B}\[([0-9;]*)m/).contains { match in
            match.output.1.split(separator: ";").contains { (30...37).contains(Int($0) ?? 0) }
        }
    }

    @Test func colourOnlyWhereTheTerminalHasItAndNoColorIsUnset() throws {
        let coloured = try attributes(environment: "TERM=xterm-256color")
        #expect(Self.hasColour(coloured), "\(coloured.debugDescription)")
        let noColour = try attributes(environment: "TERM=xterm-256color NO_COLOR=1")
        #expect(!Self.hasColour(noColour))
        #expect(noColour.contains("\u{1B}[7m") || noColour.contains("\u{1B}[0;7m") || noColour.contains(";7m"))
        #expect(!Self.hasColour(try attributes(environment: "TERM=vt100")))
    }

    /// A running countdown ticks on screen with no key pressed.
    @Test func theCountdownIsRedrawnEachSecond() throws {
        for name in ["Zoë", "Kai"] { #expect(try cli.run(["player", "add", "--name", name]).status == 0) }
        #expect(try cli.run(["gather", "new", "--team-a", "1", "--team-b", "2"]).status == 0)
        #expect(try cli.run(["gather", "timer", "start"]).status == 0)
        let pane = try TmuxPane(fixture.app())
        func clock(_ screen: String) -> String? {
            screen.firstMatch(of: /⏱ (\d\d:\d\d)/).map { String($0.output.1) }
        }
        let first = pane.wait { clock($0) != nil }
        let shown = try #require(clock(first.screen), "\(first.screen)")
        var seen: Set<String> = [shown]
        let ticked = pane.wait { screen in
            if let now = clock(screen) { seen.insert(now) }
            return seen.count >= 3
        }
        #expect(ticked.found, "seen \(seen)")
    }
}
