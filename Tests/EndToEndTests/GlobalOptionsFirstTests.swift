import ClubhouseTestSupport
import Foundation
import Testing

/// `--database` and `--scene` where people put them: before the command (`clubhouse --database X
/// player list`), as README's "clubhouse alone takes them" promises, and with no command at all
/// on a terminal (the app). Before, each answered "Unknown option".
@Suite(.heavy) struct GlobalOptionsFirstTests {
    @Test func theDatabaseBeforeTheCommand() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë")
        for leading in [["--database", path], ["--database=\(path)"]] {
            let listed = try clubhouse.run(leading + ["player", "list"], useDatabaseOption: false)
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(listed.stdout.contains("Zoë"))
        }
        // A command's own options and arguments keep their places, `--` too.
        let shown = try clubhouse.run(
            ["--database", path, "player", "show", "--json", "--", "1"], useDatabaseOption: false)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("\"name\":\"Zoë\""))
        // Given twice, ArgumentParser's rule stands: the last wins.
        let other = folder.path("other.sqlite")
        let twice = try clubhouse.run(["--database", other, "whoami", "--database", path], useDatabaseOption: false)
        #expect(twice.status == 0, "\(twice.stderr)")
        #expect(twice.stdout == "ana\n", "the signed-in file, not the empty one")
    }

    @Test func theSceneBeforeTheCommand() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        let moved = try clubhouse.run(
            ["--scene", "right", "--database", path, "tab", "library"], useDatabaseOption: false)
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(try clubhouse.run(["tab", "--scene", "right"]).stdout == "library\n")
        #expect(try clubhouse.run(["tab"]).stdout == "home\n", "the main scene did not move")
        // A bad scene name is still refused, naming the option and not the value.
        let bad = try clubhouse.run(["--scene", "no way", "tab"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("A scene name is"))
    }

    @Test func mistakesAfterLeadingOptionsAreNamedAsBefore() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        let unknown = try clubhouse.run(["--database", path, "player", "lst"], useDatabaseOption: false)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("error: Unknown command 'player lst'. Did you mean 'player list'?"))
        let noCommand = try clubhouse.run(["--database", path, "team"], useDatabaseOption: false)
        #expect(noCommand.stderr.hasPrefix("error: Unknown command 'team'."))
        // A leading option without its value is named, as ArgumentParser names it after a command.
        let bare = try clubhouse.run(["--database"], useDatabaseOption: false)
        #expect(bare.status == 64)
        #expect(bare.stderr == "error: Missing value for '--database <path>'\n")
        // A forgotten path before a command word: refused, and no file is made under its name.
        let forgotten = try clubhouse.run(["--database", "whoami"], useDatabaseOption: false)
        #expect(forgotten.status == 64)
        #expect(
            forgotten.stderr
                == "error: 'whoami' is a command, not the <path> of '--database': clubhouse --database <path> whoami\n")
        #expect(!FileManager.default.fileExists(atPath: "whoami"))
        // Without a terminal, options alone print the help, as `clubhouse` alone does.
        let alone = try clubhouse.run(["--database", path], useDatabaseOption: false)
        #expect(alone.status == 0)
        #expect(alone.stdout.contains("USAGE: clubhouse"))
        #expect(
            try clubhouse.run(["--database", path, "--version"], useDatabaseOption: false).stdout.hasPrefix(
                "clubhouse "))
    }

    /// `clubhouse --database X` on a terminal opens the app on that file.
    @Test func onATerminalTheOptionsAloneOpenTheApp() throws {
        let fixture = try TerminalAppFixture()
        try fixture.register()
        let binary = TmuxPane.quoted(ClubhouseProcess.binary.path)
        let pane = try TmuxPane(
            "\(binary) --database \(TmuxPane.quoted(fixture.database)) --scene left; echo \"EXIT $?\"; sleep 600")
        #expect(pane.wait(for: "signed in as ana").found)
        #expect(pane.wait(for: "scene left").found)
        try pane.send("q")
        #expect(pane.wait(for: "EXIT 0").found)
    }
}
