import ClubhouseTestSupport
import Foundation
import Testing

/// A usage error names the word or value that is wrong (escaped, cut short) and suggests the
/// nearest command or option; exit 64, nothing on standard output. Passwords typed as arguments
/// stay hidden (`HostileInputTests`).
@Suite(.heavy) struct UsageErrorTests {
    private let clubhouse = ClubhouseProcess(database: "/nonexistent/never-opened.sqlite")

    /// The lines on standard error, after checking that it is a usage error.
    private func usageError(
        _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let result = try clubhouse.run(arguments, useDatabaseOption: false)
        #expect(result.status == 64, sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(result.stderr.hasSuffix("' for more information.\n"), sourceLocation: sourceLocation)
        return result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func anUnknownCommandAtTheTopIsNamedWithTheNearest() throws {
        let team = try usageError(["team", "list"])
        #expect(
            team.first
                == "error: Unknown command 'team'. Did you mean 'player list', 'gather list', 'book list', 'question list' or 'scene list'?"
        )
        #expect(team.dropFirst().first == "Usage: clubhouse <subcommand>")
        #expect(try usageError(["plyer", "list"]).first == "error: Unknown command 'plyer'. Did you mean 'player'?")
        // Only the word in the command position: what follows a misspelt `login` is not shown.
        let login = try usageError(["lgoin", "ana", "hunter2hunter2"])
        #expect(login.first == "error: Unknown command 'lgoin'. Did you mean 'login'?")
        #expect(!login.joined().contains("hunter2"))
    }

    @Test func anUnknownCommandBelowTheTopIsNamedWithTheNearest() throws {
        let list = try usageError(["player", "lst", "--database", "/nonexistent/x.sqlite"])
        #expect(list.first == "error: Unknown command 'player lst'. Did you mean 'player list'?")
        #expect(list.dropFirst().first == "Usage: clubhouse player <subcommand>")
        #expect(
            try usageError(["gather", "timer", "strat"]).first
                == "error: Unknown command 'gather timer strat'. Did you mean 'gather timer start'?")
        #expect(
            try usageError(["player", "foo"]).first
                == "error: Unknown command 'player foo'. The player commands are add, list, show, edit, delete, mark, unmark, confirm and search."
        )
    }

    /// ArgumentParser's suggestion, with the word named; a check of the command (a missing
    /// `--name`, `--yes` without a terminal) no longer speaks first.
    @Test func anUnknownOptionIsNamedWithTheNearest() throws {
        #expect(
            try usageError(["player", "list", "--jsn"]).first == "error: Unknown option '--jsn'. Did you mean '--json'?"
        )
        #expect(
            try usageError(["player", "add", "--nmae", "Kai"]).first
                == "error: Unknown option '--nmae'. Did you mean '--name'?")
        #expect(
            try usageError(["player", "delete", "1", "--ys"]).first
                == "error: Unknown option '--ys'. Did you mean '--yes'?")
        #expect(
            try usageError(["nav", "--databse", "x"]).first
                == "error: Unknown option '--databse'. Did you mean '--database'?")
        // A check still speaks when nothing is misspelt.
        #expect(
            try usageError(["player", "add", "--age", "30"]).first
                == "error: Missing '--name <name>' (on a terminal, the form asks for it).")
    }

    @Test func anInvalidValueIsNamed() throws {
        let show = try usageError(["player", "show", "abc"])
        #expect(show.first == "error: The value 'abc' is invalid for '<id>'")
        #expect(show.dropFirst().first == "Help:  <id>  The player's id, as printed by 'player add' and 'player list'.")
        #expect(
            try usageError(["player", "add", "--name", "Kai", "--skill", "wizard"]).first
                == "error: The value 'wizard' is invalid for '--skill <skill>'. Please provide one of 'beginner', 'amateur' or 'professional'."
        )
        #expect(
            try usageError(["tab", "settings"]).first
                == "error: The value 'settings' is invalid for '<name>'. Please provide one of 'home', 'players', 'questions', 'library' or 'profile'."
        )
        #expect(try usageError(["player", "list", "extra"]).first == "error: Unexpected argument 'extra'")
    }

    /// Escape sequences, a line break and a bidi override reach the terminal as escapes, and the
    /// message keeps its own lines.
    @Test func controlCharactersInAWordAreShownEscaped() throws {
        let command = try usageError(["player", "l\u{1B}st"])
        #expect(command.first == "error: Unknown command 'player l\\est'. Did you mean 'player list'?")
        let sequence = try usageError(["\u{1B}[2J\u{1B}[H"])
        #expect(sequence.first?.hasPrefix("error: Unknown command '\\e[2J\\e[H'. The commands are ") == true)
        let value = try usageError(["player", "show", "a\nb\u{202E}c"])
        #expect(value.first == "error: The value 'a\\nb\\u{202E}c' is invalid for '<id>'")
        #expect(value.count == 5)  // the sentence, help, usage, "See …", and the final newline's empty rest
        let option = try usageError(["player", "list", "--json=\u{1B}]0;owned\u{07}"])
        #expect(
            option.first == "error: The option '--json' does not take any value, but '\\e]0;owned\\u{7}' was specified."
        )
        for lines in [command, sequence, value, option] {
            #expect(!lines.joined().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{202E}" })
        }
    }

    @Test func aVeryLongWordIsCutShort() throws {
        let long = String(repeating: "x", count: 100_000)
        let command = try usageError([long, "list"])
        #expect(command.first?.hasPrefix("error: Unknown command '\(String(repeating: "x", count: 40))…'. ") == true)
        let value = try usageError(["player", "show", long])
        #expect(value.first == "error: The value '\(String(repeating: "x", count: 40))…' is invalid for '<id>'")
        // At most five of many extra words.
        let extra = try usageError(["player", "show", "1"] + Array(repeating: long, count: 10))
        #expect(
            extra.first?.hasPrefix("error: 10 unexpected arguments: '\(String(repeating: "x", count: 40))…', ") == true)
        #expect(extra.first?.hasSuffix("…', …") == true)
        for lines in [command, value, extra] { #expect(lines.joined(separator: "\n").utf8.count < 1_000) }
    }
}
