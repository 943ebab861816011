import ClubhouseDomain
import Testing

@Suite struct PlayerDraftTests {
    @Test func trimsTextAndKeepsTheRest() throws {
        let draft = try PlayerDraft(
            name: "  Zoë O'Brien \t", age: 27, skill: .amateur, position: .striker, favouriteTeam: " Boca Juniors "
        ).validated()
        #expect(
            draft
                == PlayerDraft(
                    name: "Zoë O'Brien", age: 27, skill: .amateur, position: .striker, favouriteTeam: "Boca Juniors"))
    }

    @Test(arguments: ["", "   ", "\t \n"])
    func refusesAnEmptyName(_ name: String) {
        #expect(throws: ClubhouseError.invalidInput("name must not be empty")) {
            try PlayerDraft(name: name).validated()
        }
    }

    @Test func countsNameLengthInCharactersNotBytes() throws {
        #expect(try PlayerDraft(name: String(repeating: "é", count: 100)).validated().name.count == 100)
        #expect(try PlayerDraft(name: String(repeating: "🦁", count: 100)).validated().name.count == 100)
        #expect(throws: ClubhouseError.invalidInput("name must be at most 100 characters")) {
            try PlayerDraft(name: String(repeating: "x", count: 101)).validated()
        }
    }

    @Test(arguments: [4, 100, -3, 0, Int.min, Int.max])
    func refusesAnAgeOutOfRange(_ age: Int) {
        #expect(throws: ClubhouseError.invalidInput("age must be between 5 and 99")) {
            try PlayerDraft(name: "A", age: age).validated()
        }
    }

    @Test(arguments: [5, 99])
    func acceptsTheAgeBounds(_ age: Int) throws {
        #expect(try PlayerDraft(name: "A", age: age).validated().age == age)
    }

    @Test func treatsABlankFavouriteTeamAsNone() throws {
        #expect(try PlayerDraft(name: "A", favouriteTeam: "   ").validated().favouriteTeam == nil)
    }

    @Test func refusesAnOverlongFavouriteTeam() {
        #expect(throws: ClubhouseError.invalidInput("favourite team must be at most 100 characters")) {
            try PlayerDraft(name: "A", favouriteTeam: String(repeating: "t", count: 101)).validated()
        }
    }

    @Test(arguments: ["two\nlines", "tab\tinside", "bell\u{7}"])
    func refusesControlCharactersInsideText(_ text: String) {
        #expect(throws: ClubhouseError.self) { try PlayerDraft(name: text).validated() }
        #expect(throws: ClubhouseError.self) { try PlayerDraft(name: "A", favouriteTeam: text).validated() }
    }

    @Test func keepsQuotesAndSQLVerbatim() throws {
        let name = "Robert'); DROP TABLE players;--"
        #expect(try PlayerDraft(name: name).validated().name == name)
    }
}
