import Clubhouse

/// One step of a model-based run. A step names its records by position ("the n-th player this
/// device lists", "the n-th player the model created", modulo how many there are), never by id or
/// key, so the same list replays the same run and a shorter list (the shrinker's) still reads.
/// A step whose record does not exist (no player yet) does nothing, on both sides.
enum ModelStep: Hashable, CustomStringConvertible {
    case local(Int, LocalAction)
    case rest(RestAction)
    case sync(Int)
    /// The built `clubhouse sync` on the device's file, SIGKILLed after `afterMs`, then synced again.
    case killDevice(Int, afterMs: Int)
    /// A player's age edited through the library `afterMs` into the built `clubhouse sync` on the
    /// device's file, then synced again (rule 8).
    case editDuringSync(Int, afterMs: Int, pick: Int, value: Int)
    /// The server process SIGKILLed `afterMs` into the device's sync, started again, synced again.
    case killServer(Int, afterMs: Int)
    /// Two syncs of the device's file at once, two processes of the built `clubhouse sync`, both
    /// through the slow network (`SlowProxy`: answers held back, pulls in pages of a few changes),
    /// with a REST write landing while they pull; then one more sync of the device.
    case twoSyncs(Int, during: RestAction)

    enum LocalAction: Hashable {
        case addPlayer(name: Int, age: Int?)
        case editPlayer(pick: Int, field: Int, value: Int)
        case deletePlayer(pick: Int)
        case addBook(book: Int, spelling: Int, author: Int?, price: Int?, secondEdition: Bool)
        case removeBook(pick: Int)
        case ask(Int)
        case deleteQuestion(pick: Int)
        case startGather(picks: [Int])
        case play(Int)
        case endGather
        case deleteGather(pick: Int)
    }

    enum RestAction: Hashable {
        case addPlayer(name: Int, age: Int?)
        case editPlayer(pick: Int, age: Int)
        case deletePlayer(pick: Int)
        case addBook(book: Int, spelling: Int, price: Int?)
        case removeBook(book: Int)
        case ask(Int)
        case deleteQuestion(pick: Int)
        case startGather(picks: [Int])
        case goal(team: Int, minus: Bool)
        case setScore(a: Int, b: Int)
        case endGather
        case cancelGather
        case deleteGather(pick: Int)
    }

    var description: String {
        switch self {
        case .local(let device, let action): "local \(ModelPools.devices[device]) \(action)"
        case .rest(let action): "rest \(action)"
        case .sync(let device): "sync \(ModelPools.devices[device])"
        case .killDevice(let device, let ms): "kill \(ModelPools.devices[device])'s sync after \(ms) ms"
        case .editDuringSync(let device, let ms, let pick, let value):
            "edit player \(pick)'s age (\(value)) \(ms) ms into \(ModelPools.devices[device])'s clubhouse sync"
        case .killServer(let device, let ms): "kill the server \(ms) ms into \(ModelPools.devices[device])'s sync"
        case .twoSyncs(let device, let during):
            "two syncs of \(ModelPools.devices[device])'s file at once, rest \(during) while they pull"
        }
    }
}

/// The values steps pick from: few, so that devices meet on the same records.
enum ModelPools {
    static let devices = ["laptop", "phone", "tablet"]
    static let names = RandomChanges.names
    static let teams = RandomChanges.teams
    static let authors = ["Frank Herbert", "J. R. R. Tolkien", "Carl Sagan", ""]
    static let prices = ["9.99", "14.99", "18.00"]
    static let questions = RandomChanges.questions
    static let plays: [GatherChange] = [
        .score(.a, by: 1), .score(.b, by: 1), .score(.a, by: -1), .setScore(Score(stored: 2, 1)), .startTimer,
        .pauseTimer, .resumeTimer, .resetTimer, .setTimer(5 * 60_000),
    ]

    /// A book of the pool as typed: its ISBN-13, its ISBN-10, or the ISBN-10 with hyphens (rule 5:
    /// every spelling is the same book).
    static func isbn(_ book: Int, spelling: Int) -> String {
        let digits = RandomChanges.isbns[book % RandomChanges.isbns.count]
        guard spelling % 3 != 0 else { return digits }
        let nine = Array(digits.dropFirst(3).prefix(9))
        let sum = nine.enumerated().reduce(0) { $0 + (10 - $1.offset) * Int(String($1.element))! }
        let check = (11 - sum % 11) % 11
        let ten = String(nine) + (check == 10 ? "X" : String(check))
        guard spelling % 3 == 2 else { return ten }
        let characters = Array(ten)
        return "\(String(characters[0]))-\(String(characters[1...3]))-\(String(characters[4...8]))-\(characters[9])"
    }

