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

    static var cases: [[String]] {
        words.flatMap { word in options.map { word.split(separator: " ").map(String.init) + $0 } }
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
        for arguments in [["whoami"], ["nav", "--json", "--database", "/tmp/x"], ["player", "list", "--database=y"]] {
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
    }
}
