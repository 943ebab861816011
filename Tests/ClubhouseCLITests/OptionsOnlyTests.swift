import ArgumentParser
import Testing

@testable import ClubhouseCLI

/// The options-only parse (`OptionsOnly`) must give exactly what ArgumentParser gives, or nothing
/// (ArgumentParser then parses as before).
@Suite struct OptionsOnlyTests {
    static let words = ["whoami", "nav", "back", "home", "player list"]
    static let options: [[String]] = [
        [], ["--json"], ["--database", "/tmp/x.sqlite"], ["--database=/tmp/x.sqlite"],
        ["--json", "--database", "a b.sqlite"], ["--database", "x", "--json"], ["--database=a=b"],
        ["--scene", "work"], ["--scene=side-2", "--json"], ["--database", "x", "--scene", "A_1"],
        // Left to ArgumentParser: values like options, empty values, repeats, anything else.
        ["--database", "-x"], ["--database"], ["--database="], ["--database=-x"], ["--json", "--json"],
        ["--database", "a", "--database", "b"], ["--verbose"], ["extra"], ["--json=true"], ["-j"],
        ["--scene", "a b"], ["--scene", "--json"], ["--scene="], ["--scene", "a", "--scene", "b"],
    ]

    /// Commands with one positional argument, each with words it takes, words it refuses, and
    /// none (which an optional argument takes).
    static let positional = [
        "player show", "book show", "open", "tab", "page", "gather show",
    ]
    static let positionalWords: [[String]] = [
        [], ["3"], ["007"], ["+4"], ["0"], ["-2"], ["3", "4"], ["x"], ["9780141439518"], ["players/3"],
        ["clubhouse://players/3"], ["library"], ["2"], ["9"], ["next"], ["previous"], ["squad"], ["a b"], [""],
        ["3", "--json"], ["--json", "3"], ["--database", "x", "4"], ["4", "--database", "x"], ["--", "3"],
        ["9223372036854775808"], ["players"],
    ]

    static var cases: [[String]] {
        let plain: [[String]] = words.flatMap { word in options.map { split(word) + $0 } }
        let trailing: [[String]] = [[], ["--json"], ["--scene", "work"], ["--database"]]
        var withWords: [[String]] = []
        for command in positional {
            for words in positionalWords {
                for more in trailing { withWords.append(split(command) + words + more) }
            }
        }
        return plain + withWords
    }

    static func split(_ words: String) -> [String] {
        words.split(separator: " ").map(String.init)
    }

    @Test(arguments: cases)
    func readsTheOptionsAsArgumentParserDoes(_ arguments: [String]) throws {
        guard let (leaf, rest) = CommandRoute.leaf(Clubhouse.self, arguments) else { return }
        guard let fast = OptionsOnly.parse(leaf, rest) else { return }
        let full = try Clubhouse.parseAsRoot(arguments)
        #expect(type(of: fast) == type(of: full))
        #expect(String(reflecting: fast) == String(reflecting: full))
    }

    @Test func theCommonCasesAreReadHere() throws {
        for arguments in [
            ["whoami"], ["nav", "--json", "--database", "/tmp/x"], ["player", "list", "--database=y"],
            ["player", "show", "3"], ["tab", "library", "--json"], ["tab"], ["open", "players/3"],
            ["page", "next"], ["gather", "show"], ["book", "show", "9780141439518"],
        ] {
            let (leaf, rest) = try #require(CommandRoute.leaf(Clubhouse.self, arguments))
            #expect(OptionsOnly.parse(leaf, rest) != nil)
        }
        // The comparison above sees the values set here, not only the types.
        let plain = OptionsOnly.parse(WhoAmICommand.self, ["--database", "a"])
        let json = OptionsOnly.parse(WhoAmICommand.self, ["--database", "a", "--json"])
        let other = OptionsOnly.parse(WhoAmICommand.self, ["--database", "b"])
        #expect(String(reflecting: plain) != String(reflecting: json))
        #expect(String(reflecting: plain) != String(reflecting: other))
    }

    /// A command read here has no property but the two options: one more would be left unset,
    /// and reading it would stop the program.
    @Test func theCommandsHaveNoOtherArguments() {
        for command in OptionsOnly.commands {
            let names = Mirror(reflecting: command.init()).children.compactMap(\.label)
            #expect(names == ["_global", "_output"], "\(command)")
        }
        for command in OptionsOnly.positionalCommands {
            let names = Mirror(reflecting: command.init()).children.compactMap(\.label)
            #expect(names.count == 3 && names.prefix(2) == ["_global", "_output"], "\(command)")
        }
    }

    /// The positional word is read, not only accepted: another word gives another command.
    @Test func thePositionalWordIsSet() {
        let three = OptionsOnly.parse(PlayerShowCommand.self, ["3"])
        let four = OptionsOnly.parse(PlayerShowCommand.self, ["4"])
        #expect(three != nil && String(reflecting: three) != String(reflecting: four))
        #expect(OptionsOnly.parse(TabCommand.self, []) != nil)
        #expect(OptionsOnly.parse(PlayerShowCommand.self, []) == nil)
    }
}
