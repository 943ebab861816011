import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 42, item 8: the app suspends and resumes as every full-screen program does. Ctrl-Z (a
/// key in raw mode) did nothing; after a SIGTSTP and `fg` the app was left in cooked mode, with
/// no redraw, keys echoed and `q` waiting for Enter. An interactive shell in tmux gives job
/// control: the shell says the job stopped, its terminal is as it was, and `fg` brings the app
/// back drawn whole, in raw mode.
@Suite(.heavy) struct TerminalSuspendTests {
    @Test func ctrlZAndSIGTSTPSuspendAndFgResumesInRawModeRedrawn() throws {
        let fixture = try TerminalAppFixture()
        try fixture.register()
        let before = fixture.folder.path("before")
        let during = fixture.folder.path("during")
        let pane = try TmuxPane("bash --norc --noprofile -i")
        try pane.type(
            "PS1='shell$ '; stty -a > \(TmuxPane.quoted(before + ".part")) && mv \(TmuxPane.quoted(before + ".part")) \(TmuxPane.quoted(before))"
        )
        try pane.send("Enter")
        let binary = TmuxPane.quoted(ClubhouseProcess.binary.path)
        try pane.type("\(binary) app --database \(TmuxPane.quoted(fixture.database)); echo \"EXIT $?\"")
        try pane.send("Enter")
        #expect(pane.wait(for: "signed in as ana").found)

        try pane.send("C-z")
        let stopped = pane.wait(for: "Stopped")
        #expect(stopped.found, "\(stopped.screen)")
        try pane.type(
            "stty -a > \(TmuxPane.quoted(during + ".part")) && mv \(TmuxPane.quoted(during + ".part")) \(TmuxPane.quoted(during))"
        )
        try pane.send("Enter")
        #expect(pane.wait(for: "shell$ ").found)
        let settings = try Self.settings(before, during)
        #expect(settings.before == settings.during, "the terminal was not put back while suspended")

        try pane.type("fg")
        try pane.send("Enter")
        #expect(pane.wait(for: "signed in as ana").found)

        // SIGTSTP sent by another program does the same.
        let app = try #require(try pane.childProcess())
        kill(app, SIGTSTP)
        #expect(pane.wait(for: "Stopped").found)
        try pane.send("C-l")
        try pane.type("fg")
        try pane.send("Enter")
        #expect(pane.wait(for: "signed in as ana").found)
        try pane.send("q")  // no Enter: raw mode
        // A job brought back by `fg` is run alone (the line's `echo` was dropped at the stop):
        // its status is asked for once it has ended.
        let deadline = Date().addingTimeInterval(20)
        while (try? pane.childProcess()) ?? nil != nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        try pane.type("echo \"STATUS $?\"")
        try pane.send("Enter")
        let exited = pane.wait(for: "STATUS 0")
        #expect(exited.found, "\(exited.screen)")
    }

    private static func settings(_ before: String, _ during: String) throws -> (before: String, during: String) {
        // `stty -a` names the terminal's size too; the pane's does not change here. Each is written
        // to a `.part` name and renamed once whole, so that the file, once there, is complete.
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: during), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return (
            try String(contentsOfFile: before, encoding: .utf8), try String(contentsOfFile: during, encoding: .utf8)
        )
    }
}
