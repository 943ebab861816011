import ClubhouseTestSupport
import Foundation
import Testing

/// `player add` and `player edit` with `--shirt-number`, as a person runs them: the number is
/// shown by `player show`, listed, in `--json`, refused with one `error:` line naming who wears
/// it, and a refusal changes nothing.
@Suite(.heavy) struct ShirtNumberCommandTests {
    @Test func addEditListAndRefuseAClash() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        let kai = try clubhouse.run(["player", "add", "--name", "Kai", "--shirt-number", "7", "--json"])
        #expect(kai.status == 0, "\(kai.stderr)")
        #expect(kai.stdout.contains(#""shirtNumber":7"#), "\(kai.stdout)")
        let clash = try clubhouse.run(["player", "add", "--name", "Mia", "--shirt-number", "7"])
        #expect(clash.status == 1)
        #expect(clash.stderr == "error: shirt number 7 is already worn by Kai (player 1)\n")
        for (number, message) in [
            ("0", "shirt number must be between 1 and 99"), ("-7", "shirt number must be between 1 and 99"),
        ] {
            let refused = try clubhouse.run(["player", "add", "--name", "Mia", "--shirt-number", number])
            #expect(refused.status == 1)
            #expect(refused.stderr == "error: \(message)\n")
        }
        #expect(try clubhouse.run(["player", "add", "--name", "Mia", "--quiet"]).stdout == "2\n")
        let edit = try clubhouse.run(["player", "edit", "2", "--shirt-number", "seven"])
        #expect(edit.status == 1)
        #expect(edit.stderr == "error: shirt number must be a whole number\n")
        #expect(try clubhouse.run(["player", "edit", "2", "--shirt-number", "8"]).status == 0)
        let show = try clubhouse.run(["player", "show", "2"])
        #expect(show.stdout.contains("Shirt number") && show.stdout.contains("8"), "\(show.stdout)")
        let list = try clubhouse.run(["player", "list"])
        #expect(
            list.stdout == """
                ID  NAME  AGE  SKILL  POSITION  SHIRT NUMBER  FAVOURITE TEAM
                1   Kai   -    -      -         7             -
                2   Mia   -    -      -         8             -

                """, "\(list.stdout)")
        #expect(try clubhouse.run(["player", "edit", "1", "--shirt-number", "none"]).status == 0)
        #expect(try clubhouse.run(["player", "edit", "2", "--shirt-number", "7"]).status == 0)
        let json = try clubhouse.run(["player", "list", "--json"])
        let players = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(players?.map { $0["shirtNumber"] as? Int } == [nil, 7])
        #expect(players?.first?.keys.contains("shirtNumber") == true)
    }
}
