import ClubhouseDomain
import ClubhousePersistence
import Foundation
import Testing

@Suite struct QuestionRepositoryTests {
    let library: Library

    init() throws {
        library = Library(try AppDatabase.inMemory())
    }

    @Test func aQuestionIsStoredWithItsBooksInOrder() throws {
        let ana = try library.user("ana")
        try library.save(1, "Dune", owner: ana)
        try library.save(2, "Emma", owner: ana)
        let question = try library.ask("Which desert novel should I pick?", books: [2, 1, 2], owner: ana, at: t0 + 5)
        #expect(question.id == 1)
        #expect(question.ownerID == ana.id)
        #expect(question.text == "Which desert novel should I pick?")
        #expect(question.answer == "Answer to Which desert novel should I pick?")
        #expect(question.createdAt == "2023-11-14T22:13:20.005Z")
        // In the order given, each book once.
        #expect(question.books.map(\.title) == ["Emma", "Dune"])
        #expect(try library.questions { try $0.find(question.id, owner: ana.id) } == question)

        let none = try library.ask("Something with no books at all", books: [], owner: ana)
        #expect(none.books.isEmpty)
        #expect(try library.questions { try $0.find(none.id, owner: ana.id) } == none)
    }

    @Test func aQuestionNamingAMissingBookStoresNothing() throws {
        let ana = try library.user("ana")
        try library.save(1, "Dune", owner: ana)
        #expect(throws: ClubhouseError.bookNotFound(try isbn(7))) {
            try library.ask("Which desert novel should I pick?", books: [1, 7], owner: ana)
        }
        #expect(try library.questions { try $0.count(owner: ana.id) } == 0)
    }

    @Test func questionsArePagedNewestFirst() throws {
        let ana = try library.user("ana")
        try library.save(1, "Dune", owner: ana)
        // The clock going back does not change which question is newest.
        for number in 1...7 {
            try library.ask("Question number \(number)", books: [1], owner: ana, at: t0 - Milliseconds(number))
        }
        #expect(try library.questions { try $0.count(owner: ana.id) } == 7)
        let page = { (offset: Int, limit: Int) in
            try library.questions { try $0.page(owner: ana.id, offset: offset, limit: limit) }.map(\.text)
        }
        #expect(try page(0, 3) == ["Question number 7", "Question number 6", "Question number 5"])
        #expect(try page(6, 3) == ["Question number 1"])
        #expect(try page(7, 3).isEmpty)
        #expect(try page(0, 0).isEmpty)
        #expect(try page(0, 100).count == 7)
        #expect(
            try library.questions { try $0.page(owner: ana.id, offset: 0, limit: 100) }.allSatisfy {
                $0.books.count == 1
            })
        let last = try library.database.read {
            try ListQuestions(questions: $0.questions)(owner: ana.id, page: 3, size: 3)
        }
        #expect(last.items.map(\.text) == ["Question number 1"])
    }

    @Test func deletingAQuestionKeepsItsBooks() throws {
        let ana = try library.user("ana")
        try library.save(1, "Dune", owner: ana)
        let question = try library.ask("Which desert novel should I pick?", books: [1], owner: ana)
        #expect(try library.database.write { try $0.questions.delete(question.id, owner: ana.id) })
        #expect(try !library.database.write { try $0.questions.delete(question.id, owner: ana.id) })
        #expect(try library.questions { try $0.find(question.id, owner: ana.id) } == nil)
        #expect(try library.questions { try $0.count(owner: ana.id) } == 0)
        #expect(try library.shelf(ana) == ["Dune"])
        #expect(try library.books { try $0.recentlyRecommended(owner: ana.id, limit: 5) }.isEmpty)
    }

    @Test func aRemovedBookStillShowsInItsQuestion() throws {
        let ana = try library.user("ana")
        try library.save(1, "Dune", owner: ana)
        try library.save(2, "Emma", owner: ana)
        let question = try library.ask("Which desert novel should I pick?", books: [1, 2], owner: ana)
        #expect(try library.database.write { try $0.books.remove(isbn(1), owner: ana.id, at: t0 + 1) })
        let found = try #require(try library.questions { try $0.find(question.id, owner: ana.id) })
        #expect(found.books.map(\.title) == ["Dune", "Emma"])
        #expect(found.books.map(\.owned) == [false, true])
    }

    @Test func anotherUsersQuestionsAreInvisible() throws {
        let ana = try library.user("ana")
        let bob = try library.user("bob")
        try library.save(1, "Dune", owner: ana)
        let question = try library.ask("Which desert novel should I pick?", books: [1], owner: ana)
        #expect(try library.questions { try $0.find(question.id, owner: bob.id) } == nil)
        #expect(try library.questions { try $0.page(owner: bob.id, offset: 0, limit: 10) }.isEmpty)
        #expect(try library.questions { try $0.count(owner: bob.id) } == 0)
        #expect(try !library.database.write { try $0.questions.delete(question.id, owner: bob.id) })
        #expect(try library.questions { try $0.count(owner: ana.id) } == 1)
    }

    @Test func recentlyRecommendedIsNewestFirstEachBookOnce() throws {
        let ana = try library.user("ana")
        for (number, title) in [(1, "A"), (2, "B"), (3, "C"), (4, "D"), (5, "E")] {
            try library.save(number, title, owner: ana)
        }
        try library.ask("First question asked", books: [1, 2], owner: ana)
        try library.ask("Second question asked", books: [3, 1], owner: ana)
        let third = try library.ask("Third question asked", books: [4], owner: ana)
        let recent = { (limit: Int) in
            try library.books { try $0.recentlyRecommended(owner: ana.id, limit: limit) }.map(\.title)
        }
        #expect(try recent(10) == ["D", "C", "A", "B"])
        #expect(try recent(3) == ["D", "C", "A"])
        #expect(try recent(0).isEmpty)
        #expect(try library.database.write { try $0.questions.delete(third.id, owner: ana.id) })
        #expect(try recent(10) == ["C", "A", "B"])
        // A book taken off the shelf was still recommended; it shows, not owned.
        #expect(try library.database.write { try $0.books.remove(isbn(3), owner: ana.id, at: t0 + 1) })
        let books = try library.books { try $0.recentlyRecommended(owner: ana.id, limit: 10) }
        #expect(books.map(\.owned) == [false, true, true])
        // Through the home page's use case.
        let reading = try library.database.read { repositories in
            try HomeSummary(players: repositories.players, gathers: repositories.gathers, books: repositories.books)
                .reading(owner: ana.id)
        }
        #expect(reading.map(\.title) == ["C", "A", "B"])
    }
}
