import ClubhouseTestSupport
import Foundation
import Testing

/// Thirty sign-ups started together on a file that does not exist yet: one of them creates and
/// migrates it while the others wait, every password is hashed outside the write lock, and all
/// thirty accounts are there.
///
/// Heavy, not `.alone`: the children hash at the testing cost (the test executable sets
/// `CLUBHOUSE_DEBUG_HASH_COST`, which they inherit), so the thirty want a few seconds of CPU, not
/// the two minutes that at the recommended cost once starved other tests past their limits; `nice`
/// still lets the rest of the run go first.
@Suite(.heavy) struct ConcurrentRegistrationsTests {
    @Test func thirtyRegistrationsAtOnceOnANewFileAllSucceed() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("new.sqlite")
        let password = folder.path("password")
        try Data("\(Fixtures.password)\n".utf8).write(to: URL(fileURLWithPath: password))
        let count = 30
        let children = try (1...count).map { index in
            let register = ["register", "member\(index)", "--password-stdin", "--no-login", "--database", path]
            return try Spawned.start(
                (["-n", "10", ClubhouseProcess.binary.path] + register).map { Array($0.utf8) },
                stdin: .file(password), stdout: .file(folder.path("\(index).out")),
                stderr: .file(folder.path("\(index).err")), binary: "/usr/bin/nice")
        }
        for (offset, child) in children.enumerated() {
            let index = offset + 1
            let ending = child.wait(atMost: Spawned.stuckAfter)
            let stdout = (try? String(contentsOfFile: folder.path("\(index).out"), encoding: .utf8)) ?? ""
            let stderr = (try? String(contentsOfFile: folder.path("\(index).err"), encoding: .utf8)) ?? ""
            #expect(ending == .exited(0), "register member\(index): \(stderr)")
            #expect(stdout == "Registered member\(index). Sign in with: clubhouse login member\(index)\n")
        }
        #expect(try sqlite(path, "SELECT count(*) FROM users") == "\(count)")
        #expect(try sqlite(path, "PRAGMA integrity_check") == "ok")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
