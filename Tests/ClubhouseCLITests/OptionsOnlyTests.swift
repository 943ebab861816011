import ArgumentParser
import Testing

@testable import ClubhouseCLI

/// The options-only read (`OptionsOnly`) must give exactly the options and argument ArgumentParser
/// gives, or nothing (ArgumentParser then parses as before).
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
        // Refused here: ArgumentParser reads it, whatever it makes of it.
        guard let fast = OptionsOnly.read(leaf, rest), let word = Self.word(fast.command, fast.word) else { return }
        #expect(OptionsOnly.runner(leaf, rest) != nil)
        let full = try #require(try Clubhouse.parseAsRoot(arguments) as? any OptionsOnlyCommand)
        #expect(ObjectIdentifier(type(of: full)) == ObjectIdentifier(fast.command))
        #expect(CommandOptions(full.global, full.output) == fast.options)
        #expect(Self.word(of: full) == word)
    }

    /// The positional argument read from `word` as `type` reads it, as text; nil when refused.
    static func word<Command: OptionsOnlyCommand>(_ type: Command.Type, _ word: String?) -> String? {
        Command.read(word).map { String(reflecting: $0) }
    }

    /// The positional argument ArgumentParser set, as text.
    static func word<Command: OptionsOnlyCommand>(of command: Command) -> String {
        String(reflecting: command.argument)
    }

    @Test func theCommonCasesAreReadHere() throws {
        for arguments in [
            ["whoami"], ["nav", "--json", "--database", "/tmp/x"], ["player", "list", "--database=y"],
            ["player", "show", "3"], ["tab", "library", "--json"], ["tab"], ["open", "players/3"],
            ["page", "next"], ["gather", "show"], ["book", "show", "9780141439518"],
        ] {
            let (leaf, rest) = try #require(CommandRoute.leaf(Clubhouse.self, arguments))
            #expect(OptionsOnly.runner(leaf, rest) != nil, "\(arguments)")
        }
        // The comparison above sees the values read here, not only the types.
        let plain = OptionsOnly.read(WhoAmICommand.self, ["--database", "a"])?.options
        #expect(plain == CommandOptions(database: "a", scene: nil, json: false))
        #expect(OptionsOnly.read(WhoAmICommand.self, ["--database", "a", "--json"])?.options != plain)
        #expect(OptionsOnly.read(WhoAmICommand.self, ["--database", "b"])?.options != plain)
    }

    /// A command read here has no property but the two options and its one positional argument:
    /// one more would be set by ArgumentParser and never by the fast path.
    @Test func theCommandsHaveNoOtherArguments() {
        for command in OptionsOnly.commands {
            let names = Mirror(reflecting: command.init()).children.compactMap(\.label)
            let expected = Self.word(command, nil) == String(reflecting: NoArgument()) ? 2 : 3
            #expect(names.count == expected && names.prefix(2) == ["_global", "_output"], "\(command)")
        }
    }

    /// The positional word is read, not only accepted: another word gives another argument.
    @Test func thePositionalWordIsSet() {
        #expect(Self.word(PlayerShowCommand.self, "3") == "3")
        #expect(Self.word(PlayerShowCommand.self, "3") != Self.word(PlayerShowCommand.self, "4"))
        #expect(Self.word(TabCommand.self, nil) != nil)
        #expect(Self.word(PlayerShowCommand.self, nil) == nil)
        #expect(Self.word(WhoAmICommand.self, "3") == nil)
    }
}
