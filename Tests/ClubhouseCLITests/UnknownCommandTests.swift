import Testing

@testable import ClubhouseCLI

/// A word where a command goes that is none: named, with the nearest command of its level.
@Suite struct UnknownCommandTests {
    private func message(_ arguments: [String]) -> String? {
        UnknownCommand.message(arguments, root: Clubhouse.self)
    }

    @Test func atTheTopTheNearestCommandIsSuggested() {
        #expect(message(["plyer", "list"]) == "Unknown command 'plyer'. Did you mean 'player'?")
        #expect(message(["lgoin", "ana"]) == "Unknown command 'lgoin'. Did you mean 'login'?")
        #expect(message(["Player"]) == "Unknown command 'Player'. Did you mean 'player'?")
        #expect(message(["bakc"]) == "Unknown command 'bakc'. Did you mean 'back'?")
    }

    @Test func belowTheTopTheCommandsBeforeItAreNamedToo() {
        #expect(message(["player", "lst"]) == "Unknown command 'player lst'. Did you mean 'player list'?")
        #expect(
            message(["gather", "timer", "strat"])
                == "Unknown command 'gather timer strat'. Did you mean 'gather timer start'?")
        #expect(message(["book", "serach", "dune"]) == "Unknown command 'book serach'. Did you mean 'book search'?")
    }

    /// `team` is close to no command, but `list` is a command of five.
    @Test func theNextWordCanTellWhichCommandWasMeant() {
        #expect(
            message(["team", "list"])
                == "Unknown command 'team'. Did you mean 'player list', 'gather list', 'book list', 'question list' or 'scene list'?"
        )
    }

    @Test func withNothingCloseTheCommandsOfThatLevelAreListed() {
        #expect(
            message(["player", "foo"])
                == "Unknown command 'player foo'. The player commands are add, list, show, edit, delete, mark, unmark, confirm and search."
        )
        #expect(
            message(["team"])
                == "Unknown command 'team'. The commands are register, login, logout, whoami, player, gather, book, question, home, tab, page, back, nav, open, history, undo, reopen, scene, settings, check, backup, app, web, remote, sync and continue."
        )
    }

    @Test func theWordIsEscapedAndCutShort() {
        #expect(message(["player", "l\u{1B}[2Jst"])?.hasPrefix("Unknown command 'player l\\e[2Jst'.") == true)
        #expect(message(["player", "a\nb"])?.hasPrefix("Unknown command 'player a\\nb'.") == true)
        let long = String(repeating: "x", count: 100_000)
        #expect(
            message([long])?.hasPrefix("Unknown command '\(String(repeating: "x", count: 40))…'. The commands") == true)
    }

    /// Only the one word: a password after a misspelt `login` is not shown.
    @Test func nothingTypedAfterItIsShown() throws {
        let shown = try #require(message(["logn", "ana", "hunter2", "list"]))
        #expect(shown == "Unknown command 'logn'. Did you mean 'login'?")
        let nested = try #require(message(["player", "login", "hunter2"]))
        #expect(!nested.contains("hunter2"))
    }

    /// A leaf's arguments, options and the root's help are ArgumentParser's to judge.
    @Test(arguments: [
        ["player", "show", "x"], ["login", "ana", "hunter2"], ["player", "--json", "lst"], ["--json", "team"],
        ["help", "team"], ["tab", "settings"], ["player"], [],
    ])
    func otherMistakesAreNotCommands(_ arguments: [String]) {
        #expect(message(arguments) == nil)
    }

    @Test func slipsOfTheFingersAreClose() {
        #expect(UnknownCommand.nearest("lsit", among: ["list", "show"]) == ["list"])
        #expect(UnknownCommand.nearest("ad", among: ["add", "edit"]) == ["add"])
        #expect(UnknownCommand.nearest("qeustoin", among: ["question"]) == ["question"])
        #expect(UnknownCommand.nearest("team", among: ["tab", "home", "page"]).isEmpty)
        #expect(UnknownCommand.nearest("bok", among: ["back", "book"]) == ["book"])
        #expect(UnknownCommand.nearest("bck", among: ["back", "book"]) == ["back"])
        #expect(UnknownCommand.nearest("bak", among: ["back", "bake"]) == ["back", "bake"])
        #expect(UnknownCommand.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(UnknownCommand.editDistance(Array(""), Array("ab")) == 2)
    }
}
