import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The add-book and ask-question flows filled in on a terminal, their drafts kept in the modal
/// flow's stored stack between runs.
@Suite(.heavy) struct BookFormPromptTests {
    static let isbn = "ISBN (ISBN-10 or ISBN-13, hyphens allowed): "
    static let title = "Title (1–200 characters): "
    static let author = "Author (up to 200 characters, empty for none): "
    static let publisher = "Publisher (up to 200 characters, empty for none): "
    static let description = "Description (up to 4000 characters, empty for none): "
    static let price = "Price (for example 12.50, empty for none): "
    static let published = "Published (YYYY-MM-DD, empty for none): "

    @Test func anInterruptedAddBookFlowKeepsItsDraftOverTheTabAndResumes() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        #expect(try clubhouse.run(["tab", "players"]).status == 0)
        let killed = try clubhouse.runInTerminal(
            ["book", "add"],
            answering: [
                Turn(Self.isbn, "978-0-441-01359-4"),  // a wrong check digit: asked again
                Turn(Self.isbn, "0-441-01359-7"), Turn(Self.title, "Dune"),
            ]
        ) { process in
            let stored = waitUntil {
                ((try? sqlite(path, "SELECT modal FROM navigation_state")) ?? "").contains(#""title":"Dune""#)
            }
            #expect(stored, "the title never reached the draft")
            kill(process.processIdentifier, SIGKILL)
        }.result
        #expect(killed.status != 0)
        #expect(killed.stderr.contains("note: the ISBN-13 978-0-441-01359-4 has a wrong check digit\n"))
        #expect(try sqlite(path, "SELECT count(*) FROM books") == "0")
        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "players")
        #expect(state["modal"] as? [String] == ["books/new"])
        #expect(
            state["drafts"] as? [String: [String: String]] == ["books/new": ["isbn": "0-441-01359-7", "title": "Dune"]])

        let resumed = try clubhouse.runInTerminal(
            ["book", "add", "--author", "Frank Herbert"],
            answering: [
                Turn(Self.publisher, ""), Turn(Self.description, "Politics on a desert planet"),
                Turn(Self.price, "9.99"), Turn(Self.published, "1965-08-01"),
            ])
        #expect(resumed.result.status == 0, "\(resumed.result.stderr)")
        #expect(resumed.result.stdout == "Added “Dune” (ISBN 9780441013593) to your shelf.\n")
        #expect(resumed.result.stderr.hasPrefix("note: resuming your draft (isbn, title already filled"))
        let after = try clubhouse.navigation()
        #expect(after["tab"] as? String == "library")
        #expect(after["modal"] is NSNull)
        #expect(after["drafts"] as? [String: [String: String]] == [:])
        let book = try jsonObject(try clubhouse.run(["book", "show", "9780441013593", "--json"]).stdout)
        #expect(book["author"] as? String == "Frank Herbert")
        #expect(book["price"] as? String == "9.99")
        #expect(book["priceCents"] as? Int == 999)
    }

    @Test func aQuestionAskedOnATerminalLandsOnItsAnswer() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        let run = try clubhouse.runInTerminal(
            ["question", "ask"],
            answering: [
                Turn("Question (10–100 characters): ", "short"),  // too short: asked again
                Turn("Question (10–100 characters): ", "Anything about the sea?"),
            ])
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(run.result.stdout.hasPrefix("Question #1 — Anything about the sea?\n"))
        #expect(run.result.stderr.contains("note: a question must be 10–100 characters (this one has 5)\n"))
        #expect(try stacks(clubhouse.navigation())?["questions"] == ["questions", "questions/1"])
    }

    @Test func withoutATerminalTheRequiredOptionsAreAUsageError() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        let before = try databaseDump(path)
        let book = try clubhouse.run(["book", "add", "--isbn", "9780441013593"])
        #expect(book.status == 64)
        #expect(book.stderr.hasPrefix("error: Missing '--isbn <isbn>' or '--title <title>'"))
        let question = try clubhouse.run(["question", "ask"])
        #expect(question.status == 64)
        #expect(try databaseDump(path) == before)
    }
}
