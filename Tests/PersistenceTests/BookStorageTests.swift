import ClubhouseDomain
import ClubhousePersistence
import ClubhouseTestSupport
import Foundation
import Testing

/// Books in a database file, looked at and tampered with through the sqlite3 shell as a user would.
@Suite struct BookStorageTests {
    let folder: TemporaryFolder
    let path: String
    let library: Library

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("books.sqlite")
        library = Library(try AppDatabase.open(path: path))
    }

    /// The ISBNs the index itself finds for an FTS5 query, without the app's SQL.
    private func indexed(_ match: String) throws -> String {
        try sqlite(
            path,
            """
            SELECT group_concat(isbn, ' ') FROM (SELECT b.isbn FROM books_fts JOIN books b ON b.id = books_fts.rowid
            WHERE books_fts MATCH '\(match)' ORDER BY b.isbn)
            """)
    }

    /// FTS5's check of the index against the books table (the shell fails when they disagree).
    private func indexAgreesWithTable() throws {
        try sqlite(path, "INSERT INTO books_fts (books_fts, rank) VALUES ('integrity-check', 1)")
    }

    @Test func otherProcessesStillReadWhileALargeImportIsWritten() throws {
        let ana = try library.user("ana")
        // Far more than SQLite's default page cache (2 MB): without keeping the pages in memory
        // the import would take the exclusive lock before it commits.
        let text = String(repeating: "a long description of a book ", count: 8)
        let drafts = try (1...20_000).map { BookDraft(isbn: try isbn($0), title: "Book \($0)", description: text) }
        let seen = try library.database.write { repositories in
            _ = try repositories.books.saveAll(drafts, owner: ana.id, at: t0)
            // Another process, not waiting at all: it fails if the file is locked.
            return try sqlite(path, "PRAGMA busy_timeout = 0; SELECT count(*) FROM books")
        }
        #expect(seen.hasSuffix("0"))  // the import is not committed yet: none of its books
        #expect(try sqlite(path, "SELECT count(*) FROM books") == "20000")
    }

    @Test func aHandEditedCheckDigitNeitherHidesTheBookNorBlocksTheLibrary() throws {
        let ana = try library.user("ana")
        try library.save(1, "Dune", owner: ana)
        try library.save(2, "Emma", owner: ana)
        let dune = try isbn(1).digits
        let tampered = String(dune.dropLast()) + (dune.last == "9" ? "0" : "9")
        try sqlite(path, "UPDATE books SET isbn = '\(tampered)' WHERE isbn = '\(dune)'")
        #expect(try library.shelf(ana) == ["Emma", "Dune"])
        let stored = try #require(ISBN(stored: tampered))
        #expect(!stored.isValid)
        #expect(try library.books { try $0.find(stored, owner: ana.id) }?.title == "Dune")
        #expect(try library.database.write { try $0.books.remove(stored, owner: ana.id, at: t0 + 1) })
        // A value no ISBN reads as (only with the schema's checks switched off) is left out of
        // the lists instead of failing them.
        try sqlite(path, "PRAGMA ignore_check_constraints = 1; UPDATE books SET isbn = X'00' WHERE title = 'Emma'")
        #expect(try library.shelf(ana).isEmpty)
        #expect(try library.search(["emma"], ana).isEmpty)
    }

    @Test func aHandEditedPriceOrShelfFlagReadsAsTheShelfSeesIt() throws {
        let ana = try library.user("ana")
        try library.save(1, "Dune", owner: ana)
        let dune = try isbn(1)
        try sqlite(path, "PRAGMA ignore_check_constraints = 1; UPDATE books SET price_cents = 12.5, owned = 2")
        let book = try #require(try library.books { try $0.find(dune, owner: ana.id) })
        #expect(book.priceCents == nil)
        #expect(!book.owned)
        #expect(try library.shelf(ana).isEmpty)
    }

    @Test func triggersKeepTheIndexInStepWithTheTable() throws {
        let ana = try library.user("ana")
        let dune = try isbn(1).digits
        try library.save(1, "Dune", author: "Frank Herbert", description: "A desert planet", owner: ana)
        #expect(try indexed("dune") == dune)
        #expect(try library.search(["dune"], ana) == ["Dune"])
        try indexAgreesWithTable()

        // Each indexed column, changed by a save: the old words are gone, the new ones found.
        try library.save(1, "Arrakis", author: "Frank Herbert", description: "A desert planet", owner: ana)
        #expect(try indexed("dune").isEmpty)
        #expect(try indexed("arrakis") == dune)
        try library.save(1, "Arrakis", author: "Brian Herbert", description: "A desert planet", owner: ana)
        #expect(try indexed("frank").isEmpty)
        #expect(try indexed("author:brian") == dune)
        try library.save(1, "Arrakis", author: "Brian Herbert", description: "Spice and sandworms", owner: ana)
        #expect(try indexed("desert").isEmpty)
        #expect(try indexed("sandworms") == dune)
        #expect(try library.rank(["desert", "frank", "dune"], ana).isEmpty)
        #expect(try library.search(["brian", "sandworms", "arrakis"], ana) == ["Arrakis"])
        try indexAgreesWithTable()

        // Removing keeps the book indexed (its questions still show it) but search skips it.
        #expect(try library.database.write { try $0.books.remove(isbn(1), owner: ana.id, at: t0) })
        #expect(try indexed("arrakis") == dune)
        #expect(try library.search(["arrakis"], ana).isEmpty)
        #expect(try library.rank(["arrakis", "spice"], ana).isEmpty)
        try indexAgreesWithTable()
        try library.save(1, "Arrakis", owner: ana)
        #expect(try library.search(["arrakis"], ana) == ["Arrakis"])
        try indexAgreesWithTable()

        // A change made outside the app goes through the triggers too.
        try sqlite(path, "UPDATE books SET title = 'Children of Dune'")
        #expect(try library.search(["children"], ana) == ["Children of Dune"])
        #expect(try indexed("arrakis").isEmpty)
        try indexAgreesWithTable()
        #expect(try sqlite(path, "SELECT count(*) FROM books_fts_docsize") == "1")
    }

    @Test func deletingAUserTakesTheirBooksQuestionsAndIndexEntries() throws {
        let ana = try library.user("ana")
        let bob = try library.user("bob")
        for owner in [ana, bob] {
            try library.save(1, "Dune", owner: owner)
            try library.save(2, "Emma", owner: owner)
            try library.ask("Which desert novel should I pick?", books: [1, 2], owner: owner)
        }
        try sqlite(path, "PRAGMA foreign_keys = 1; DELETE FROM users WHERE id = \(ana.id)")
        #expect(try sqlite(path, "SELECT count(*) FROM books") == "2")
        #expect(try sqlite(path, "SELECT count(*) FROM books WHERE owner_id = \(ana.id)") == "0")
        #expect(try sqlite(path, "SELECT count(*) FROM questions") == "1")
        #expect(try sqlite(path, "SELECT count(*) FROM question_books") == "2")
        #expect(try sqlite(path, "SELECT count(*) FROM books_fts_docsize") == "2")
        try indexAgreesWithTable()
        #expect(try library.search(["dune"], bob) == ["Dune"])
        #expect(try library.questions { try $0.count(owner: bob.id) } == 1)
    }

    @Test func aBookWhoseISBNCannotBeReadIsLeftOutOfEveryListNeverACrash() throws {
        let ana = try library.user("ana")
        try library.save(1, "Dune", owner: ana)
        try library.save(2, "Emma", owner: ana)
        try library.ask("Which desert novel should I pick?", books: [1, 2], owner: ana)
        let dune = try isbn(1).digits
        for tampering in ["'x'", "'978-0306406157'", "X'FF'", "'97803064061570'"] {
            try sqlite(
                path, "PRAGMA ignore_check_constraints = 1; UPDATE books SET isbn = \(tampering) WHERE title = 'Dune'")
            #expect(try library.shelf(ana) == ["Emma"])
            #expect(try library.search(["dune"], ana).isEmpty)
            #expect(try library.books { try $0.recentlyRecommended(owner: ana.id, limit: 5) }.map(\.title) == ["Emma"])
            #expect(try library.questions { try $0.find(1, owner: ana.id) }?.books.map(\.title) == ["Emma"])
            try sqlite(path, "UPDATE books SET isbn = '\(dune)' WHERE title = 'Dune'")
        }
    }

    @Test func otherTamperedValuesReadAsTextOrNone() throws {
        let ana = try library.user("ana")
        try library.save(1, "Dune", owner: ana)
        try library.ask("Which desert novel should I pick?", books: [1], owner: ana)
        try sqlite(
            path,
            """
            PRAGMA ignore_check_constraints = 1;
            UPDATE books SET title = X'44FF6E65', author = 42, price_cents = 'cheap', published = X'31';
            UPDATE questions SET text = X'FF', answer = 3.5;
            """)
        let book = try #require(try library.books { try $0.find(isbn(1), owner: ana.id) })
        #expect(book.title == "D\u{FFFD}ne")
        #expect(book.author == "42")
        #expect(book.priceCents == nil && book.published == nil)
        #expect(try library.search(["dune"], ana).isEmpty)
        let question = try #require(try library.questions { try $0.find(1, owner: ana.id) })
        #expect(question.text == "\u{FFFD}" && question.answer == "3.5")

        // A shelf flag that is neither 0 nor 1: off the shelf, and the book itself unreadable.
        try sqlite(path, "PRAGMA ignore_check_constraints = 1; UPDATE books SET owned = 'yes'")
        #expect(try library.shelf(ana).isEmpty)
        #expect(throws: ClubhouseError.self) { try library.books { try $0.find(isbn(1), owner: ana.id) } }
        // A link to a book that is not there shows no book.
        try sqlite(path, "UPDATE question_books SET book_id = 'x'")
        #expect(try library.questions { try $0.find(1, owner: ana.id) }?.books == [])
    }

    // MARK: clubhouse check

    private func check() throws -> DatabaseCheck.Report {
        try DatabaseCheck.run(DatabaseLocation(path: path), isWellFormedHash: { _ in true })
    }

    @Test func checkPassesAHealthyLibrary() throws {
        let ana = try library.user("ana")
        try library.save(1, "Dune", owner: ana)
        try library.save(2, "Emma", owner: ana, at: t0 + 1)
        try library.ask("Which desert novel should I pick?", books: [2, 1], owner: ana)
        _ = try library.database.write { try $0.books.remove(isbn(1), owner: ana.id, at: t0 + 2) }
        let report = try check()
        #expect(report.version == AppDatabase.schemaVersion)
        #expect(report.problems.isEmpty)
        #expect(report.notes.isEmpty)
    }

    @Test(arguments: [
        ("UPDATE books SET isbn = '9780306406158' WHERE id = 1", ["books row 1: isbn is not a valid ISBN-13"]),
        ("UPDATE books SET published = '2023-02-29' WHERE id = 2", ["books row 2: published is not a real date"]),
        ("UPDATE books SET price_cents = 100000001 WHERE id = 1", ["books row 1: price_cents is beyond 100000000"]),
        (
            "PRAGMA ignore_check_constraints = 1; UPDATE books SET title = X'37', owned = 'yes' WHERE id = 1",
            [
                "books row 1: owned breaks CHECK (owned IN (0, 1))", "books row 1: title holds blob, not text",
                "books row 1: owned holds text, not integer",
            ]
        ),
        (
            "UPDATE question_books SET book_id = 3",
            ["question_books row 1: the book is not one of the question's owner's"]
        ),
        (
            "INSERT INTO books_fts (rowid, title) VALUES (99, 'ghost')",
            [
                "books_fts: the full-text index does not match the books table (rebuild it with: INSERT INTO books_fts (books_fts) VALUES ('rebuild'))"
            ]
        ),
    ])
    func checkReportsWhatTheSchemaLetsThrough(_ tampering: String, _ problems: [String]) throws {
        let ana = try library.user("ana")
        let bob = try library.user("bob")
        try library.save(1, "Dune", owner: ana)
        try library.save(2, "Emma", owner: ana)
        try library.save(3, "Bob's book", owner: bob)
        try library.ask("Which desert novel should I pick?", books: [1], owner: ana)
        try sqlite(path, tampering)
        let before = try sqlite(path, ".dump")
        #expect(try check().problems == problems)
        #expect(try sqlite(path, ".dump") == before)
    }
}