    static func title(_ book: Int, secondEdition: Bool) -> String {
        RandomChanges.titles[book % RandomChanges.titles.count] + (secondEdition ? " (2nd ed.)" : "")
    }
}

/// A seed's steps, drawn up front (they do not depend on what the run meets, so a replay of the
/// list is the same run).
struct ModelScript {
    /// `twoSyncs`: a step in ten is two syncs of one file at once, and one in 25 a sync alone (the
    /// slow network's variant; the other variants' lists are as they were).
    static func steps(seed: UInt64, count: Int, kills: Bool, twoSyncs: Bool = false) -> [ModelStep] {
        var generator = SeededGenerator(seed: seed)
        func below(_ n: Int) -> Int { Int(generator.next() % UInt64(n)) }
        func maybe(_ n: Int, _ percent: Int) -> Int? { below(100) < percent ? below(n) : nil }
        var steps: [ModelStep] = []
        for _ in 0..<count {
            let device = below(3)
            let roll = below(100)
            let step: ModelStep
            switch roll {
            // Two syncs at once mostly, one alone rarely: the range a device pulls is then long
            // enough for pages to cross, and holds records created and then deleted or renamed.
            case 0..<4 where twoSyncs: step = .sync(device)
            case 4..<14 where twoSyncs: step = .twoSyncs(device, during: restAction(below))
            case 0..<12 where !twoSyncs: step = .sync(device)
            case 12..<15 where kills: step = .killDevice(device, afterMs: 15 + below(120))
            case 15..<17 where kills: step = .killServer(device, afterMs: below(25))
            case 17..<19 where kills:
                step = .editDuringSync(device, afterMs: 15 + below(120), pick: below(1000), value: below(1000))
            case 19..<29: step = .rest(restAction(below))
            default: step = .local(device, localAction(below, maybe))
            }
            steps.append(step)
        }
        return steps
    }

    private static func localAction(_ below: (Int) -> Int, _ maybe: (Int, Int) -> Int?) -> ModelStep.LocalAction {
        switch below(100) {
        case 0..<15: .addPlayer(name: below(ModelPools.names.count), age: maybe(95, 50))
        case 15..<29: .editPlayer(pick: below(1000), field: below(5), value: below(1000))
        case 29..<34: .deletePlayer(pick: below(1000))
        case 34..<44:
            .addBook(
                book: below(6), spelling: below(3), author: maybe(ModelPools.authors.count, 60),
                price: maybe(ModelPools.prices.count, 40), secondEdition: below(100) < 30)
        case 44..<48: .removeBook(pick: below(1000))
        case 48..<54: .ask(below(ModelPools.questions.count))
        case 54..<57: .deleteQuestion(pick: below(1000))
        case 57..<69: .startGather(picks: (0..<(2 + below(3))).map { _ in below(1000) })
        case 69..<89: .play(below(ModelPools.plays.count))
        case 89..<96: .endGather
        default: .deleteGather(pick: below(1000))
        }
    }

    private static func restAction(_ below: (Int) -> Int) -> ModelStep.RestAction {
        switch below(100) {
        case 0..<14: .addPlayer(name: below(ModelPools.names.count), age: below(100) < 50 ? 5 + below(90) : nil)
        case 14..<26: .editPlayer(pick: below(1000), age: 5 + below(90))
        case 26..<32: .deletePlayer(pick: below(1000))
        case 32..<46: .addBook(book: below(6), spelling: below(3), price: below(100) < 40 ? below(3) : nil)
        case 46..<52: .removeBook(book: below(6))
        case 52..<58: .ask(below(ModelPools.questions.count))
        case 58..<62: .deleteQuestion(pick: below(1000))
        case 62..<70: .startGather(picks: (0..<(2 + below(3))).map { _ in below(1000) })
        case 70..<82: .goal(team: below(2), minus: below(100) < 25)
        case 82..<86: .setScore(a: below(5), b: below(5))
        case 86..<93: .endGather
        case 93..<96: .cancelGather
        default: .deleteGather(pick: below(1000))
        }
    }
}
