import ClubhouseTestSupport
import Foundation
import Testing

/// `clubhouse book import FILE.csv` as a user runs it: without a terminal, so only the summary.
@Suite(.heavy) struct BookImportTests {
    private let folder: TemporaryFolder
    private let clubhouse: ClubhouseProcess

    init() throws {
        folder = try TemporaryFolder()
        clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
    }

    private func file(_ text: String, name: String = "books.csv") throws -> String {
        let path = folder.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func title(_ isbn: String) throws -> String {
        try sqlite(clubhouse.database, "SELECT title FROM books WHERE isbn = '\(isbn)'")
            .trimmingCharacters(in: .newlines)
    }

    private func bookCount() throws -> String {
        try sqlite(clubhouse.database, "SELECT count(*) FROM books").trimmingCharacters(in: .newlines)
    }

    @Test func importsTheGoodRowsAndListsTheBadOnesByLine() throws {
        let csv = try file(
            "ISBN,Title,Author,Price\r\n"
                + "978-0-306-40615-7,\"Dune, the \"\"first\"\" book\",Frank Herbert,12.50\r\n"  // 2
                + "9780306406158,Wrong check digit,,\r\n"  // 3
                + "9781861972712,\"Two\r\nlines\",,\r\n"  // 4-5: a title is one line
                + "0-14-044913-2,Ulysses,\"Joyce, James\",\r\n"  // 6: an ISBN-10
                + "9780140449136,Too,many,fields,here\r\n"  // 7
                + "9780451524935,1984,George Orwell,9.99\r\n")  // 8
        let navigation = try storedNavigation(clubhouse.database)
        let result = try clubhouse.run(["book", "import", csv])
        #expect(result.status == 2, "rows were rejected: \(result.stderr)")
        #expect(
            result.stdout == """
                imported 3 books: 3 added, 0 updated, 3 rejected
                line 3: the ISBN-13 9780306406158 has a wrong check digit
                line 4: title must not contain control characters such as line breaks
                line 7: 5 fields, but the header names 4 columns (a value with a comma must be in double quotes)

                """)
        // Not a terminal: no progress bar, nothing but the summary.
        #expect(result.stderr == "")
        #expect(try bookCount() == "3")
        #expect(try title("9780306406157") == "Dune, the \"first\" book")
        #expect(try title("9780140449136") == "Ulysses")
        // An import changes data only: where the user is stays as it was.
        #expect(try storedNavigation(clubhouse.database) == navigation)
    }

    @Test func printsJSONWithEveryRejection() throws {
        let rows = (0..<25).map { ",No ISBN \($0)\n" }.joined()
        let csv = try file("isbn,title\n9780306406157,Dune\n" + rows)
        let result = try clubhouse.run(["book", "import", csv, "--json"])
        #expect(result.status == 2)
        let object = try jsonObject(result.stdout)
        #expect(Set(object.keys) == ["added", "updated", "rejected"])
        #expect(object["added"] as? Int == 1)
        #expect(object["updated"] as? Int == 0)
        let rejected = try #require(object["rejected"] as? [[String: Any]])
        #expect(rejected.count == 25)
        #expect(rejected.first?["line"] as? Int == 3)
        #expect(rejected.last?["line"] as? Int == 27)
        #expect(rejected.first?["reason"] as? String == "isbn is required")
    }

    @Test func capsTheRejectionsListedInText() throws {
        let rows = (0..<30).map { _ in ",No ISBN\n" }.joined()
        let result = try clubhouse.run(["book", "import", try file("isbn,title\n" + rows)])
        #expect(result.status == 1, "every row was rejected: nothing was imported")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "imported 0 books: 0 added, 0 updated, 30 rejected")
        #expect(lines.count == 22)
        #expect(lines.last == "and 10 more rejected rows (--json lists them all)")
    }

    @Test func updatesABookAlreadyOnTheShelfAndALaterRowWins() throws {
        var result = try clubhouse.run(["book", "import", try file("isbn,title\n9780306406157,Dune\n")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "imported 1 book: 1 added, 0 updated, 0 rejected\n")

        let again =
            "isbn,title,author\n9780306406157,Dune Messiah,Frank Herbert\n9781861972712,Hobbit,\n"
            + "1-86197-271-7,The Hobbit,Tolkien\n"
        result = try clubhouse.run(["book", "import", try file(again, name: "again.csv")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "imported 3 books: 1 added, 2 updated, 0 rejected\n")
        #expect(try bookCount() == "2")
        #expect(try title("9780306406157") == "Dune Messiah")
        #expect(try title("9781861972712") == "The Hobbit")
    }

    @Test func readsStandardInputForADash() throws {
        let result = try clubhouse.run(["book", "import", "-"], stdin: "isbn,title\n9780306406157,Dune\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "imported 1 book: 1 added, 0 updated, 0 rejected\n")
    }

    @Test func aMissingFileImportsNothing() throws {
        let before = try databaseDump(clubhouse.database)
        let path = folder.path("missing.csv")
        let result = try clubhouse.run(["book", "import", path])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: cannot read \(path): No such file or directory\n")
        #expect(try databaseDump(clubhouse.database) == before)
    }

    @Test func aFolderImportsNothing() throws {
        let before = try databaseDump(clubhouse.database)
        let result = try clubhouse.run(["book", "import", folder.url.path])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(folder.url.path) is a folder, not a CSV file\n")
        #expect(try databaseDump(clubhouse.database) == before)
    }

    @Test(arguments: [
        (
            "",
            "error: the file is empty; its first line must name the columns, such as: "
                + "isbn,title,author,publisher,description,price,published\n"
        ),
        (
            "9780306406157,Dune\n",
            "error: the header names columns clubhouse does not know: '9780306406157', 'dune' "
                + "(it knows isbn, title, author, publisher, description, price, published); the first line must name "
                + "the columns, such as: isbn,title,author,publisher,description,price,published\n"
        ),
        ("isbn,title,isbn\n9780306406157,Dune,x\n", "error: the header names the isbn column twice\n"),
    ])
    func aFileWithoutAGoodHeaderImportsNothing(_ text: String, _ error: String) throws {
        let before = try databaseDump(clubhouse.database)
        let result = try clubhouse.run(["book", "import", try file(text)])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == error)
        #expect(try databaseDump(clubhouse.database) == before)
    }

    @Test func aFileThatIsNotUTF8ImportsNothing() throws {
        let path = folder.path("latin1.csv")
        try Data([0x69, 0x73, 0x62, 0x6E, 0x2C, 0x74, 0xED, 0x74, 0x75, 0x6C, 0x6F, 0x0A]).write(
            to: URL(fileURLWithPath: path))
        let before = try databaseDump(clubhouse.database)
        let result = try clubhouse.run(["book", "import", path])
        #expect(result.status == 1)
        #expect(result.stderr == "error: the file is not UTF-8 text (its header line is not); save it as UTF-8\n")
        #expect(try databaseDump(clubhouse.database) == before)
    }

    @Test func signedOutImportsNothingAndCreatesNoFile() throws {
        let path = folder.path("new.sqlite")
        let result = try ClubhouseProcess(database: path).run(
            ["book", "import", try file("isbn,title\n9780306406157,Dune\n")])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: not signed in; sign in with: clubhouse login USERNAME (or create an account with: clubhouse register USERNAME)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
