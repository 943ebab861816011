import ClubhouseDomain
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
            favouriteTeam: "Boca Juniors 🇦🇷", shirtNumber: 10)
        let bare = Player(id: 3, ownerID: 1, name: "Bare")
        #expect(
            PlayerTable.render([full, bare])
                == """
                ID  NAME         AGE  SKILL         POSITION    SHIRT NUMBER  FAVOURITE TEAM
                12  Zoë O'Brien  27   professional  goalkeeper  10            Boca Juniors 🇦🇷
                3   Bare         -    -             -           -             -
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

    @Test func showsHostileNamesEscapedAndInLine() {
        let players = [
            player(1, "\u{1B}[2J", team: "\u{1B}]0;title\u{07}"),
            player(2, "Ana\n99  Fake  30", age: 30),
            player(3, "\u{202E}evil", team: "a\u{200B}b"),
            player(4, #"back\slash"#),
            player(5, "李小龍"),
            player(6, "👨\u{200D}👩\u{200D}👧"),
        ]
        #expect(
            PlayerTable.render(players)
                == #"""
                ID  NAME               AGE  SKILL    POSITION  SHIRT NUMBER  FAVOURITE TEAM
                1   \e[2J              -    amateur  -         -             \e]0;title\u{7}
                2   Ana\n99  Fake  30  30   amateur  -         -             -
                3   \u{202E}evil       -    amateur  -         -             a\u{200B}b
                4   back\\slash        -    amateur  -         -             -
                5   李小龍             -    amateur  -         -             -
                6   👨‍👩‍👧                 -    amateur  -         -             -
                """#)
    }

    /// Every text of the width reference as a name: the column after it starts at one place.
    @Test func linesUpAnyText() {
        let names = DisplayWidthTests.cases.map(\.text) + ["\u{1B}[31mred", "\u{9B}2J", "a\u{200D}b", "\u{3164}"]
        let players = names.enumerated().map { player(Int64($0.offset + 1), $0.element, age: 42) }
        let lines = PlayerTable.render(players).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == players.count + 1)
        let ageColumn = DisplayWidth.of(String(lines[0].prefix(upTo: lines[0].range(of: "AGE")!.lowerBound)))
        for line in lines.dropFirst() {
            let beforeAge = line.prefix(upTo: line.range(of: "  42  ", options: .backwards)!.lowerBound)
            #expect(DisplayWidth.of(String(beforeAge)) + 2 == ageColumn, "\(line)")
            #expect(!line.unicodeScalars.contains { TextEscapingTests.isDangerous($0) })
        }
    }

    /// Rows given one at a time (as from a database cursor: measured, then written) make the
    /// same table as the rows in memory, in bounded chunks.
    @Test func streamsTheSameTableInBoundedChunks() throws {
        let players = (1...20_000).map {
            player(Int64($0), $0 % 7 == 0 ? "李小龍 \($0)" : "Player \($0)", age: 5 + $0 % 90)
        }
        var layout = PlayerTable.Layout()
        for player in players { layout.include(player) }
        final class Chunks: @unchecked Sendable { var all: [[UInt8]] = [] }
        let collected = Chunks()
        try PlayerTable.write(layout, { body in for player in players { try body(player) } }) {
            collected.all.append([UInt8]($0))
        }
        let chunks = collected.all
        #expect(chunks.count > 1)
        for chunk in chunks.dropLast() {
            #expect(chunk.count >= PlayerTable.chunkSize && chunk.count < PlayerTable.chunkSize + 200)
        }
        #expect(String(decoding: chunks.joined(), as: UTF8.self) == PlayerTable.render(players) + "\n")
    }

    @Test func growsForAnyValue() {
        // Nothing is sized in advance: a megabyte-long name or team only makes the buffer grow.
        let long = String(repeating: "\u{1B}李", count: 500_000)
        let text = PlayerTable.render([player(Int64.min, long, age: Int.max, team: long)])
        #expect(text.contains(String(Int64.min)))
        #expect(text.contains(String(Int.max)))
        #expect(text.hasSuffix(String(repeating: #"\e李"#, count: 500_000)))
    }

    @Test func displayWidthCountsWideAndZeroWidthCharacters() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("李小龍") == 6)
        #expect(DisplayWidth.of("🦁") == 2)
        #expect(DisplayWidth.of("e\u{0301}") == 1)
        #expect(DisplayWidth.of("") == 0)
    }
}
