import Testing

@testable import ClubhouseDomain

@Suite struct BookRelevanceTests {
    private func book(_ isbn: String, _ title: String, author: String? = nil, description: String? = nil) -> Book {
        Book(
            ownerID: 1,
            fields: BookFields(isbn: ISBN(stored: isbn)!, title: title, author: author, description: description),
            createdAt: "", updatedAt: "")
    }

    @Test func eachKeywordAddsTheWeightOfEveryFieldItStarts() {
        let dune = book("9780441013593", "Dune Messiah", author: "Frank Herbert", description: "the desert of Dune")
        #expect(BookRelevance.score(dune, keywords: ["dune"]) == 10 + 1)
        #expect(BookRelevance.score(dune, keywords: ["herb", "mess"]) == 5 + 10)
        #expect(BookRelevance.score(dune, keywords: ["une"]) == 0)
        // Case and diacritics aside, either way round.
        let zoe = book("9780306406157", "Zoë's Kitchen", author: "ÉMILE")
        #expect(BookRelevance.score(zoe, keywords: ["zoe", "emile"]) == 10 + 5)
        #expect(BookRelevance.score(book("9780131103627", "Zoe"), keywords: ["zoë"]) == 10)
    }

    @Test func theBestComeFirstThenTheISBNAndOnlyMatchesCount() {
        let books = [
            book("9780441013593", "Sea"), book("9780131103627", "Sea"), book("9780306406157", "Salt", author: "Sea"),
            book("9780262033848", "Sea salt"), book("9781491950357", "Orchards"),
        ]
        let best = BookRelevance.best(books, keywords: ["sea", "salt"], limit: 10).map(\.isbn.digits)
        #expect(best == ["9780262033848", "9780306406157", "9780131103627", "9780441013593"])
        #expect(
            BookRelevance.best(books, keywords: ["sea"], limit: 2).map(\.isbn.digits) == [
                "9780131103627", "9780262033848",
            ])
        #expect(BookRelevance.best(books, keywords: ["nothing"], limit: 3).isEmpty)
    }
}
