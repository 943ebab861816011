import ArgumentParser
import Testing

@testable import ClubhouseCLI

/// The leaf-only parse (`CommandRoute`) must give exactly what ArgumentParser's parse from the
/// root gives, for every command, or nothing at all (the root then parses as before).
@Suite struct CommandRouteTests {
    static let valid: [[String]] = [
        ["whoami"], ["whoami", "--json", "--database", "/tmp/x.sqlite"], ["nav"], ["nav", "--json"],
        ["register", "ana", "--password-stdin"], ["login", "--password-stdin", "ana"], ["logout"],
        ["player", "add", "--name", "Zoë", "--age", "31", "--skill", "amateur", "--position", "striker"],
        ["player", "add", "--name=Kai", "--favourite-team", "Boca", "--discard-draft"],
        ["player", "list", "--json"], ["player", "show", "3"], ["player", "edit", "3", "--age", "none"],
        ["player", "delete", "3", "--yes"], ["gather", "new", "--team-a", "1,2", "--team-b", "3"],
        ["gather", "show"], ["gather", "show", "2", "--json"], ["gather", "score", "a"],
        ["gather", "score", "b", "--minus"], ["gather", "score", "--set", "3-2"],
        ["gather", "timer", "set", "05:00"], ["gather", "timer", "start"], ["gather", "timer", "reset"],
        ["gather", "watch"], ["gather", "end", "-y"], ["gather", "cancel", "--yes"], ["gather", "list"],
        ["gather", "delete", "1", "--yes"], ["home"], ["tab"], ["tab", "players"], ["page", "results"], ["back"],
        ["open", "players/3"], ["history", "--limit", "5"], ["undo"], ["reopen"], ["check"],
        ["backup", "/tmp/copy.sqlite"], ["settings"], ["settings", "--json"], ["settings", "show"],
        ["settings", "landing"], ["settings", "landing", "players"], ["settings", "landing", "4", "--json"],
    ]

    @Test(arguments: valid)
    func theLeafAloneParsesAsTheRootDoes(_ arguments: [String]) throws {
        let (leaf, rest) = try #require(CommandRoute.leaf(Clubhouse.self, arguments))
        let routed = try #require(CommandRoute.parse(leaf, rest))
        let full = try Clubhouse.parseAsRoot(arguments)
        #expect(type(of: routed) == type(of: full))
        #expect(String(reflecting: routed) == String(reflecting: full))
    }

    /// The comparison above sees the parsed values, not only the types.
    @Test func theComparisonSeesValues() throws {
        let three = try Clubhouse.parseAsRoot(["player", "show", "3"])
        let four = try Clubhouse.parseAsRoot(["player", "show", "4"])
        #expect(String(reflecting: three) != String(reflecting: four))
    }

    /// Help, versions, completion scripts, unknown words and usage errors are the root's.
    @Test(arguments: [
        [], ["--help"], ["player", "add", "-h"], ["help", "player"], ["--version"], ["player"], ["gather", "timer"],
        ["--generate-completion-script", "bash"], ["plyer", "list"], ["player", "show", "x"],
        ["player", "show", "--", "3"], ["player", "lst"], ["team", "list"], ["player", "list", "--jsn"],
        ["nav", "--databse", "x"], ["player", "add", "--nmae", "Kai"], ["player", "delete", "1", "--ys"],
        ["login", "ana", "hunter2"],
    ])
    func everythingElseGoesTheRootsWay(_ arguments: [String]) {
        if let (leaf, rest) = CommandRoute.leaf(Clubhouse.self, arguments) {
            #expect(CommandRoute.parse(leaf, rest) == nil)
        }
    }
}
