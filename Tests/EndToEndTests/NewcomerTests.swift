import ClubhouseTestSupport
import Foundation
import Testing

/// What a new user tripped over (issue 21): a command that changes nothing says so in one line,
/// tabs and pages go by number and the page view turns, errors say how to get on, and the odd
/// corners (a short password typed twice, a deleted working folder) are met early and clearly.
@Suite(.heavy) struct NewcomerTests {
    private func signedIn(_ folder: TemporaryFolder) throws -> ClubhouseProcess {
        ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
    }

    @Test func aCommandThatMovesNothingSaysSoInOneLine() throws {
        let folder = try TemporaryFolder()
        let clubhouse = try signedIn(folder)
        #expect(
            try clubhouse.run(["back"]).stdout
                == "home is the first screen of the home tab; there is nothing to go back to.\n")
        #expect(try clubhouse.run(["tab", "home"]).stdout == "Already on the home tab.\n")
        #expect(try clubhouse.run(["page", "squad"]).stdout == "Already on the squad page.\n")
        #expect(try clubhouse.run(["open", "home/squad"]).stdout == "Already on home/squad; nothing changed.\n")
        try clubhouse.addPlayers("Zoë")
        #expect(try clubhouse.run(["back"]).stdout.contains("first screen of the players tab"))
        // Moving still shows where it landed; JSON always prints the state.
        let moved = try clubhouse.run(["tab", "library"]).stdout
        #expect(!moved.isEmpty && !moved.hasPrefix("Already"))
        #expect(try clubhouse.run(["tab", "library", "--json"]).stdout.hasPrefix("{"))
        #expect(try clubhouse.history().count == 2)
    }

    @Test func tabsAndPagesGoByNumberAndThePageViewTurns() throws {
        let folder = try TemporaryFolder()
        let clubhouse = try signedIn(folder)
        try clubhouse.run(["tab", "3"])
        #expect(try clubhouse.navigation()["tab"] as? String == "questions")
        try clubhouse.run(["tab", "4"])
        #expect(try clubhouse.navigation()["tab"] as? String == "library")
        try clubhouse.run(["page", "2"])
        #expect(try clubhouse.navigation()["page"] as? String == "results")
        #expect(try clubhouse.run(["tab", "6"]).status == 64)
        #expect(try clubhouse.run(["page", "0"]).status == 64)

        try clubhouse.run(["tab", "players"])
        try clubhouse.run(["page", "next"])
        var state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "home")
        #expect(state["page"] as? String == "reading")
        #expect(try clubhouse.run(["page", "next"]).stdout == "reading is the last page; there is no next one.\n")
        try clubhouse.run(["page", "previous"])
        try clubhouse.run(["page", "previous"])
        state = try clubhouse.navigation()
        #expect(state["page"] as? String == "squad")
        #expect(
            try clubhouse.run(["page", "previous"]).stdout == "squad is the first page; there is no previous one.\n")
    }

    @Test func errorsSayHowToGetOn() throws {
        let folder = try TemporaryFolder()
        let fresh = ClubhouseProcess(database: folder.path("new.sqlite"))
        let notSignedIn = try fresh.run(["player", "list"])
        #expect(notSignedIn.status == 1)
        #expect(notSignedIn.stderr.contains("clubhouse login"))
        #expect(notSignedIn.stderr.contains("clubhouse register"))

        let clubhouse = try signedIn(folder)
        let missing = try clubhouse.run(["player", "show", "99"])
        #expect(missing.stderr == "error: no player 99\n")
        let missingBook = try clubhouse.run(["book", "show", "0-441-01359-7"])
        #expect(!missingBook.stderr.contains("deepest"))
        // A link is about screens, so `open` still says how much of it exists.
        #expect(try clubhouse.run(["open", "players/99"]).stderr.contains("deepest screen"))

        let copy = folder.path("copy.sqlite")
        #expect(try clubhouse.run(["backup", copy]).status == 0)
        let again = try clubhouse.run(["backup", copy])
        #expect(again.status == 1)
        #expect(again.stderr.hasPrefix("error: cannot write the copy to \(copy): "))
        #expect(!again.stderr.contains("the database"))
    }

    @Test func reopeningOnAnotherTabSaysWhy() throws {
        let folder = try TemporaryFolder()
        let clubhouse = try signedIn(folder)
        try clubhouse.addPlayers("Zoë")
        try clubhouse.run(["player", "show", "1"])
        try clubhouse.run(["back"])
        try clubhouse.run(["tab", "library"])
        let reopened = try clubhouse.run(["reopen"])
        #expect(reopened.status == 0)
        #expect(
            reopened.stderr
                == "note: players/1 was closed on the players tab, so it reopens there (you were on library)\n")
        #expect(try clubhouse.navigation()["stack"] as? [String] == ["players", "players/1"])
    }

    @Test func readdingABookSaysWhichFieldsItClears() throws {
        let folder = try TemporaryFolder()
        let clubhouse = try signedIn(folder)
        let first = try clubhouse.run([
            "book", "add", "--isbn", "0-441-01359-7", "--title", "Dune", "--author", "Frank Herbert", "--price", "9.99",
        ])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.isEmpty)
        let again = try clubhouse.run(["book", "add", "--isbn", "0-441-01359-7", "--title", "Dune"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.hasPrefix("note: cleared its author, price: "))
        let same = try clubhouse.run(["book", "add", "--isbn", "0-441-01359-7", "--title", "Dune (again)"])
        #expect(same.stderr.isEmpty, "nothing had a value to clear")
    }

    @Test func aPasswordTheRulesRefuseIsNotAskedForTwice() throws {
        let folder = try TemporaryFolder()
        let run = try ClubhouseProcess(database: folder.path("db.sqlite")).runInTerminal(
            ["register", "ana"], typing: ["short"])
        #expect(run.result.status == 1)
        #expect(!run.result.stderr.contains("Repeat password"))
        #expect(run.result.stderr.contains("error: "))
        #expect(!FileManager.default.fileExists(atPath: folder.path("db.sqlite")))
    }

    @Test func registerSignsInUnlessToldNotTo() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: folder.path("db.sqlite"))
        #expect(try clubhouse.run(["open", "library"]).status == 0, "kept for the sign-in")
        let register = try clubhouse.run(["register", "ana", "--password-stdin"], stdin: "s3cret-pass\n")
        #expect(register.status == 0, "\(register.stderr)")
        #expect(
            register.stdout
                == "Registered and signed in as ana.\nOpened library, the link you opened while signed out.\n")
        #expect(try clubhouse.run(["whoami"]).stdout == "ana\n")
        #expect(try clubhouse.navigation()["tab"] as? String == "library")

        #expect(try clubhouse.run(["logout"]).status == 0)
        let bob = try clubhouse.run(["register", "bob", "--password-stdin", "--no-login"], stdin: "b0b-password\n")
        #expect(bob.stdout == "Registered bob. Sign in with: clubhouse login bob\n")
        #expect(try clubhouse.run(["whoami"]).status == 1)
    }

    @Test func aRelativeDatabaseInADeletedFolderIsRefused() throws {
        let folder = try TemporaryFolder()
        let gone = folder.path("gone")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "mkdir \"$1\" && cd \"$1\" && rmdir \"$1\" && exec \"$2\" whoami --database rel.sqlite", "sh", gone,
            ClubhouseProcess.binary.path,
        ]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(stderr.contains("the current folder no longer exists"), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/rel.sqlite"))
    }
}

