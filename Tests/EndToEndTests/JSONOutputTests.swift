import ClubhouseTestSupport
import Foundation
import Testing

@Suite(.heavy) struct JSONOutputTests {
    static let playerKeys: Set<String> = ["id", "name", "age", "skill", "position", "favouriteTeam", "shirtNumber"]

    @Test func playersHaveEveryKeyEvenWhenEmpty() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        let bare = try jsonObject(try clubhouse.run(["player", "add", "--name", "Bare", "--json"]).stdout)
        #expect(Set(bare.keys) == Self.playerKeys)
        #expect(bare["age"] is NSNull && bare["favouriteTeam"] is NSNull)

        let full = try jsonObject(
            try clubhouse.run([
                "player", "add", "--name", "Full", "--age", "30", "--skill", "professional", "--position", "winger",
                "--favourite-team", "Santos", "--json",
            ]).stdout)
        #expect(full["id"] as? Int == 2)
        #expect(full["age"] as? Int == 30)
        #expect(full["skill"] as? String == "professional")
        #expect(full["position"] as? String == "winger")

        let list = try clubhouse.run(["player", "list", "--json"]).stdout
        let players = try #require(try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]])
        #expect(players.map { $0["name"] as? String } == ["Bare", "Full"])
        #expect(players.allSatisfy { Set($0.keys) == Self.playerKeys })
    }

    @Test func navigationHasTheDocumentedShape() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        let state = try jsonObject(try clubhouse.run(["nav", "--json"]).stdout)
        #expect(
            Set(state.keys) == [
                "scene", "flow", "user", "tab", "page", "pages", "stack", "stacks", "modal", "drafts", "keptDrafts",
                "selections", "marks",
            ])
        #expect(state["marks"] as? [String: [String]] == [:])
        #expect(state["pages"] as? [String: [String]] == ["squad": ["home"], "results": ["home"], "reading": ["home"]])
        #expect(state["modal"] is NSNull)
        #expect(state["drafts"] as? [String: [String: String]] == [:])
        #expect(state["keptDrafts"] as? [String: [String: String]] == [:])
        #expect(state["flow"] as? String == "main")
        #expect(state["user"] as? String == "ana")
        let stacks = try #require(state["stacks"] as? [String: [String]])
        #expect(
            stacks == [
                "home": ["home"], "players": ["players"], "library": ["library"], "questions": ["questions"],
                "profile": ["profile"],
            ])

        let moved = try jsonObject(try clubhouse.run(["tab", "profile", "--json"]).stdout)
        #expect(moved["tab"] as? String == "profile")
        #expect(moved["stack"] as? [String] == ["profile"])
        let whoami = try jsonObject(try clubhouse.run(["whoami", "--json"]).stdout)
        #expect(whoami["username"] as? String == "ana" && whoami["id"] as? Int == 1)
    }
}
