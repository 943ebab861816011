import ClubhouseDomain
import ClubhousePersistence
import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct DatabaseLocationTests {
    @Test func anExplicitPathWins() throws {
        #expect(
            try DatabaseLocation.resolve(explicit: "/a.sqlite", environment: ["CLUBHOUSE_DB": "/b.sqlite"]).path
                == "/a.sqlite")
    }

    @Test func anEmptyExplicitPathIsAnError() {
        #expect(throws: StorageError.noPath) { try DatabaseLocation.resolve(explicit: "", environment: [:]) }
    }

    @Test func theEnvironmentVariableComesNext() throws {
        #expect(
            try DatabaseLocation.resolve(explicit: nil, environment: ["CLUBHOUSE_DB": "/b.sqlite"]).path == "/b.sqlite")
    }

    /// `:memory:` and `file:` URIs are SQLite's, not ours: made absolute, they are plain names.
    @Test(arguments: [":memory:", "file:x.db?mode=memory", "relative/db.sqlite", ""])
    func aRelativePathIsALiteralFileInTheCurrentFolder(_ given: String) throws {
        let cwd = FileManager.default.currentDirectoryPath
        let location = try DatabaseLocation.resolve(explicit: nil, environment: ["CLUBHOUSE_DB": given, "HOME": "/h"])
        let expected = given.isEmpty ? "/h/.local/share/clubhouse/clubhouse.sqlite" : cwd + "/" + given
        #expect(location.path == expected)
    }

    @Test func theDefaultIsUnderXDGDataHomeAndResolvingCreatesNothing() throws {
        let folder = try TemporaryFolder()
        let dataHome = folder.path("data")
        let location = try DatabaseLocation.resolve(
            explicit: nil, environment: ["XDG_DATA_HOME": dataHome, "HOME": "/x"])
        #expect(location.path == dataHome + "/clubhouse/clubhouse.sqlite")
        #expect(location.folderToCreate == dataHome + "/clubhouse")
        #expect(!FileManager.default.fileExists(atPath: dataHome))
    }

    @Test func withoutXDGDataHomeTheDefaultIsUnderHome() throws {
        // A relative XDG_DATA_HOME is invalid by the spec and ignored.
        let location = try DatabaseLocation.resolve(
            explicit: nil, environment: ["HOME": "/home/a", "XDG_DATA_HOME": "rel"])
        #expect(location.path == "/home/a/.local/share/clubhouse/clubhouse.sqlite")
    }

    @Test func aRelativeHomeIsRefused() {
        #expect(throws: StorageError.self) { try DatabaseLocation.resolve(explicit: nil, environment: ["HOME": "h"]) }
    }

    /// Whatever the umask: the file 0600, Clubhouse's folder 0700, the parents left to the umask.
    @Test func aNewDatabaseIsReadableByItsOwnerOnly() throws {
        let folder = try TemporaryFolder()
        let previous = umask(0)
        defer { umask(previous) }
        let location = try DatabaseLocation.resolve(
            explicit: nil, environment: ["XDG_DATA_HOME": folder.path("data")])
        _ = try AppDatabase.open(location, creating: true)
        #expect(try mode(location.path) == 0o600)
        #expect(try mode(folder.path("data/clubhouse")) == 0o700)
        #expect(try mode(folder.path("data")) == 0o755)
    }

    @Test func notCreatingLeavesNothingBehind() throws {
        let folder = try TemporaryFolder()
        let location = try DatabaseLocation.resolve(
            explicit: nil, environment: ["XDG_DATA_HOME": folder.path("data")])
        let database = try AppDatabase.open(location, creating: false)
        #expect(try database.read { try $0.sessions.activeUser() } == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.path("data")))
    }

    @Test func devicesFIFOsAndFoldersAreRefusedAndNothingIsCreatedBesideThem() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.path("fifo"), 0o600) == 0)
        for (path, reason) in [
            ("/dev/null", "it is a device, not a file"), (folder.path("fifo"), "it is a FIFO, not a file"),
            (folder.path(""), "it is a folder"),
        ] {
            #expect(throws: StorageError.cannotOpen(path: path, reason: reason)) {
                try AppDatabase.open(DatabaseLocation(path: path), creating: true)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("")) == ["fifo"])
    }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }
}