extension ClubhouseProcess {
    /// `history --json`, newest first.
    fileprivate func history() throws -> [[String: Any]] {
        try jsonArray(try run(["history", "--json"]).stdout)
    }
}

/// The home tab's pages open screens of their own, so home has a stack like every other tab.
@Suite(.heavy) struct HomeStackTests {
    @Test func aPageOpensItsScreensOverHomeAndBackReturnsToThePage() throws {
        let folder = try TemporaryFolder()
        let (_, clubhouse) = try Gathers.squad(in: folder)
        #expect(try clubhouse.run(["gather", "new", "--team-a", "1", "--team-b", "2"]).status == 0)
        #expect(try clubhouse.run(["gather", "end", "--yes"]).status == 0)
        #expect(
            try clubhouse.run(["book", "add", "--isbn", "0-441-01359-7", "--title", "Dune"]).status == 0)

        let player = try clubhouse.run(["home", "--player", "1"])
        #expect(player.status == 0, "\(player.stderr)")
        #expect(player.stdout.contains("Zoë O'Brien"))
        var state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "home")
        #expect(state["stack"] as? [String] == ["home", "players/1"])
        #expect(stacks(state)?["players"] == ["players"], "the players tab keeps its own stack")

        // Restored by the next run, cut like any stale screen, and left by `back`.
        #expect(try clubhouse.run(["nav"]).stdout.contains("stack: home > players/1"))
        #expect(try clubhouse.run(["back"]).status == 0)
        #expect(try clubhouse.navigation()["stack"] as? [String] == ["home"])

        #expect(try clubhouse.run(["home", "--result", "1"]).status == 0)
        #expect(try clubhouse.navigation()["stack"] as? [String] == ["home", "gathers/1"])
        #expect(try clubhouse.run(["home", "--book", "9780441013593"]).status == 0)
        state = try clubhouse.navigation()
        #expect(state["stack"] as? [String] == ["home", "books/9780441013593"])

        // What a page does not hold is refused and changes nothing.
        let missing = try clubhouse.run(["home", "--player", "99"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: no player 99\n")
        #expect(try clubhouse.navigation()["stack"] as? [String] == ["home", "books/9780441013593"])
        #expect(try clubhouse.run(["home", "--player", "1", "--book", "x"]).status == 64)

        // A deleted player's screen is cut from home's stack as from any other.
        #expect(try clubhouse.run(["home", "--player", "3"]).status == 0)
        #expect(try clubhouse.run(["player", "delete", "3", "--yes"]).status == 0)
        #expect(stacks(try clubhouse.navigation())?["home"] == ["home"])
    }
}
