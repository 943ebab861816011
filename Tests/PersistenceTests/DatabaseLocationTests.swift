import Foundation
import Persistence
import TestSupport
import Testing

@Suite struct DatabaseLocationTests {
    @Test func anExplicitPathWins() throws {
        #expect(
            try DatabaseLocation.resolve(explicit: "/a.sqlite", environment: ["CLUBHOUSE_DB": "/b.sqlite"])
                == "/a.sqlite")
    }

    @Test func anEmptyExplicitPathIsAnError() {
        #expect(throws: StorageError.noPath) { try DatabaseLocation.resolve(explicit: "", environment: [:]) }
    }

    @Test func theEnvironmentVariableComesNext() throws {
        #expect(try DatabaseLocation.resolve(explicit: nil, environment: ["CLUBHOUSE_DB": "/b.sqlite"]) == "/b.sqlite")
    }

    @Test func theDefaultIsUnderXDGDataHomeAndItsFolderIsCreated() throws {
        let folder = try TemporaryFolder()
        let dataHome = folder.path("data")
        let path = try DatabaseLocation.resolve(explicit: nil, environment: ["XDG_DATA_HOME": dataHome, "HOME": "/x"])
        #expect(path == dataHome + "/clubhouse/clubhouse.sqlite")
        #expect(FileManager.default.fileExists(atPath: dataHome + "/clubhouse"))
    }

    @Test func withoutXDGDataHomeTheDefaultIsUnderHome() throws {
        let folder = try TemporaryFolder()
        let home = folder.path("home")
        // A relative XDG_DATA_HOME is invalid by the spec and ignored.
        let path = try DatabaseLocation.resolve(explicit: nil, environment: ["HOME": home, "XDG_DATA_HOME": "rel"])
        #expect(path == home + "/.local/share/clubhouse/clubhouse.sqlite")
        #expect(FileManager.default.fileExists(atPath: home + "/.local/share/clubhouse"))
    }
}
