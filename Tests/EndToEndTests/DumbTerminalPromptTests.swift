import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// On a terminal without the capabilities to redraw a line (`TERM=dumb`, or an empty `$TERM`),
/// nothing writes a cursor or erase sequence: `gather watch` and the import's progress print
/// plain lines, and prompts are plain text. Each runs with all three standard descriptors on a
/// pseudo-terminal, whose every byte is scanned for ESC.
@Suite(.heavy) struct DumbTerminalPromptTests {
    static let terminals = ["dumb", ""]

    /// Starts `arguments` on a fresh pseudo-terminal with `TERM=term`, collects what it shows until
    /// `until` says enough (typing what `answer` returns along the way), then sends `signal` if
    /// given, and waits for the end.
    private func onTerminal(
        _ arguments: [String], database: String, term: String, signal: Int32? = nil,
        answer: (String) -> String? = { _ in nil }, until: (String) -> Bool
    ) throws -> (ending: Spawned.Ending, screen: String) {
        let terminal = try PseudoTerminal()
        let fd = terminal.terminal.fileDescriptor
        let child = try Spawned.start(
            (arguments + ["--database", database]).map { Array($0.utf8) }, stdin: .descriptor(fd),
            stdout: .descriptor(fd), stderr: .descriptor(fd), environment: ["TERM": term])
        var screen = ""
        var answered = 0
        let enough = waitUntil(timeout: 60) {
            screen += terminal.echoed()
            if let typed = answer(screen), screen.count > answered {
                answered = screen.count
                terminal.type(typed)
            }
            return until(screen)
        }
        if let signal, enough { kill(child.pid, signal) }
        let ending = child.wait(atMost: 60) ?? .signalled(SIGKILL)
        screen += terminal.echoed()
        return (ending, screen)
    }

    @Test(arguments: terminals)
    func gatherWatchPrintsPlainLines(_ term: String) throws {
        let folder = try TemporaryFolder()
        let (path, clubhouse) = try Gathers.squad(in: folder)
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1,2", "--team-b", "3,4"]).status == 0)
        let run = try onTerminal(["gather", "watch"], database: path, term: term, signal: SIGINT) { screen in
            screen.components(separatedBy: "Gather 1  Team A").count > 3
        }
        #expect(run.ending == .exited(130))
        #expect(!run.screen.contains("\u{1B}"), "\(run.screen.debugDescription)")
        let lines = run.screen.components(separatedBy: "\r\n").filter { $0.hasPrefix("Gather 1  Team A 0 – 0 Team B") }
        #expect(lines.count >= 3, "\(run.screen.debugDescription)")
    }

    @Test(arguments: terminals)
    func theImportsProgressPrintsPlainLines(_ term: String) throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let csv = folder.path("books.csv")
        try HugeInputTests.books(20_000).write(to: URL(fileURLWithPath: csv))
        let run = try onTerminal(["book", "import", csv], database: path, term: term) { screen in
            screen.contains("imported 20000 books")
        }
        #expect(run.ending == .exited(0))
        #expect(!run.screen.contains("\u{1B}"), "\(run.screen.prefix(400).debugDescription)")
        let progress = run.screen.components(separatedBy: "\r\n").filter { $0.hasPrefix("importing books") }
        #expect(progress.count >= 2 && progress.count <= 11, "\(run.screen.prefix(800).debugDescription)")
        #expect(progress.last?.hasSuffix(" 100%") == true)
    }

    @Test(arguments: terminals)
    func promptsArePlainText(_ term: String) throws {
        let folder = try TemporaryFolder()
        let (path, _) = try Gathers.squad(in: folder)
        let answers = [
            "Who plays? (ids separated by commas, Enter for everyone): ": "1,2",
            "Zoë O'Brien (#1, ST): team a, b or bench? ": "a", "Kai (#2): team a, b or bench? ": "b",
            "Start the gather with these teams? [y/N] ": "y",
        ]
        let run = try onTerminal(
            ["gather", "new"], database: path, term: term,
            answer: { screen in answers.first { screen.hasSuffix($0.key) }?.value },
            until: { screen in screen.contains("Team B\r\n") })
        #expect(run.ending == .exited(0), "\(run.screen.debugDescription)")
        #expect(!run.screen.contains("\u{1B}"), "\(run.screen.debugDescription)")
    }
}
