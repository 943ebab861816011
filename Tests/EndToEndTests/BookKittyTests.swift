import ClubhouseTestSupport
import Foundation
import Testing

/// The BookKitty flows through the real binary, several runs against one database.
@Suite(.heavy) struct BookKittyTests {
    static let dune = "9780441013593"
    static let hobbit = "9780547928227"
    static let cosmos = "9780345539434"

    let folder: TemporaryFolder
    let path: String
    let clubhouse: ClubhouseProcess

    init() throws {
        folder = try TemporaryFolder()
        path = try Fixtures.signedInDatabase(in: folder)
        clubhouse = ClubhouseProcess(database: path)
    }

    @discardableResult
    func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try clubhouse.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, "\(arguments)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Fails with one `error:` line, exit 1, and leaves the file exactly as it was.
    func refuse(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try databaseDump(path)
        let result = try clubhouse.run(arguments)
        #expect(result.status == 1, "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.stderr == "error: \(message)\n", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(try databaseDump(path) == before, "\(arguments) wrote", sourceLocation: sourceLocation)
    }

    func library() throws {
        try succeed([
            "book", "add", "--isbn", "0-441-01359-7", "--title", "Dune", "--author", "Frank Herbert",
            "--description", "Politics and ecology on a desert planet", "--price", "9.99", "--published", "1965-08-01",
        ])
        try succeed([
            "book", "add", "--isbn", Self.hobbit, "--title", "The Hobbit", "--author", "J. R. R. Tolkien",
            "--description", "A dragon, a ring and a long walk",
        ])
        try succeed([
            "book", "add", "--isbn", "978-0-345-53943-4", "--title", "Cosmos", "--author", "Carl Sagan",
            "--description", "The universe, planets and stars",
        ])
    }

