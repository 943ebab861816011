import ClubhouseTestSupport
import Foundation
import Testing

/// A database the user may read but not write. Root ignores file permissions, so these run the
/// binary as `nobody` against files owned by root; elsewhere they are skipped.
@Suite(.heavy, .enabled(if: Nobody.canRunClubhouse))
struct ReadOnlyTests {
    @Test func readsWorkAndWritesFailCleanlyWithoutTouchingTheFile() throws {
        let folder = try TemporaryFolder()
        // The temporary folder is private to root; nobody needs to reach into it.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        let path = try Fixtures.signedInDatabase(in: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        var clubhouse = ClubhouseProcess(database: path)
        clubhouse.binary = URL(fileURLWithPath: Nobody.runuser)
        let asNobody = ["-u", "nobody", "--", ClubhouseProcess.binary.path]

        let read = try clubhouse.run(asNobody + ["whoami"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout == "ana\n")

        for arguments in [["player", "add", "--name", "Zoë"], ["tab", "library"]] {
            let write = try clubhouse.run(asNobody + arguments)
            #expect(write.status == 1)
            #expect(write.stderr == "error: cannot write to \(path): the database or its folder is read-only\n")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
    }
}

/// Whether this machine can run the built binary as the unprivileged user `nobody`.
enum Nobody {
    static let runuser = "/usr/sbin/runuser"

    static let canRunClubhouse: Bool = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: runuser) else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: runuser)
        probe.arguments = ["-u", "nobody", "--", "test", "-x", ClubhouseProcess.binary.path]
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()
}
