import ClubhouseTestSupport
import Foundation
import Testing

/// A journal already lying beside a path Clubhouse creates (a backup, a new database) is never
/// rolled into the new file (issue 22, "files beside the database"). The journal here is a real
/// one: another database's write, killed halfway.
@Suite(.heavy) struct JournalBesideNewFileTests {
    /// Another database's interrupted write: its journal's bytes.
    static func foreignJournal(in folder: TemporaryFolder) throws -> Data {
        let (other, _) = try LeftoverJournalTests.interruptedWrite(in: folder, name: "other.sqlite")
        return try Data(contentsOf: URL(fileURLWithPath: other + "-journal"))
    }

    @Test(arguments: ["-journal", "-wal"])
    func aBackupIsNeverMadeBesideAJournal(_ suffix: String) throws {
        let folder = try TemporaryFolder()
        let journal = try Self.foreignJournal(in: folder)
        let source = try Fixtures.signedInDatabase(in: folder)
        let copy = folder.path("copy.sqlite")
        try journal.write(to: URL(fileURLWithPath: copy + suffix))

        let backup = try RawRun.run(["backup", copy], database: source, in: folder)
        expectClean(backup, "backup")
        #expect(backup.ending == .exited(1))
        #expect(
            backup.stderrText
                == "error: cannot write the copy to \(copy): \(copy)\(suffix) is already there, left by another database: SQLite would roll it into the copy; remove it or choose another name\n"
        )
        #expect(!FileManager.default.fileExists(atPath: copy))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy + suffix)) == journal, "the journal is left as it was")

        // Once it is gone, the copy is made, and it is the source's content.
        try FileManager.default.removeItem(atPath: copy + suffix)
        let again = try RawRun.run(["backup", copy], database: source, in: folder)
        #expect(again.ending == .exited(0), "\(again.stderrText)")
        #expect(try databaseDump(copy) == databaseDump(source))
        #expect(try RawRun.run(["check"], database: copy, in: folder).ending == .exited(0))
    }

    @Test func aNewDatabaseIgnoresAJournalLyingWhereItsWouldBe() throws {
        let folder = try TemporaryFolder()
        let journal = try Self.foreignJournal(in: folder)
        let path = folder.path("new.sqlite")
        try journal.write(to: URL(fileURLWithPath: path + "-journal"))

        let register = try RawRun.run(
            ["register", "bob", "--password-stdin", "--database", path].map { Array($0.utf8) },
            stdin: .file(try Self.passwordFile(in: folder)), in: folder)
        #expect(register.ending == .exited(0), "\(register.stderrText)")
        let check = try RawRun.run(["check"], database: path, in: folder)
        #expect(check.ending == .exited(0), "\(check.stdoutText)")
        #expect(try sqlite(path, "SELECT username FROM users; SELECT count(*) FROM players") == "bob\n0")
        let whoami = try RawRun.run(["whoami"], database: path, in: folder)
        #expect(whoami.stdoutText == "bob\n")
    }

    private static func passwordFile(in folder: TemporaryFolder) throws -> String {
        let path = folder.path("password")
        try Data((Fixtures.password + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
