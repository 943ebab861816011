import ClubhouseDomain
import Foundation
import Testing

@testable import ClubhouseCLI

/// The reference: what Foundation's JSONEncoder prints for a player, with every key present.
private struct Reference: Encodable {
    let player: Player

    enum CodingKeys: String, CodingKey {
        case id, name, age, skill, position, favouriteTeam, shirtNumber
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(player.id, forKey: .id)
        try container.encode(player.name, forKey: .name)
        try container.encode(player.age, forKey: .age)
        try container.encode(player.skill?.rawValue, forKey: .skill)
        try container.encode(player.position?.rawValue, forKey: .position)
        try container.encode(player.favouriteTeam, forKey: .favouriteTeam)
        try container.encode(player.shirtNumber, forKey: .shirtNumber)
    }
}

@Suite struct PlayerJSONTests {
    static let awkwardTexts: [String] = [
        "", "Zoë O'Brien", #"say "hi""#, #"back\slash"#, "a/b", "李小龍 🦁", "e\u{0301}", "\u{2028}\u{2029}",
        "\u{7F}", "Robert'); DROP TABLE players;--", String(repeating: "x", count: 100),
        String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }),
        // What human output escapes, JSON keeps exact: escape sequences, C1, bidi and invisible
        // characters, joiners, combining-mark bombs.
        "\u{1B}[2J", "\u{1B}]0;title\u{07}", "Ana\n99  Fake", "\u{85}\u{9B}\u{9F}", "\u{202E}evil\u{2066}",
        "a\u{200B}\u{200D}\u{FEFF}b", "👨\u{200D}👩\u{200D}👧", "Z" + String(repeating: "\u{0336}", count: 1000),
        #"\e[2J"#,
    ]

    static let players: [Player] =
        awkwardTexts.enumerated().map { index, text in
            Player(
                id: Int64(index + 1), ownerID: 1, name: text, age: index % 2 == 0 ? nil : 5 + index,
                skill: Skill.allCases[index % Skill.allCases.count],
                position: index % 3 == 0 ? nil : Position.allCases[index % 5],
                favouriteTeam: index % 4 == 0 ? nil : text, shirtNumber: index % 5 == 0 ? nil : 1 + index)
        } + [
            Player(id: Int64.max, ownerID: 1, name: "max", age: Int.max, skill: .professional, position: .midfielder),
            Player(id: Int64.min, ownerID: 1, name: "min", age: Int.min, skill: .beginner, position: .goalkeeper),
        ]

    private func reference<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func matchesJSONEncoderByteForByte() throws {
        for player in Self.players {
            #expect(PlayerJSON.object(player) == (try reference(Reference(player: player))), "\(player.name)")
        }
        #expect(PlayerJSON.array(Self.players) == (try reference(Self.players.map(Reference.init(player:)))))
        #expect(PlayerJSON.array([]) == "[]")
    }

    @Test func streamsTheSameArrayInChunks() throws {
        let players = (0..<5_000).map { Self.players[$0 % Self.players.count] }
        final class Chunks: @unchecked Sendable { var all: [[UInt8]] = [] }
        let collected = Chunks()
        try PlayerJSON.write({ body in for player in players { try body(player) } }) {
            collected.all.append([UInt8]($0))
        }
        let chunks = collected.all
        #expect(chunks.count > 1)
        #expect(String(decoding: chunks.joined(), as: UTF8.self) == PlayerJSON.array(players) + "\n")
    }

    @Test func readsBackAsTheSameValues() throws {
        let decoded = try #require(
            try JSONSerialization.jsonObject(with: Data(PlayerJSON.array(Self.players).utf8)) as? [[String: Any]])
        #expect(decoded.count == Self.players.count)
        for (object, player) in zip(decoded, Self.players) {
            #expect(object["name"] as? String == player.name)
            #expect((object["favouriteTeam"] as? String) == player.favouriteTeam)
            #expect((object["id"] as? NSNumber)?.int64Value == player.id)
        }
    }
}
