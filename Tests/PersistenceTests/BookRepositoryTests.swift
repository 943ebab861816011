import ClubhouseDomain
import ClubhousePersistence
import Foundation
import Testing

@Suite struct BookRepositoryTests {
    let library: Library

    init() throws {
        library = Library(try AppDatabase.inMemory())
    }

    @Test func saveAddsThenUpdatesEveryFieldAndKeepsCreatedAt() throws {
        let ana = try library.user("ana")
        let draft = BookDraft(
            isbn: try isbn(1), title: "Dune", author: "Frank Herbert", publisher: "Chilton",
            description: "Desert planet", priceCents: 1250, published: "1965-08-01")
        let added = try library.database.write { try $0.books.save(draft, owner: ana.id, at: t0 + 123) }
        let expected = Book(
            ownerID: ana.id, fields: draft, owned: true, createdAt: "2023-11-14T22:13:20.123Z",
            updatedAt: "2023-11-14T22:13:20.123Z")
        #expect(added == .added(expected))
        #expect(try library.books { try $0.find(isbn(1), owner: ana.id) } == expected)

        // Fields the new draft leaves out are cleared: an update sets every field of the draft.
        let again = BookDraft(isbn: try isbn(1), title: "Dune (Deluxe)", priceCents: 0)
        let updated = try library.database.write { try $0.books.save(again, owner: ana.id, at: t0 + 60_000) }
        var changed = expected
        changed.title = "Dune (Deluxe)"
        (changed.author, changed.publisher, changed.description, changed.published) = (nil, nil, nil, nil)
        changed.priceCents = 0
        changed.updatedAt = "2023-11-14T22:14:20.000Z"
        guard case .updated(let book, _) = updated else {
            Issue.record("expected an update, got \(updated)")
            return
        }
        #expect(book == changed)
        #expect(try library.books { try $0.find(isbn(1), owner: ana.id) } == changed)
        #expect(try library.books { try $0.shelfCount(owner: ana.id) } == 1)
    }

