import ClubhouseDomain
import ClubhousePersistence
import Foundation

/// Instants for the tests: T0 is 2023-11-14T22:13:20.000Z.
let t0: Milliseconds = 1_700_000_000_000

/// The valid ISBN-13 978 followed by `n` in nine digits and its check digit.
func isbn(_ n: Int) throws -> ISBN {
    let body = "978" + String(String(n).reversed()).padding(toLength: 9, withPad: "0", startingAt: 0).reversed()
    let sum = body.utf8.enumerated().reduce(0) { $0 + Int($1.element - 48) * ($1.offset % 2 == 0 ? 1 : 3) }
    return try ISBN(body + String((10 - sum % 10) % 10))
}

/// A database with users, and shortcuts to its book and question repositories.
struct Library {
    let database: AppDatabase

    init(_ database: AppDatabase) {
        self.database = database
    }

    func user(_ name: String) throws -> User {
        try database.write { try $0.users.insert(username: Username(name), passwordHash: "hash") }
    }

    @discardableResult
    func save(
        _ number: Int, _ title: String, author: String? = nil, description: String? = nil, owner: User,
        at now: Milliseconds = t0
    ) throws -> BookSave {
        let draft = BookDraft(isbn: try isbn(number), title: title, author: author, description: description)
        return try database.write { try $0.books.save(draft, owner: owner.id, at: now) }
    }

    func books<T>(_ work: (any BookRepository) throws -> T) throws -> T {
        try database.read { try work($0.books) }
    }

    func questions<T>(_ work: (any QuestionRepository) throws -> T) throws -> T {
        try database.read { try work($0.questions) }
    }

    /// The titles of the owner's shelf, in order.
    func shelf(_ owner: User, offset: Int = 0, limit: Int = 100) throws -> [String] {
        try books { try $0.shelf(owner: owner.id, offset: offset, limit: limit) }.map(\.title)
    }

    func search(_ words: [String], _ owner: User, limit: Int = 50) throws -> [String] {
        try books { try $0.search(words, owner: owner.id, limit: limit) }.map(\.title)
    }

    func rank(_ words: [String], _ owner: User, limit: Int = 50) throws -> [String] {
        try books { try $0.rank(words, owner: owner.id, limit: limit) }.map(\.title)
    }

    @discardableResult
    func ask(_ text: String, books numbers: [Int], owner: User, at now: Milliseconds = t0) throws -> Question {
        let isbns = try numbers.map(isbn)
        return try database.write {
            try $0.questions.insert(text: text, answer: "Answer to \(text)", books: isbns, owner: owner.id, at: now)
        }
    }
}
