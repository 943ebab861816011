import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `check` reads as any reader does, waiting its turn while others write, and what it says of a
/// journal beside the file is what the next command does with it; a journal that cannot be rolled
/// back here says so and what to do (issue 22, "interrupted long work").
@Suite(.heavy) struct LeftoverJournalTests {
    /// A signed-in file with players, and a write to all of them killed halfway by SIGKILL, its
    /// pages partly in the file already (a one-page cache spills them): SQLite's "hot journal".
    /// The dump of the file as it was before that write.
    static func interruptedWrite(in folder: TemporaryFolder, name: String = "db.sqlite") throws -> (String, String) {
        let path = try Fixtures.signedInDatabase(in: folder, name: name)
        try sqlite(
            path,
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
            INSERT INTO players (owner_id, name) SELECT 1, 'p' || i FROM n
            """)
        let before = try databaseDump(path)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [path]
        let input = Pipe()
        let output = Pipe()
        shell.standardInput = input
        shell.standardOutput = output
        try shell.run()
        input.fileHandleForWriting.write(
            Data("PRAGMA cache_size = 1; BEGIN IMMEDIATE; UPDATE players SET name = 'changed';\n.print ready\n".utf8))
        var said = Data()
        while !String(decoding: said, as: UTF8.self).contains("ready") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += chunk
        }
        kill(shell.processIdentifier, SIGKILL)
        shell.waitUntilExit()
        try input.fileHandleForWriting.close()
        #expect(FileManager.default.fileExists(atPath: path + "-journal"), "no journal was left")
        return (path, before)
    }

    @Test func checkWaitsItsTurnWhileOthersWrite() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let writers = (0..<2).map { writer in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c",
                "for i in $(seq 1 40); do \"$0\" player add --name w\(writer)-$i --database \"$1\" >/dev/null || exit 1; done",
                ClubhouseProcess.binary.path, path,
            ]
            return process
        }
        for writer in writers { try writer.run() }
        var runs = 0
        var failures: [String] = []
        while writers.contains(where: \.isRunning) || runs < 10 {
            let check = try RawRun.run(["check"], database: path, in: folder)
            runs += 1
            if check.ending != .exited(0) { failures.append(check.stdoutText + check.stderrText) }
        }
        for writer in writers {
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0)
        }
        #expect(failures.isEmpty, "\(failures.count) of \(runs) checks failed, first: \(failures.first ?? "")")
        #expect(try sqlite(path, "SELECT count(*) FROM players") == "80")
    }

    enum Leftover: String, CaseIterable, CustomTestStringConvertible {
        /// Journals SQLite ignores: nothing to roll back, so check checks the file.
        case empty, zeroedHeader
        /// Journals SQLite takes for an interrupted write: the next command rolls them back.
        case interruptedWrite, garbage
        var testDescription: String { rawValue }
    }

    @Test(arguments: Leftover.allCases)
    func checksVerdictOnAJournalIsWhatTheNextCommandDoes(_ leftover: Leftover) throws {
        let folder = try TemporaryFolder()
        let path: String
        let before: String
        switch leftover {
        case .interruptedWrite:
            (path, before) = try Self.interruptedWrite(in: folder)
        case .empty, .zeroedHeader, .garbage:
            path = try Fixtures.signedInDatabase(in: folder, name: "db.sqlite")
            before = try databaseDump(path)
            let bytes: Data =
                switch leftover {
                case .empty: Data()
                case .zeroedHeader: Data(repeating: 0, count: 4096)
                default: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) })
                }
            try bytes.write(to: URL(fileURLWithPath: path + "-journal"))
        }
        let file = try Data(contentsOf: URL(fileURLWithPath: path))

        let check = try RawRun.run(["check"], database: path, in: folder)
        expectClean(check, "check")
        // check changes nothing, journal included.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == file)
        #expect(FileManager.default.fileExists(atPath: path + "-journal"))
        switch leftover {
        case .empty, .zeroedHeader:
            #expect(check.ending == .exited(0), "\(check.stdoutText)")
        case .interruptedWrite, .garbage:
            #expect(
                check.stdoutText
                    == "problem: a write was interrupted and left \(path)-journal: the next command rolls it back, then check again (check changes nothing, so it looked no further)\n"
            )
        }

        // The next command does what check said: it reads the file as it was before the write.
        let next = try RawRun.run(["whoami"], database: path, in: folder)
        #expect(next.ending == .exited(0), "\(next.stderrText)")
        #expect(try databaseDump(path) == before)
        let again = try RawRun.run(["check"], database: path, in: folder)
        #expect(again.ending == .exited(0), "\(again.stdoutText)")
    }

    /// Root ignores permissions: the binary runs as `nobody` on files it may write in a folder it
    /// may not, so the journal cannot be deleted once rolled back.
    @Test(.enabled(if: Nobody.canRunClubhouse))
    func aJournalThatCannotBeRolledBackHereSaysSoAndWhatToDo() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        let (path, before) = try Self.interruptedWrite(in: folder)
        for file in [path, path + "-journal"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: file)
        }
        let slash = try #require(path.lastIndex(of: "/"))
        let parent = String(path[..<slash])
        let message =
            "an interrupted write left \(path)-journal, which cannot be rolled back here: you cannot write to its folder \(parent). Any clubhouse command run by a user who can (its owner) rolls it back; until then no command can use the file"
        for arguments in [["whoami"], ["player", "list"], ["player", "add", "--name", "Zoë"], ["check"]] {
            let run = try RawRun.run(
                (["-u", "nobody", "--", ClubhouseProcess.binary.path] + arguments + ["--database", path]).map {
                    Array($0.utf8)
                }, in: folder, binary: Nobody.runuser)
            expectClean(run, "\(arguments) as nobody")
            #expect(run.ending == .exited(1))
            if arguments == ["check"] {
                #expect(run.stdoutText == "problem: \(message)\n")
            } else {
                #expect(run.stderrText == "error: \(message)\n", "\(arguments)")
            }
        }
        // Its owner's next command rolls it back, as the message says.
        let owner = try RawRun.run(["whoami"], database: path, in: folder)
        #expect(owner.ending == .exited(0), "\(owner.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
        #expect(try databaseDump(path) == before)
    }
}
