import ClubhouseDomain
import ClubhousePersistence
import ClubhouseTestSupport
import Foundation
import Testing

/// The list's fast reads (`each` straight from SQLite, `summarize` without making players) must
/// give what the general decoding (`find`, through GRDB's `Row`) gives, for every value the
/// schema lets through or a hand-edited file holds.
@Suite struct PlayerListReadTests {
    let folder: TemporaryFolder
    let path: String
    let database: AppDatabase
    let owner: User

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("players.sqlite")
        database = try AppDatabase.open(path: path)
        owner = try database.write { try $0.users.insert(username: Username("ana"), passwordHash: "hash") }
    }

    private func players() throws -> [Player] {
        try database.read { repositories in
            var players: [Player] = []
            try repositories.players.each(owner: owner.id) { players.append($0) }
            return players
        }
    }

    @Test func everyStoredValueReadsAsTheGeneralDecodingReadsIt() throws {
        try sqlite(
            path,
            """
            PRAGMA ignore_check_constraints = 1;
            INSERT INTO players (owner_id, name, age, skill, position, favourite_team) VALUES
              (\(owner.id), 'Zoë', 31, 'amateur', 'striker', 'Boca'),
              (\(owner.id), 'Kai', NULL, NULL, NULL, NULL),
              (\(owner.id), 42, '30', 7, X'73747269', 12.5),
              (\(owner.id), X'4B61FF', 30.7, 'amateur' || char(0) || 'x', 'winger ', X'00'),
              (\(owner.id), 'a' || char(0) || 'b', -7, 'Amateur', 'midfielder', 'tab' || char(9)),
              (\(owner.id), 'back\\slash', 123456, X'616D6174657572', 'goalkeeper', '');
            """)
        let listed = try players()
        #expect(listed.count == 6)
        for player in listed {
            let found = try database.read { try $0.players.find(player.id, owner: owner.id) }
            #expect(found == player)
        }
        #expect(
            listed[0]
                == Player(
                    id: listed[0].id, ownerID: owner.id, name: "Zoë", age: 31, skill: .amateur,
                    position: .striker, favouriteTeam: "Boca"))
        #expect(listed[3].skill == .amateur)  // up to the NUL, as GRDB reads text
    }

    /// The list notes what it cannot show as the general decoding does, and shows the same in
    /// its place: a real age is no age (not 30), an unknown case none.
    @Test func theListNotesWhatItCannotShow() throws {
        try sqlite(
            path,
            """
            PRAGMA ignore_check_constraints = 1;
            INSERT INTO players (owner_id, name, age, skill, position, favourite_team) VALUES
              (\(owner.id), 'Zoë', 31, 'amateur', 'striker', 'Boca'),
              (\(owner.id), X'4B61FF', 30.7, 'amateur' || char(0) || 'x', 'winger ', X'00'),
              (\(owner.id), 42, 'old', 7, X'73747269', 12.5);
            """)
        let listed = try players()
        #expect(listed[0].unshowableValues.isEmpty)
        #expect(listed[1].age == nil && listed[1].skill == .amateur && listed[1].position == nil)
        #expect(
            listed.flatMap(\.unshowableValues).map(\.message) == [
                "player 2's name in the database is a blob that is not UTF-8 text; shown with replacement characters",
                "player 2's age in the database is 30.7, not a whole number; shown as unknown",
                "player 2's position in the database is 'winger ', not one of goalkeeper, defender, midfielder, winger, striker; shown as unknown",
                "player 3's age in the database is 'old', not a number; shown as unknown",
                "player 3's skill in the database is '7', not one of beginner, amateur, professional; shown as unknown",
                "player 3's position in the database is a blob of 4 bytes, not one of goalkeeper, defender, midfielder, winger, striker; shown as unknown",
            ])
        for player in listed {
            #expect(try database.read { try $0.players.find(player.id, owner: owner.id) } == player)
        }
    }

    @Test func theSummaryIsThatOfThePlayers() throws {
        try sqlite(
            path,
            """
            PRAGMA ignore_check_constraints = 1;
            INSERT INTO players (owner_id, name, age, skill, position) VALUES
              (\(owner.id), 'Zoë', 31, 'amateur', NULL),
              (\(owner.id), 'Kai Long Name', NULL, NULL, 'striker'),
              (\(owner.id), 42, '30', 'beginner', X'00'),
              (\(owner.id), 'back\\slash', 1234, 'amateur' || char(0), 'winger'),
              (\(owner.id), 'tab' || char(9), -77, 'nope', 'winger');
            """)
        var others: [String] = []
        let summary = try database.read { try $0.players.summarize(owner: owner.id) { others.append($0) } }
        let listed = try players()
        var expected = PlayerListSummary()
        for player in listed { expected.include(player) }
        let plain = listed.map(\.name).filter { $0.utf8.allSatisfy(PlainText.isPlain) }
        expected.longestPlainName = plain.map(\.utf8.count).max() ?? 0
        #expect(summary.ids == expected.ids)
        #expect(summary.ages == expected.ages)
        #expect(summary.anyWithoutAge == expected.anyWithoutAge)
        #expect(Set(summary.skills) == Set(expected.skills))
        #expect(Set(summary.positions) == Set(expected.positions))
        #expect(summary.longestPlainName == "Kai Long Name".utf8.count)
        #expect(others == listed.map(\.name).filter { !$0.utf8.allSatisfy(PlainText.isPlain) })
        #expect(others == ["Zoë", "back\\slash", "tab\t"])
    }

    @Test func noPlayersSumUpToNothing() throws {
        let summary = try database.read { try $0.players.summarize(owner: owner.id) { _ in Issue.record() } }
        #expect(summary.isEmpty)
        #expect(summary == PlayerListSummary())
    }
}
