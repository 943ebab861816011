import ClubhouseTestSupport
import Foundation
import Testing

/// Marks that disagree with the schema (`PRAGMA user_version`, negative or huge, `grdb_migrations`
/// with a row missing, one too many, or gone) never lock a user out (issue 22): every command
/// gives one clear error with the way forward, or works; `check` says beforehand which; `backup`
/// copies the file whatever its marks, and `logout` works whenever the tables are this version's.
@Suite(.heavy) struct TamperedMarksTests {
    struct Case: CustomTestStringConvertible, Sendable {
        /// Nil: the signed-in file of this version; else an older release's fixture.
        let fixture: String?
        let tampering: String
        var testDescription: String { "\(fixture ?? "newest schema"): \(tampering)" }
    }

    static let cases: [Case] = [
        Case(fixture: nil, tampering: "PRAGMA user_version = -1"),
        Case(fixture: nil, tampering: "PRAGMA user_version = 0"),
        Case(fixture: nil, tampering: "PRAGMA user_version = 3"),
        Case(fixture: nil, tampering: "PRAGMA user_version = 2147483647"),
        Case(fixture: nil, tampering: "DROP TABLE grdb_migrations"),
        Case(fixture: nil, tampering: "DELETE FROM grdb_migrations WHERE identifier = '0003_football_gather'"),
        Case(fixture: nil, tampering: "INSERT INTO grdb_migrations VALUES ('0099_future')"),
        Case(fixture: "release-0.4-v5.sqlite", tampering: "INSERT INTO grdb_migrations VALUES ('0006_kept_drafts')"),
        Case(
            fixture: "release-0.4-v5.sqlite",
            tampering: "DELETE FROM grdb_migrations WHERE identifier = '0003_football_gather'"),
        Case(fixture: "release-0.4-v5.sqlite", tampering: "DROP TABLE grdb_migrations"),
        Case(fixture: "release-0.4-v5.sqlite", tampering: "PRAGMA user_version = 2"),
        Case(fixture: "release-0.2-v2.sqlite", tampering: "PRAGMA user_version = -5"),
    ]

    @Test(arguments: cases)
    func checkPredictsWhatTheNextCommandDoes(_ tampered: Case) throws {
        let folder = try TemporaryFolder()
        let path =
            try tampered.fixture.map { try Fixtures.copy($0, in: folder, name: "db.sqlite") }
            ?? Fixtures.signedInDatabase(in: folder, name: "db.sqlite")
        try sqlite(path, tampered.tampering)
        let before = try databaseDump(path)

        let check = try RawRun.run(["check"], database: path, in: folder)
        expectClean(check, "check")
        #expect(try databaseDump(path) == before, "check changed the file")
        let notes = check.stderrLines.filter { $0.hasPrefix("note: ") }
        let refusal = notes.first { $0.hasPrefix("note: every command but backup refuses the file: ") }
        let upgrades = notes.contains { $0.hasSuffix("the next command upgrades it") }

        let next = try RawRun.run(["whoami"], database: path, in: folder)
        expectClean(next, "whoami")
        if let refusal {
            // Refused, with the very words check gave, and nothing changed.
            let message = refusal.dropFirst("note: every command but backup refuses the file: ".count)
            #expect(next.stderrText == "error: \(message)\n")
            #expect(try databaseDump(path) == before)
        } else {
            #expect(check.ending == .exited(0), "check found problems without saying what comes next")
            #expect(next.ending == .exited(0), "check promised a working file: \(next.stderrText)")
            #expect(next.stdoutText == "ana\n")
            #expect(try sqlite(path, "PRAGMA user_version") == "\(newestSchema)")
            if upgrades {
                let again = try RawRun.run(["check"], database: path, in: folder)
                #expect(again.ending == .exited(0), "\(again.stdoutText)")
            }
        }

        // Whatever the marks say, a backup is made, and signing out works when the tables are
        // this version's (all but the huge version here, which may be a newer release's file).
        let backup = try RawRun.run(["backup", folder.path("copy.sqlite")], database: path, in: folder)
        #expect(backup.ending == .exited(0), "\(backup.stderrText)")
        let logout = try RawRun.run(["logout"], database: path, in: folder)
        expectClean(logout, "logout")
        if tampered.fixture == nil, !tampered.tampering.hasSuffix("2147483647") {
            #expect(logout.ending == .exited(0), "\(logout.stderrText)")
            #expect(logout.stdoutText == "Signed out ana.\n")
            #expect(try sqlite(path, "SELECT count(*) FROM sessions WHERE ended_at IS NULL") == "0")
        }
    }
}
