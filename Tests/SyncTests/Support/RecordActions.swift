import Clubhouse

/// The changes a person makes on a device, each one `perform` through the library's one road, as
/// the CLI and the terminal app make them (so the outbox sees exactly what a user's change writes).
extension ClubhouseApp {
    @discardableResult
    func addPlayer(_ name: String, _ fields: [PlayerField: String] = [:]) throws -> Player.ID {
        var given: [(name: String, text: String)] = [(PlayerField.name.rawValue, name)]
        for field in PlayerField.allCases where field != .name {
            if let text = fields[field] { given.append((field.rawValue, text)) }
        }
        let outcome = try perform(Command(link: .screen(.newPlayer), .submit(given, discardingDraft: true)))
        guard case .form(.playerAdded(let player), _) = outcome.result else {
            throw ClubhouseError.misuse("player add answered \(outcome.result)")
        }
        return player.id
    }

    func editPlayer(_ id: Player.ID, _ field: PlayerField, _ text: String) throws {
        try perform(
            Command(
                link: .screen(.editPlayer(id, field: field)), .submit([(field.rawValue, text)], discardingDraft: true)))
    }

    func deletePlayer(_ id: Player.ID) throws {
        try perform(Command(link: .screen(.player(id)), .deletePlayer))
    }

    /// Adds the book, or updates it when the ISBN is on the shelf (what `book add` does).
    func addBook(_ isbn: String, title: String, _ fields: [BookField: String] = [:]) throws {
        var given: [(name: String, text: String)] = [
            (BookField.isbn.rawValue, isbn), (BookField.title.rawValue, title),
        ]
        for (field, text) in fields.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            given.append((field.rawValue, text))
        }
        try perform(Command(link: .screen(.newBook), .submit(given, discardingDraft: true)))
    }

    func removeBook(_ isbn: String) throws {
        try perform(Command(link: .screen(.book(isbn: isbn)), .removeBook))
    }

    @discardableResult
    func ask(_ text: String) throws -> Question.ID {
        let outcome = try perform(
            Command(link: .screen(.newQuestion), .submit([(FormField.questionText, text)], discardingDraft: true)))
        guard case .form(.questionAsked(let question), _) = outcome.result else {
            throw ClubhouseError.misuse("question ask answered \(outcome.result)")
        }
        return question.id
    }

    func deleteQuestion(_ id: Question.ID) throws {
        try perform(Command(link: .screen(.question(id)), .deleteQuestion))
    }

    @discardableResult
    func startGather(teamA: [Player.ID], teamB: [Player.ID]) throws -> Gather {
        let ids = { (team: [Player.ID]) in team.map(String.init).joined(separator: ",") }
        let outcome = try perform(
            Command(
                link: .screen(.confirmPlayers),
                .submit([("team-a", ids(teamA)), ("team-b", ids(teamB))], discardingDraft: true)))
        guard case .form(.gatherStarted(let gather), _) = outcome.result else {
            throw ClubhouseError.misuse("gather new answered \(outcome.result)")
        }
        return gather
    }

    func play(_ change: GatherChange) throws {
        try perform(Command(.gather(.play(change))))
    }

    func endGather() throws {
        try perform(Command(.gather(.end)))
    }

    /// The gather in progress, as `gather show` shows it, or nil.
    func gatherInProgress() throws -> GatherViewModel? {
        do {
            let outcome = try perform(Command(.gather(.show)))
            guard case .gather(let model) = outcome.result else { return nil }
            return model
        } catch let error as ClubhouseError {
            if case .noGatherInProgress = error { return nil }
            throw error
        }
    }

    func playerIDs() throws -> [Player.ID] {
        try readPlayers(around: nil, count: 1000).rows.map(\.id)
    }

    func shelf() throws -> [Book] {
        try readShelf(around: nil, count: 1000).rows
    }

    func questionIDs() throws -> [Question.ID] {
        try readQuestions(around: nil, count: 1000).rows.map(\.id)
    }
}
