import ClubhouseTestSupport
import Foundation
import Testing

/// A name SQLite gives the files beside a database (issue 22, "files beside the database") is never
/// a database to open, check or back up, nor a copy to write: SQLite would read a journal as data,
/// or take a stale one for the journal of the file it names.
@Suite(.heavy) struct SQLiteOwnNamesTests {
    static let names = ["x.sqlite-journal", "x.sqlite-wal", "x.sqlite-shm", "x.sqlite-mj0123ABCD"]

    @Test(arguments: names)
    func noCommandOpensOrWritesOne(_ name: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path(name)
        let register = try ClubhouseProcess(database: path).run(
            ["register", "ana", "--password-stdin"], stdin: "s3cret-pass\n")
        #expect(register.status == 1)
        #expect(register.stderr.hasPrefix("error: cannot open the database at \(path): SQLite uses that name"))
        #expect(!FileManager.default.fileExists(atPath: path))

        // A real database copied under such a name is still refused, and left as it was.
        let source = try Fixtures.signedInDatabase(in: folder)
        try FileManager.default.copyItem(atPath: source, toPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for arguments in [["whoami"], ["check"], ["backup", folder.path("copy.sqlite")]] {
            let result = try ClubhouseProcess(database: path).run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains("SQLite uses that name"), "\(arguments): \(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.path("copy.sqlite")))

        // Nor is it a name for a copy.
        let copy = folder.path("copy-" + name)
        let backup = try ClubhouseProcess(database: source).run(["backup", copy])
        #expect(backup.status == 1)
        #expect(backup.stderr.hasPrefix("error: cannot write the copy to \(copy): SQLite uses that name"))
        #expect(!FileManager.default.fileExists(atPath: copy))
    }

    @Test func namesThatOnlyLookAlikeStillOpen() throws {
        let folder = try TemporaryFolder()
        for name in ["journal.sqlite", "x-walrus.sqlite", "x.sqlite-mj012", "shm"] {
            let result = try ClubhouseProcess(database: folder.path(name)).run(
                ["register", "ana", "--password-stdin"], stdin: "s3cret-pass\n")
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
    }
}
