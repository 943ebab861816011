import ClubhouseTestSupport
import Foundation
import Testing

/// Files in a folder other users can write (issue 22): a second, unprivileged user (`nobody`)
/// plants files at the names Clubhouse and SQLite use, and must neither read what Clubhouse
/// writes (password hashes) nor make it write over another file. Root ignores permissions, so
/// the planting runs as `nobody` and the victim is root.
@Suite(.heavy, .enabled(if: Nobody.canRunClubhouse))
struct SharedFolderTests {
    /// A sticky folder everyone can write, like `/tmp`, inside a test folder everyone can enter.
    private static func sharedFolder() throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        let shared = folder.path("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: shared)
        return (folder, shared)
    }

    /// Runs a shell line as `nobody`; its exit status.
    @discardableResult
    private static func asNobody(_ line: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Nobody.runuser)
        process.arguments = ["-u", "nobody", "--", "/bin/sh", "-c", line]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Whether `nobody` can read a password hash out of `file`.
    private static func nobodyReadsAHash(_ file: String) throws -> Bool {
        try asNobody("grep -qa 'scrypt' '\(file)'") == 0
    }

    private static func register(_ path: String, _ username: String, in folder: TemporaryFolder) throws -> RawRun {
        let password = folder.path("password")
        try Data((Fixtures.password + "\n").utf8).write(to: URL(fileURLWithPath: password))
        return try RawRun.run(
            ["register", username, "--password-stdin", "--no-login", "--database", path].map { Array($0.utf8) },
            stdin: .file(password), in: folder)
    }

    @Test func aNewDatabaseIsNeverSetUpInAFileAnotherUserPlanted() throws {
        let (folder, shared) = try Self.sharedFolder()
        let path = shared + "/club.sqlite"
        // An empty file of nobody's, readable and writable by all.
        #expect(try Self.asNobody("umask 0; : > '\(path)'") == 0)
        let run = try Self.register(path, "ana", in: folder)
        expectClean(run, "register")
        #expect(run.ending == .exited(1))
        #expect(run.stderrText.contains("belongs to another user"), "\(run.stderrText)")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == 0)
        #expect(try !Self.nobodyReadsAHash(path))
    }

    @Test func aNewDatabaseIsNeverWrittenThroughALinkAnotherUserPlanted() throws {
        let (folder, shared) = try Self.sharedFolder()
        // Root's empty file elsewhere, and nobody's link to it where the database is to be.
        let victim = folder.path("victim")
        #expect(FileManager.default.createFile(atPath: victim, contents: Data()))
        let path = shared + "/club.sqlite"
        #expect(try Self.asNobody("ln -s '\(victim)' '\(path)'") == 0)
        let run = try Self.register(path, "ana", in: folder)
        expectClean(run, "register")
        #expect(run.ending == .exited(1))
        #expect(
            try FileManager.default.attributesOfItem(atPath: victim)[.size] as? Int == 0, "written through the link")
    }

    @Test func aJournalAnotherUserPlantedIsNeverWrittenTo() throws {
        let (folder, shared) = try Self.sharedFolder()
        let path = shared + "/club.sqlite"
        #expect(try Self.register(path, "ana", in: folder).ending == .exited(0))
        // Nobody's journal where SQLite will want one, with a second name to read it by later.
        #expect(try Self.asNobody("umask 0; : > '\(path)-journal' && ln '\(path)-journal' '\(shared)/stash'") == 0)
        let run = try Self.register(path, "bob", in: folder)
        expectClean(run, "register")
        #expect(run.ending == .exited(1))
        #expect(run.stderrText.contains("was not made by SQLite for this database"), "\(run.stderrText)")
        #expect(try !Self.nobodyReadsAHash(shared + "/stash"), "ana's hash reached nobody's file")
        // check says the same as the command it predicts.
        let check = try RawRun.run(["check"], database: path, in: folder)
        #expect(check.ending == .exited(1))
        #expect(
            check.stdoutText.hasPrefix(
                "problem: cannot open the database at \(path): \(path)-journal was not made by SQLite"))
        #expect(try sqlite(path, "SELECT username FROM users") == "ana")
    }

    /// A backup in a shared folder leaves no file anyone else can read or learn the name of before
    /// it exists: the copy is 0600, and no journal is made beside it.
    @Test func aBackupInASharedFolderIsReadableByItsOwnerOnly() throws {
        let (folder, shared) = try Self.sharedFolder()
        let source = try Fixtures.signedInDatabase(in: folder)
        let copy = shared + "/copy.sqlite"
        let run = try RawRun.run(["backup", copy], database: source, in: folder)
        #expect(run.ending == .exited(0), "\(run.stderrText)")
        #expect(try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int == 0o600)
        #expect(try !Self.nobodyReadsAHash(copy))
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared) == ["copy.sqlite"])
    }
}
