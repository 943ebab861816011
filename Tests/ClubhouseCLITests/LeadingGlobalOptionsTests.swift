import ArgumentParser
import Testing

@testable import ClubhouseCLI

/// Global options typed before the command parse as they do after it (`LeadingGlobalOptions`).
@Suite struct LeadingGlobalOptionsTests {
    static let commands = CommandRouteTests.valid.filter { !$0.contains { $0.hasPrefix("--database") } }

    @Test(arguments: commands)
    func beforeTheCommandParsesAsAfterIt(_ arguments: [String]) throws {
        for leading in [["--database", "/tmp/first.sqlite"], ["--database=/tmp/first.sqlite", "--scene", "right"]] {
            let placed = LeadingGlobalOptions.placed(leading + arguments, root: Clubhouse.self)
            #expect(placed.options == leading)
            #expect(placed.rest == arguments)
            let before = try Clubhouse.parseAsRoot(placed.toParse)
            let after = try Clubhouse.parseAsRoot(arguments + leading)
            #expect(String(reflecting: before) == String(reflecting: after))
        }
    }

    @Test func argumentsWithoutLeadingOptionsAreLeftAsTheyAre() {
        for arguments in [
            [], ["whoami"], ["player", "show", "--database", "x", "3"], ["--json"], ["--", "--database"],
        ] {
            let placed = LeadingGlobalOptions.placed(arguments, root: Clubhouse.self)
            #expect(placed.options.isEmpty)
            #expect(placed.toParse == arguments)
        }
    }

    @Test func shortOfACommandTheOptionsAreSetAside() {
        let cases: [[String]] = [[], ["--help"], ["--version"], ["player"], ["player", "lst"], ["team", "list"]]
        for rest in cases {
            let placed = LeadingGlobalOptions.placed(["--database", "x"] + rest, root: Clubhouse.self)
            #expect(placed.options == ["--database", "x"])
            #expect(placed.toParse == rest)
        }
        // An option with its value missing (or followed by another option) is not taken; the
        // missing value is named.
        #expect(LeadingGlobalOptions.placed(["--database"], root: Clubhouse.self).toParse == ["--database"])
        #expect(missingValue(["--database"]) == "Missing value for '--database <path>'")
        #expect(
            missingValue(["--database", "x", "--scene", "--help"])
                == "Missing value for '--scene <name>'")
        #expect(
            LeadingGlobalOptions.placed(["--database", "-h", "player", "list"], root: Clubhouse.self).options.isEmpty)
        #expect(missingValue(["--database", "x", "player", "list"]) == nil)
        #expect(missingValue(["player", "list", "--database"]) == nil, "after the command: ArgumentParser's")
        // `--` ends the options: what follows keeps its place after the inserted ones.
        #expect(
            LeadingGlobalOptions.placed(["--scene", "a", "player", "show", "--", "3"], root: Clubhouse.self).toParse
                == ["player", "show", "--scene", "a", "--", "3"])
    }

    /// A forgotten path before a command: the command word is not taken as the file.
    @Test func aCommandWordIsNotTakenAsTheDatabase() {
        func sentence(_ arguments: [String]) -> String? {
            let placed = LeadingGlobalOptions.placed(arguments, root: Clubhouse.self)
            return LeadingGlobalOptions.commandTakenAsValue(placed.options, rest: placed.rest, root: Clubhouse.self)
        }
        #expect(
            sentence(["--database", "whoami"])
                == "'whoami' is a command, not the <path> of '--database': clubhouse --database <path> whoami")
        #expect(
            sentence(["--scene", "a", "--database", "player", "add", "--name", "X"])?.hasPrefix("'player'") == true)
        #expect(sentence(["--database", "whoami", "whoami"]) == nil, "a command follows: the file is named whoami")
        #expect(sentence(["--database=whoami"]) == nil)
        #expect(sentence(["--database", "./whoami"]) == nil)
        #expect(sentence(["--scene", "home"]) == nil, "a scene may be named after a command")
        #expect(sentence(["--database", "x.sqlite"]) == nil)
    }

    /// The sentence `main` prints for `arguments`.
    private func missingValue(_ arguments: [String]) -> String? {
        LeadingGlobalOptions.missingValue(LeadingGlobalOptions.placed(arguments, root: Clubhouse.self).rest)
    }
}