    @Test func saveAllSavesInOrderAsSaveWouldAndCountsAddedAndUpdated() throws {
        let ana = try library.user("ana")
        let bea = try library.user("bea")
        try library.save(1, "Old one", owner: ana, at: t0)
        try library.save(2, "Bea's two", owner: bea, at: t0)
        try library.database.write { _ = try $0.books.remove(isbn(1), owner: ana.id, at: t0 + 1) }
        let drafts = [
            BookDraft(isbn: try isbn(2), title: "Two", description: "whales"),
            BookDraft(isbn: try isbn(1), title: "One again", author: "Melville"),
            BookDraft(isbn: try isbn(3), title: "Three"),
            BookDraft(isbn: try isbn(2), title: "Two, later row"),
        ]
        let saved = try library.database.write { try $0.books.saveAll(drafts, owner: ana.id, at: t0 + 2) }
        #expect(saved.added == 2)  // 2 and 3; 1 was ana's already, and 2's second row updates it
        #expect(saved.updated == 2)
        // File order: the last saved first on the shelf, the later row of 2 winning.
        #expect(try library.shelf(ana) == ["Two, later row", "Three", "One again"])
        #expect(try library.shelf(bea) == ["Bea's two"])
        let one = try #require(try library.books { try $0.find(isbn(1), owner: ana.id) })
        #expect(one.owned && one.author == "Melville" && one.createdAt == "2023-11-14T22:13:20.000Z")
        // The full-text index followed every row: the later row of 2 dropped "whales".
        #expect(try library.search(["melville"], ana) == ["One again"])
        #expect(try library.search(["whales"], ana).isEmpty)
        #expect(try library.search(["later"], ana) == ["Two, later row"])
        // A further step continues the shelf order after this one; every field arrives as given.
        let four = BookDraft(
            isbn: try isbn(4), title: "Zoë's «Four» 🏴‍☠️", author: "'; DROP TABLE books; --", publisher: "Éditions",
            description: "x", priceCents: 1205, published: "2024-02-29")
        _ = try library.database.write { try $0.books.saveAll([four], owner: ana.id, at: t0 + 2) }
        #expect(try library.shelf(ana).first == "Zoë's «Four» 🏴‍☠️")
        let stored = try #require(try library.books { try $0.find(isbn(4), owner: ana.id) })
        #expect(
            [stored.author, stored.publisher, stored.description, stored.published]
                == [four.author, four.publisher, four.description, four.published])
        #expect(stored.priceCents == 1205)
    }

    @Test func anUpdatePutsTheBookBackOnTheShelfMostRecentFirst() throws {
        let ana = try library.user("ana")
        try library.save(1, "A", owner: ana, at: t0)
        try library.save(2, "B", owner: ana, at: t0 + 1)
        try library.save(3, "C", owner: ana, at: t0 + 2)
        #expect(try library.shelf(ana) == ["C", "B", "A"])
        #expect(try library.database.write { try $0.books.remove(isbn(2), owner: ana.id, at: t0 + 3) })
        #expect(try library.shelf(ana) == ["C", "A"])

        let back = try library.save(2, "B again", owner: ana, at: t0 + 4)
        guard case .updated(let book, _) = back else {
            Issue.record("expected an update, got \(back)")
            return
        }
        #expect(book.owned)
        #expect(book.createdAt == "2023-11-14T22:13:20.001Z")
        #expect(try library.shelf(ana) == ["B again", "C", "A"])
        // Saving an unchanged book again also makes it the most recent.
        try library.save(1, "A", owner: ana, at: t0 + 5)
        #expect(try library.shelf(ana) == ["A", "B again", "C"])
    }

    @Test func theLastSavedComesFirstWithinOneMillisecondAndTheClockDecidesOtherwise() throws {
        let ana = try library.user("ana")
        for (number, title) in [(1, "A"), (2, "B"), (3, "C")] {
            try library.save(number, title, owner: ana, at: t0)
        }
        #expect(try library.shelf(ana) == ["C", "B", "A"])
        try library.save(1, "A", owner: ana, at: t0)
        #expect(try library.shelf(ana) == ["A", "C", "B"])
        // Most recently updated first even when saved later with an earlier clock.
        try library.save(4, "D", owner: ana, at: t0 - 1)
        #expect(try library.shelf(ana) == ["A", "C", "B", "D"])
    }

    @Test func theShelfIsReadAPageAtATime() throws {
        let ana = try library.user("ana")
        for number in 1...25 {
            try library.save(number, "Book \(number)", owner: ana, at: t0 + Milliseconds(number))
        }
        let all = try library.shelf(ana)
        #expect(all == (1...25).reversed().map { "Book \($0)" })
        #expect(try library.books { try $0.shelfCount(owner: ana.id) } == 25)
        let pages = try [0, 10, 20].map { try library.shelf(ana, offset: $0, limit: 10) }
        #expect(pages.map(\.count) == [10, 10, 5])
        #expect(Array(pages.joined()) == all)
        #expect(try library.shelf(ana, offset: 25, limit: 10).isEmpty)
        #expect(try library.shelf(ana, offset: 24, limit: 10) == ["Book 1"])
        #expect(try library.shelf(ana, offset: 0, limit: 0).isEmpty)

        // Through the use case: the last page, and one past it.
        let last = try library.database.read { repositories in
            try ListBooks(books: repositories.books)(owner: ana.id, page: 3, size: 10)
        }
        #expect(last.items.map(\.title) == (1...5).reversed().map { "Book \($0)" })
        #expect(last.count == 3 && last.total == 25)
        #expect(throws: ClubhouseError.self) {
            try library.database.read { try ListBooks(books: $0.books)(owner: ana.id, page: 4, size: 10) }
        }
    }

    @Test func removeTakesTheBookOffTheShelfAndNeverDeletesIt() throws {
        let ana = try library.user("ana")
        try library.save(1, "Dune", description: "sand", owner: ana, at: t0)
        try library.save(2, "Emma", owner: ana, at: t0)
        #expect(try library.database.write { try $0.books.remove(isbn(1), owner: ana.id, at: t0 + 1000) })
        // Once off the shelf there is nothing more to remove; an unknown book neither.
        #expect(try !library.database.write { try $0.books.remove(isbn(1), owner: ana.id, at: t0 + 2000) })
        #expect(try !library.database.write { try $0.books.remove(isbn(9), owner: ana.id, at: t0 + 2000) })

        let removed = try #require(try library.books { try $0.find(isbn(1), owner: ana.id) })
        #expect(!removed.owned)
        #expect(removed.title == "Dune" && removed.description == "sand")
        #expect(removed.createdAt == "2023-11-14T22:13:20.000Z")
        #expect(removed.updatedAt == "2023-11-14T22:13:21.000Z")
        #expect(try library.shelf(ana) == ["Emma"])
        #expect(try library.books { try $0.shelfCount(owner: ana.id) } == 1)
        #expect(try library.search(["dune"], ana).isEmpty)
        #expect(try library.rank(["dune", "emma"], ana) == ["Emma"])
    }

    @Test func anotherUsersBooksAreInvisibleEverywhere() throws {
        let ana = try library.user("ana")
        let bob = try library.user("bob")
        try library.save(1, "Ana's Dune", owner: ana)
        // The same ISBN is another book for another user.
        #expect(try library.save(1, "Bob's Dune", owner: bob, at: t0 + 1).book.title == "Bob's Dune")
        try library.save(2, "Bob's Whales", owner: bob)
        try library.ask("Anything about whales?", books: [2], owner: bob)

        #expect(try library.books { try $0.find(isbn(1), owner: ana.id) }?.title == "Ana's Dune")
        #expect(try library.books { try $0.find(isbn(2), owner: ana.id) } == nil)
        #expect(try library.shelf(ana) == ["Ana's Dune"])
        #expect(try library.books { try $0.shelfCount(owner: ana.id) } == 1)
        #expect(try library.search(["dune"], ana) == ["Ana's Dune"])
        #expect(try library.search(["whales"], ana).isEmpty)
        #expect(try library.rank(["whales", "dune"], ana) == ["Ana's Dune"])
        #expect(try library.books { try $0.recentlyRecommended(owner: ana.id, limit: 5) }.isEmpty)
        #expect(try !library.database.write { try $0.books.remove(isbn(2), owner: ana.id, at: t0) })
        #expect(try library.books { try $0.find(isbn(2), owner: bob.id) }?.owned == true)
        // Ana cannot recommend Bob's book.
        #expect(throws: ClubhouseError.bookNotFound(try isbn(2))) {
            try library.ask("Anything about whales?", books: [2], owner: ana)
        }
    }

    // MARK: Full-text search

    /// A small fixed library for ranking.
    private func shelfOfSea(_ owner: User) throws {
        try library.save(1, "Whales of the Ocean", owner: owner)
        try library.save(2, "Gardening", author: "Ann Green", description: "A chapter about whales", owner: owner)
        try library.save(3, "Ocean Whales and Sharks", owner: owner)
        try library.save(4, "Sharks", author: "The Whales Trust", owner: owner)
        try library.save(5, "Zoë's Kitchen", description: "Recipes", owner: owner)
    }

    @Test func searchFindsBooksHoldingEveryWord() throws {
        let ana = try library.user("ana")
        try shelfOfSea(ana)
        #expect(
            Set(try library.search(["ocean", "whales"], ana)) == ["Whales of the Ocean", "Ocean Whales and Sharks"])
        #expect(try library.search(["whales", "gardening"], ana) == ["Gardening"])
        #expect(try library.search(["ann", "chapter"], ana) == ["Gardening"])
        #expect(try library.search(["whales", "recipes"], ana).isEmpty)
        #expect(try library.search([], ana).isEmpty)
        #expect(try library.search(["ocean"], ana, limit: 1).count == 1)
        #expect(try library.search(["ocean"], ana, limit: 0).isEmpty)
    }

    @Test func wordsMatchAsWordsOrTheirStartsWithoutDiacritics() throws {
        let ana = try library.user("ana")
        try shelfOfSea(ana)
        #expect(
            Set(try library.search(["wha"], ana)) == [
                "Whales of the Ocean", "Gardening", "Ocean Whales and Sharks", "Sharks",
            ])
        #expect(try library.search(["hales"], ana).isEmpty)
        #expect(try library.search(["zoe"], ana) == ["Zoë's Kitchen"])
        #expect(try library.search(["zoë", "kit"], ana) == ["Zoë's Kitchen"])
        #expect(try library.rank(["recip"], ana) == ["Zoë's Kitchen"])
    }

    @Test func rankPutsTitlesFirstAndMoreMatchingWordsFirst() throws {
        let ana = try library.user("ana")
        try shelfOfSea(ana)
        // A title match outweighs an author match, which outweighs a description match.
        let whales = try library.rank(["whales"], ana)
        #expect(Set(whales.prefix(2)) == ["Whales of the Ocean", "Ocean Whales and Sharks"])
        #expect(Array(whales.dropFirst(2)) == ["Sharks", "Gardening"])
        // Two words matched beat one.
        #expect(try library.rank(["sharks", "whales"], ana).first == "Ocean Whales and Sharks")
        #expect(try library.rank(["ocean", "whales"], ana).prefix(2).contains("Ocean Whales and Sharks"))
        #expect(try library.rank(["ocean", "kitchen"], ana).count == 3)
        #expect(try library.rank(["whales"], ana, limit: 2).count == 2)
        #expect(try library.rank(["nothing"], ana).isEmpty)
    }

    @Test func equalScoresGoByISBNForRecommendationsAndByTheShelfForSearch() throws {
        let ana = try library.user("ana")
        for number in [3, 1, 4, 2] {
            try library.save(number, "Same title", owner: ana, at: t0 + Milliseconds(number % 2))
        }
        // Every device holds the ISBN; save orders and update times are each device's own.
        let ranked = try library.books { try $0.rank(["same"], owner: ana.id, limit: 10) }.map(\.isbn)
        #expect(ranked == (try [1, 2, 3, 4].map(isbn)))
        let shelf = try library.books { try $0.shelf(owner: ana.id, offset: 0, limit: 10) }.map(\.isbn)
        #expect(try library.books { try $0.search(["title"], owner: ana.id, limit: 10) }.map(\.isbn) == shelf)
    }

    /// The SQL over the index and Domain's `BookRelevance` are one rule: on random shelves with
    /// many ties, prefixes and diacritics, the device recommends what the rule says.
    @Test(arguments: 1...40)
    func rankIsBookRelevance(seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed))
        let ana = try library.user("ana")
        let words = ["sea", "seal", "Séance", "whale", "Zoë", "zoe", "garden", "gardens", "ocean", "storm"]
        func text(_ count: Int) -> String {
            (0..<count).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
        }
        for number in 1...30 {
            let draft = BookDraft(
                isbn: try isbn(Int(random.next() % 60) + 1), title: text(Int(random.next() % 3) + 1),
                author: random.next() % 2 == 0 ? text(1) : nil, description: random.next() % 2 == 0 ? text(3) : nil)
            try library.database.write { _ = try $0.books.save(draft, owner: ana.id, at: t0 + Milliseconds(number)) }
            if random.next() % 7 == 0 {
                try library.database.write { _ = try $0.books.remove(draft.isbn, owner: ana.id, at: t0 + 99) }
            }
        }
        let keywords = SearchWords.keywords(in: text(Int(random.next() % 3) + 1))
        let shelf = try library.books { try $0.shelf(owner: ana.id, offset: 0, limit: 100) }
        let expected = BookRelevance.best(shelf, keywords: keywords, limit: 3).map(\.isbn)
        #expect(try library.books { try $0.rank(keywords, owner: ana.id, limit: 3) }.map(\.isbn) == expected)
    }

    @Test(arguments: [
        ["near"], ["and"], ["or"], ["not"], ["\""], ["*"], ["\"\""], ["a\"b"], ["title:x"], ["^x"], ["near(a b)"],
        ["(", ")"], ["-x"], ["+"], ["nEaR/2"], [""], ["\u{0}"], ["whales\" OR \"x"], ["whales", "AND", "NEAR"],
    ])
    func wordsAreOnlyEverText(_ words: [String]) throws {
        let ana = try library.user("ana")
        try shelfOfSea(ana)
        try library.save(9, "Near and Or: a \"quoted\" * star", owner: ana)
        _ = try library.search(words, ana)
        _ = try library.rank(words, ana)
        // An injected operator does not widen the search.
        #expect(try library.search(["whales\" OR \"x"], ana).isEmpty)
    }

    @Test func operatorWordsMatchAsPlainWords() throws {
        let ana = try library.user("ana")
        try shelfOfSea(ana)
        try library.save(9, "Near and Or: a \"quoted\" * star", owner: ana)
        #expect(try library.search(["near", "and", "or"], ana) == ["Near and Or: a \"quoted\" * star"])
        #expect(try library.search(["quot"], ana) == ["Near and Or: a \"quoted\" * star"])
        #expect(try library.rank(["not", "near"], ana) == ["Near and Or: a \"quoted\" * star"])
    }
}
