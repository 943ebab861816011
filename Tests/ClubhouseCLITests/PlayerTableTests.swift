import Domain
import Testing

@testable import ClubhouseCLI

@Suite struct PlayerTableTests {
    private func player(_ id: Int64, _ name: String, age: Int? = nil, team: String? = nil) -> Player {
        Player(id: id, ownerID: 1, name: name, age: age, skill: .amateur, position: nil, favouriteTeam: team)
    }

    @Test func alignsColumnsByDisplayWidth() {
        let names = [
            "Ana", "李小龍", "Zoë", "Zoe\u{0308}", "🦁 Leo", "O'Brien \"Rob\"", String(repeating: "x", count: 100),
        ]
        let players = names.enumerated().map { player(Int64($0.offset + 1) * 997, $0.element, age: 5 + $0.offset) }
        let lines = PlayerTable.render(players).split(separator: "\n").map(String.init)
        #expect(lines.count == players.count + 1)
        // Every row ends in the team column, here "-": the text before it is equally wide.
        let ageColumn = DisplayWidth.of(String(lines[0].prefix(upTo: lines[0].range(of: "AGE")!.lowerBound)))
        for (line, player) in zip(lines.dropFirst(), players) {
            #expect(line.hasPrefix(String(player.id)))
            #expect(line.contains(player.name))
            #expect(line.hasSuffix("  -"))
            let beforeAge = line.prefix(upTo: line.range(of: "  \(player.age!)  ")!.lowerBound)
            #expect(DisplayWidth.of(String(beforeAge)) + 2 == ageColumn, "\(line)")
        }
    }

    @Test func writesEveryFieldAndDashesForMissingOnes() {
        let full = Player(
            id: 12, ownerID: 1, name: "Zoë O'Brien", age: 27, skill: .professional, position: .goalkeeper,
            favouriteTeam: "Boca Juniors 🇦🇷")
        let bare = Player(id: 3, ownerID: 1, name: "Bare")
        #expect(
            PlayerTable.render([full, bare])
                == """
                ID  NAME         AGE  SKILL         POSITION    FAVOURITE TEAM
                12  Zoë O'Brien  27   professional  goalkeeper  Boca Juniors 🇦🇷
                3   Bare         -    -             -           -
                """)
    }

    @Test func handlesExtremeIdsAndLongMultibyteTeams() {
        let players = [
            player(Int64.max, "Max", team: String(repeating: "é", count: 100)),
            player(1, String(repeating: "李", count: 100), team: String(repeating: "🦁", count: 100)),
        ]
        let text = PlayerTable.render(players)
        #expect(text.contains(String(Int64.max)))
        #expect(text.hasSuffix(String(repeating: "🦁", count: 100)))
    }

    @Test func displayWidthCountsWideAndZeroWidthCharacters() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("李小龍") == 6)
        #expect(DisplayWidth.of("🦁") == 2)
        #expect(DisplayWidth.of("e\u{0301}") == 1)
        #expect(DisplayWidth.of("") == 0)
    }
}
