import Domain
import Testing

@testable import Persistence

@Suite struct NavigationDecodingTests {
    private func decode(
        version: Int? = 1, rootFlow: String? = "main", tab: String? = "players", page: String? = "squad",
        stacks: String? = #"{"players":["players","players/1"]}"#
    ) -> StoredNavigation {
        NavigationStore.decode(version: version, rootFlow: rootFlow, tab: tab, page: page, stacks: stacks)
    }

    @Test func decodesAWellFormedRow() {
        #expect(
            decode()
                == .snapshot(
                    .init(selectedTab: .players, selectedPage: .squad, stacks: [.players: ["players", "players/1"]])))
    }

    @Test func reportsEveryMalformedPartInsteadOfThrowing() {
        #expect(decode(version: 2) == .unreadable(reason: "unknown version 2"))
        #expect(decode(version: nil) == .unreadable(reason: "unknown version null"))
        #expect(decode(rootFlow: "login") == .unreadable(reason: "unknown root flow 'login'"))
        #expect(decode(tab: "settings") == .unreadable(reason: "unknown tab 'settings'"))
        #expect(decode(page: nil) == .unreadable(reason: "unknown page 'null'"))
        #expect(decode(stacks: "{not json") == .unreadable(reason: "stacks are not a JSON object of screen lists"))
        #expect(decode(stacks: #"["players"]"#) == .unreadable(reason: "stacks are not a JSON object of screen lists"))
        #expect(
            decode(stacks: #"{"players":[1,2]}"#) == .unreadable(reason: "stacks are not a JSON object of screen lists")
        )
        #expect(
            decode(stacks: #"{"settings":["settings"]}"#) == .unreadable(reason: "unknown tab 'settings' in stacks"))
    }

    @Test func encodesStacksByStableNamesInAStableOrder() throws {
        let json = try NavigationStore.encode([.players: ["players", "players/3"], .home: ["home"]])
        #expect(json == #"{"home":["home"],"players":["players","players/3"]}"#)
    }
}
