import Clubhouse

/// A person's random changes on a device, drawn from a seeded generator: players added, edited and
/// deleted, books added (from a small pool of ISBNs, so two devices add the same book) and taken
/// off the shelf, questions asked and deleted, gathers started, scored, timed and ended. A change
/// the app refuses (a gather already in progress, a player on a gather's team, nothing changed) is
/// a refusal a person meets too: it is counted and the run goes on.
struct RandomChanges {
    var generator: SeededGenerator
    private(set) var made = 0
    private(set) var refused = 0

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    static let names = ["Kai", "Zoë O'Brien", "李小龍", "Ana", "Bea", "Mia", "Noah", "Émile", "Ola", "Tom"]
    static let teams = ["", "Boca Juniors", "Ajax", "Celtic", "Malmö FF"]
    static let isbns = [
        "9780441013593", "9780547928227", "9780345539434", "9780143127550", "9780062316097", "9780307474278",
    ]
    static let titles = ["Dune", "The Hobbit", "Cosmos", "Sapiens", "The Road", "Night"]
    static let questions = [
        "What should I read about a desert planet?", "Which book has a dragon in it?",
        "Something about the universe, please", "A short book for the train home",
    ]

    mutating func pick<T>(_ values: [T]) -> T {
        values.randomElement(using: &generator)!
    }

    mutating func chance(_ percent: UInt64) -> Bool {
        generator.next() % 100 < percent
    }

    /// One random change on `app`.
    mutating func change(_ app: ClubhouseApp) throws {
        do {
            try attempt(app)
            made += 1
        } catch is ClubhouseError {
            refused += 1
        }
    }

    private mutating func attempt(_ app: ClubhouseApp) throws {
        let roll = generator.next() % 100
        switch roll {
        case 0..<18:
            try app.addPlayer(pick(Self.names), randomPlayerFields())
        case 18..<38:
            guard let id = try pickPlayer(app) else {
                try app.addPlayer(pick(Self.names))
                return
            }
            let field = pick(PlayerField.allCases)
            try app.editPlayer(id, field, randomText(for: field))
        case 38..<44:
            guard let id = try pickPlayer(app) else { return }
            try app.deletePlayer(id)
        case 44..<56:
            let index = Int(generator.next() % UInt64(Self.isbns.count))
            var fields: [BookField: String] = [:]
            if chance(60) { fields[.author] = pick(["Frank Herbert", "J. R. R. Tolkien", "Carl Sagan", ""]) }
            if chance(40) { fields[.price] = pick(["9.99", "14.99", "18.00"]) }
            if chance(30) { fields[.description] = pick(["A classic", "Read it twice", "Politics and ecology"]) }
            try app.addBook(Self.isbns[index], title: Self.titles[index] + (chance(30) ? " (2nd ed.)" : ""), fields)
        case 56..<61:
            guard let book = try app.shelf().randomElement(using: &generator) else { return }
            try app.removeBook(book.isbn.digits)
        case 61..<69:
            try app.ask(pick(Self.questions))
        case 69..<73:
            guard let id = try app.questionIDs().randomElement(using: &generator) else { return }
            try app.deleteQuestion(id)
        case 73..<80:
            var players = try app.playerIDs().shuffled(using: &generator)
            guard players.count >= 2 else { return }
            players = Array(players.prefix(2 + Int(generator.next() % 3)))
            let half = players.count / 2
            try app.startGather(teamA: Array(players[..<half]), teamB: Array(players[half...]))
        case 80..<90:
            try app.play(
                pick([.score(.a, by: 1), .score(.b, by: 1), .score(.a, by: -1), .setScore(Score(stored: 2, 1))]))
        case 90..<96:
            try app.play(pick([.startTimer, .pauseTimer, .resumeTimer, .resetTimer, .setTimer(5 * 60_000)]))
        default:
            try app.endGather()
        }
    }

    private mutating func pickPlayer(_ app: ClubhouseApp) throws -> Player.ID? {
        try app.playerIDs().randomElement(using: &generator)
    }

    private mutating func randomPlayerFields() -> [PlayerField: String] {
        var fields: [PlayerField: String] = [:]
        for field in [PlayerField.age, .skill, .position, .favouriteTeam] where chance(50) {
            fields[field] = randomText(for: field)
        }
        return fields
    }

    private mutating func randomText(for field: PlayerField) -> String {
        switch field {
        case .name: pick(Self.names)
        case .age: chance(15) ? "" : String(5 + generator.next() % 95)
        case .skill: chance(15) ? "" : pick(Skill.allCases).rawValue
        case .position: chance(15) ? "" : pick(Position.allCases).rawValue
        case .favouriteTeam: pick(Self.teams)
        case .shirtNumber: chance(15) ? "" : String(1 + generator.next() % 99)
        }
    }
}
