import ClubhouseDomain
import Testing

@Suite struct ScoreTests {
    @Test func startsGoalless() {
        let score = Score()
        #expect(score.a == 0 && score.b == 0)
        #expect(score.text == "0-0")
        #expect(score[.a] == 0 && score[.b] == 0)
    }

    @Test func stepsOneTeamAtATime() {
        var score = Score()
        score.step(.a, by: 1)
        score.step(.a, by: 1)
        score.step(.b, by: 1)
        #expect(score.a == 2 && score.b == 1)
        #expect(score[.a] == 2 && score[.b] == 1)
        #expect(score.text == "2-1")
        score.step(.a, by: -1)
        #expect(score.text == "1-1")
    }

    @Test func minusAtZeroStaysAtZero() {
        var score = Score()
        score.step(.a, by: -1)
        score.step(.b, by: -1)
        #expect(score == Score())
        score.step(.b, by: -1_000)
        score.step(.b, by: .min + 101)
        #expect(score == Score())
    }

    @Test func stepsStayWithin0To100() throws {
        var score = try Score(a: 100, b: 99)
        score.step(.a, by: 1)
        score.step(.b, by: 1)
        score.step(.b, by: 1)
        #expect(score.a == 100 && score.b == 100)
        score.step(.a, by: 5_000)
        #expect(score.a == 100)
        for _ in 0..<150 { score.step(.b, by: -1) }
        #expect(score.b == 0)
        #expect(score.a == 100)
    }

    @Test(arguments: [(0, 0), (100, 100), (0, 100), (3, 2)])
    func acceptsAFullScoreInRange(_ a: Int, _ b: Int) throws {
        let score = try Score(a: a, b: b)
        #expect(score.a == a && score.b == b)
        #expect(score.text == "\(a)-\(b)")
    }

    @Test(arguments: [(101, 0), (0, 101), (-1, 0), (0, -1), (Int.min, Int.max)])
    func refusesAFullScoreOutOfRange(_ a: Int, _ b: Int) {
        #expect(throws: ClubhouseError.invalidInput("each team's score must be between 0 and 100")) {
            try Score(a: a, b: b)
        }
    }

    @Test func aStoredScoreOutOfRangeIsClamped() {
        let score = Score(stored: 250, -7)
        #expect(score.a == 100 && score.b == 0)
        #expect(Score(stored: .min, .max).text == "0-100")
        #expect(Score(stored: 4, 2).text == "4-2")
    }

    @Test(arguments: [
        (2, 1, Winner.teamA), (1, 2, .teamB), (0, 0, .none), (3, 3, .none), (100, 99, .teamA), (0, 1, .teamB),
    ])
    func theWinnerFollowsFromTheScore(_ a: Int, _ b: Int, _ winner: Winner) throws {
        #expect(Winner(try Score(a: a, b: b)) == winner)
    }

    @Test func winnersAreNamedAsTheAppNamesThem() {
        #expect(Winner.teamA.rawValue == "Team A")
        #expect(Winner.teamB.rawValue == "Team B")
        #expect(Winner.none.rawValue == "None")
        #expect(Team.a.name == "Team A" && Team.b.name == "Team B")
    }
}

/// The stepper's ends said in words (`Score.unmoved`), for the app's and the CLI's note.
@Suite struct ScoreEndsTests {
    @Test func aStepPastEitherEndSaysWhyAndAnyOtherSaysNothing() throws {
        let zero = try Score(a: 0, b: 0)
        #expect(zero.unmoved(.b, by: -1) == "Team B has no goal to take back; the score stays 0–0")
        #expect(zero.unmoved(.a, by: 1) == nil)
        let top = try Score(a: 100, b: 3)
        #expect(top.unmoved(.a, by: 1) == "Team A already has 100 goals, the most a score holds; the score stays 100–3")
        #expect(top.unmoved(.b, by: -1) == nil)
        #expect(zero.unmoved(.a, by: 0) == nil)
    }
}