    @Test func booksAreAddedListedShownAndRemovedAcrossRuns() throws {
        #expect(
            try succeed(["book", "add", "--isbn", "0441013597", "--title", "Dune"])
                == "Added “Dune” (ISBN \(Self.dune)) to your shelf.\n")
        #expect(try clubhouse.navigation()["tab"] as? String == "library")
        #expect(
            try succeed(["book", "add", "--isbn", Self.dune, "--title", "Dune", "--author", "Frank Herbert"])
                == "Updated “Dune” (ISBN \(Self.dune)); it is on your shelf.\n")
        try succeed(["book", "add", "--isbn", Self.hobbit, "--title", "The Hobbit"])
        #expect(
            try succeed(["book", "list"]) == """
                Library — page 1 of 1 (2 books)
                  \(Self.hobbit)  The Hobbit
                  \(Self.dune)  Dune — Frank Herbert

                """)
        let shown = try succeed(["book", "show", "0-441-01359-7"])
        #expect(shown.hasPrefix("Dune (ISBN \(Self.dune))\n  Author: Frank Herbert\n  On the shelf\n"))
        #expect(try stacks(clubhouse.navigation())?["library"] == ["library", "books/\(Self.dune)"])
        #expect(try succeed(["book", "remove", Self.dune]) == "Took “Dune” (ISBN \(Self.dune)) off your shelf.\n")
        #expect(try stacks(clubhouse.navigation())?["library"] == ["library"])
        #expect(try succeed(["book", "list"]).contains("(1 book)"))
        #expect(try succeed(["book", "show", Self.dune]).contains("Not on the shelf"))
        try refuse(["book", "remove", Self.dune], "Dune (\(Self.dune)) is not on the shelf")
    }

    @Test func bookJSONHasTheStableKeys() throws {
        try library()
        let book = try jsonObject(try succeed(["book", "show", Self.dune, "--json"]))
        #expect(
            Set(book.keys) == [
                "isbn", "title", "author", "publisher", "description", "price", "priceCents", "published", "owned",
                "createdAt", "updatedAt",
            ])
        #expect(book["isbn"] as? String == Self.dune)
        // As /v1/books shows it: the form's text, and the exact amount.
        #expect(book["price"] as? String == "9.99")
        #expect(book["priceCents"] as? Int == 999)
        #expect(book["published"] as? String == "1965-08-01")
        #expect(book["owned"] as? Bool == true)
        #expect(book["publisher"] is NSNull)
        let list = try jsonArray(try succeed(["book", "list", "--json"]))
        #expect(list.map { $0["isbn"] as? String } == [Self.cosmos, Self.hobbit, Self.dune])
        let added = try jsonObject(
            try succeed(["book", "add", "--isbn", "9780306406157", "--title", "Numbers", "--price", "12.5", "--json"]))
        #expect(added["price"] as? String == "12.50")
        #expect(added["priceCents"] as? Int == 1250)
    }

    @Test func badBooksAreRefusedAndChangeNothing() throws {
        try library()
        try refuse(
            ["book", "add", "--isbn", "9780441013594", "--title", "Dune"],
            "the ISBN-13 9780441013594 has a wrong check digit")
        try refuse(["book", "add", "--isbn", "12345", "--title", "Short"], "an ISBN has 10 or 13 digits")
        try refuse(
            ["book", "add", "--isbn", "97804410135'; DROP TABLE books; --", "--title", "x"],
            "an ISBN has only digits, hyphens and spaces (and X last in an ISBN-10)")
        try refuse(["book", "add", "--isbn", Self.dune, "--title", " "], "title must not be empty")
        try refuse(
            ["book", "add", "--isbn", Self.dune, "--title", "Dune", "--price", "-3"],
            "price must be a number such as 12.50, with at most two decimals")
        try refuse(
            ["book", "add", "--isbn", Self.dune, "--title", "Dune", "--published", "1965-02-30"],
            "published must be a real date (1965-02-30 is not one)")
        try refuse(
            ["book", "show", "9780306406157"],
            "no book 9780306406157")
        try refuse(
            ["book", "show", "not-an-isbn"], "an ISBN has only digits, hyphens and spaces (and X last in an ISBN-10)")
        try refuse(
            ["question", "show", "99"], "no question 99")
    }

    @Test func theShelfIsReadTwelveBooksAPage() throws {
        // ISBN-13s 978000000000C with a valid check digit C, made from 9780000000xx.
        func isbn(_ n: Int) -> String {
            let body = "978000000" + String(format: "%03d", n)
            let sum = body.utf8.enumerated().reduce(0) { $0 + Int($1.element - 48) * ($1.offset % 2 == 0 ? 1 : 3) }
            return body + String((10 - sum % 10) % 10)
        }
        for n in 1...25 { try succeed(["book", "add", "--isbn", isbn(n), "--title", "Book \(n)"]) }
        let first = try succeed(["book", "list"])
        #expect(first.hasPrefix("Library — page 1 of 3 (25 books)\n  \(isbn(25))  Book 25\n"))
        #expect(first.hasSuffix("Next: clubhouse book list --page 2\n"))
        #expect(
            try succeed(["book", "list", "--page", "3"]) == "Library — page 3 of 3 (25 books)\n  \(isbn(1))  Book 1\n")
        #expect(try jsonArray(try succeed(["book", "list", "--page", "2", "--json"])).count == 12)
        #expect(try jsonArray(try succeed(["book", "list", "--per-page", "25", "--json"])).count == 25)
        try refuse(["book", "list", "--page", "4"], "there is no page 4: there are 3 pages")
        try refuse(["book", "list", "--page", "0"], "pages are numbered from 1")
        try refuse(["book", "list", "--per-page", "0"], "a page holds 1–1000 items")
        try refuse(["book", "list", "--page", "-1"], "pages are numbered from 1")
        try refuse(["book", "list", "--per-page", "-5"], "a page holds 1–1000 items")
    }

    @Test func aQuestionIsAnsweredFromTheShelfAndOpensItsBooks() throws {
        try library()
        let asked = try jsonObject(
            try succeed(["question", "ask", "What should I read about a desert planet?", "--json"]))
        #expect(Set(asked.keys) == ["id", "text", "answer", "createdAt", "books"])
        let id = try #require(asked["id"] as? Int)
        let books = try #require(asked["books"] as? [[String: Any]])
        #expect(books.first?["isbn"] as? String == Self.dune)
        #expect(books.count <= 3)
        #expect((asked["answer"] as? String)?.contains("Dune") == true)
        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "questions")
        #expect(stacks(state)?["questions"] == ["questions", "questions/\(id)"])
        #expect(state["modal"] is NSNull)

        let shown = try succeed(["question", "show", String(id)])
        #expect(shown.hasPrefix("Question #\(id) — What should I read about a desert planet?\n"))
        #expect(shown.contains("1.  \(Self.dune)  Dune — Frank Herbert"))
        try succeed(["question", "show", String(id), "--book", "0441013597"])
        #expect(
            try stacks(clubhouse.navigation())?["questions"] == ["questions", "questions/\(id)", "books/\(Self.dune)"])
        try refuse(
            ["question", "show", String(id), "--book", Self.hobbit],
            "books/\(Self.hobbit) is not one of the books of question \(id)"
        )

        #expect(
            try succeed(["page", "reading"]).contains("Recently recommended:\n  \(Self.dune)  Dune — Frank Herbert"))
        #expect(try succeed(["question", "list"]).contains("#\(id)"))
        #expect(
            try succeed(["question", "delete", String(id), "--yes"])
                == "Deleted question #\(id); its books stay on your shelf.\n")
        #expect(try stacks(clubhouse.navigation())?["questions"] == ["questions"])
        #expect(try succeed(["book", "list"]).contains("(3 books)"))
    }

    @Test func questionLengthEdges() throws {
        try refuse(["question", "ask", "123456789"], "a question must be 10–100 characters (this one has 9)")
        try succeed(["question", "ask", "1234567890"])
        try succeed(["question", "ask", String(repeating: "é", count: 100)])
        try refuse(
            ["question", "ask", String(repeating: "é", count: 101)],
            "a question must be 10–100 characters (this one has 101)")
    }

    @Test func searchFindsBooksByTheirWordsAndDoesNotMove() throws {
        try library()
        try succeed(["tab", "players"])
        #expect(
            try succeed(["book", "search", "herb"])
                == "1 book on your shelf matches:\n  \(Self.dune)  Dune — Frank Herbert\n")
        let planets = try jsonArray(try succeed(["book", "search", "planet", "--json"]))
        #expect(Set(planets.compactMap { $0["isbn"] as? String }) == [Self.dune, Self.cosmos])
        #expect(try succeed(["book", "search", "\"NEAR(x* AND"]) == "No book on your shelf matches.\n")
        #expect(try clubhouse.navigation()["tab"] as? String == "players")
        try refuse(["book", "search", "!!!"], "the search needs at least one word of letters or digits")
        // Words need no quotes, for search and for questions alike.
        #expect(try jsonArray(try succeed(["book", "search", "desert", "planet", "--json"])).count == 1)
        let asked = try jsonObject(try succeed(["question", "ask", "Books", "about", "stars?", "--json"]))
        #expect(asked["text"] as? String == "Books about stars?")
    }

    @Test func anotherUsersLibraryIsInvisible() throws {
        try library()
        try succeed(["question", "ask", "Something about planets and stars"])
        try succeed(["logout"])
        let bea = try clubhouse.run(
            ["register", "bea", "--password-stdin", "--no-login"], stdin: Fixtures.password + "\n")
        #expect(bea.status == 0)
        _ = try clubhouse.run(["login", "bea", "--password-stdin"], stdin: Fixtures.password + "\n")
        #expect(try succeed(["book", "list"]).hasPrefix("No books on your shelf yet."))
        #expect(try succeed(["question", "list"]).hasPrefix("No questions yet."))
        #expect(try succeed(["book", "search", "planet"]) == "No book on your shelf matches.\n")
        try refuse(
            ["book", "show", Self.dune], "no book \(Self.dune)")
        try refuse(
            ["question", "show", "1"], "no question 1")
    }

    @Test func escapeSequencesInStoredTextAreShownEscaped() throws {
        try succeed(["book", "add", "--isbn", Self.dune, "--title", "Dune"])
        try sqlite(path, "UPDATE books SET title = 'Dune' || char(27) || '[2J', author = 'x' || char(7)")
        let shown = try succeed(["book", "show", Self.dune])
        #expect(!shown.contains("\u{1B}"))
        #expect(!shown.contains("\u{07}"))
        let json = try jsonObject(try succeed(["book", "show", Self.dune, "--json"]))
        #expect(json["title"] as? String == "Dune\u{1B}[2J")
    }

    @Test func booksAndQuestionsOpenByLinkAndRoundTrip() throws {
        try library()
        let asked = try jsonObject(try succeed(["question", "ask", "A dragon and a ring, please", "--json"]))
        let id = try #require(asked["id"] as? Int)
        for link in ["library", "books/\(Self.dune)", "questions", "questions/\(id)", "books/new", "questions/new"] {
            let opened = try jsonObject(try succeed(["open", link, "--json"]))
            let top = (opened["modal"] as? [String])?.last ?? (opened["stack"] as? [String])?.last
            #expect(top == link)
            try succeed(["back"])
        }
    }
}
