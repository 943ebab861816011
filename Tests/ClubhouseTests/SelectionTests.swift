import Clubhouse
import Foundation
import Testing

/// The selected row of a list is part of the stored state, moved through the one road and read
/// a window at a time by key.
@Suite struct SelectionTests {
    private func playerWindow(_ app: ClubhouseApp, count: Int, above: Int = 0) throws -> ListWindow<Player> {
        guard case .players(let window) = try app.readWindow(count: count, above: above) else {
            throw ClubhouseError.notOnScreen("expected a list of players")
        }
        return window
    }

    @Test func movesGoThroughTheOneRoadAndStopAtTheEnds() throws {
        let file = try TemporaryFile()
        let app = try signedInWithPlayers(100, in: file)
        var window = try playerWindow(app, count: 10)
        #expect(window.rows.map(\.id) == Array(1...10))
        #expect(window.selectedIndex == 0)
        #expect(window.selectedKey == "1")
        #expect(!window.hasBefore && window.hasAfter)

        let moved = try app.moveSelection(.by(1))
        #expect(moved.moved)
        #expect(try app.state()?.selection == "2")
        try app.moveSelection(.by(5))
        #expect(try app.state()?.selection == "7")
        try app.moveSelection(.bottom)
        #expect(try app.state()?.selection == "100")
        #expect(try app.moveSelection(.by(3)).moved == false)
        try app.moveSelection(.by(-1_000_000))
        #expect(try app.state()?.selection == "1")
        try app.moveSelection(.row("50"))
        #expect(try app.state()?.selection == "50")
        #expect(throws: ClubhouseError.self) { try app.moveSelection(.row("1000")) }
        #expect(throws: ClubhouseError.self) { try app.moveSelection(.row("abc")) }
        #expect(try app.state()?.selection == "50", "a refused move changes nothing")

        window = try playerWindow(app, count: 5, above: 2)
        #expect(window.rows.map(\.id) == [48, 49, 50, 51, 52])
        #expect(window.selectedIndex == 2)
        #expect(window.hasBefore && window.hasAfter)

        // A selection move is saved but is no navigation change: undo goes back to a screen.
        guard case .history(let entries) = try app.look(.history(limit: 10)).result else {
            Issue.record("expected the history")
            return
        }
        #expect(entries.map(\.to) == ["players"])
    }

    @Test func aWindowFillsFromTheOtherSideAtEitherEnd() throws {
        let file = try TemporaryFile()
        let app = try signedInWithPlayers(30, in: file)
        try app.moveSelection(.bottom)
        var window = try playerWindow(app, count: 10, above: 3)
        #expect(window.rows.map(\.id) == Array(21...30))
        #expect(window.selectedIndex == 9)
        #expect(window.hasBefore && !window.hasAfter)
        try app.moveSelection(.by(-2))
        window = try playerWindow(app, count: 10, above: 3)
        #expect(window.rows.map(\.id) == Array(21...30))
        #expect(window.selectedIndex == 7)
        try app.moveSelection(.top)
        window = try playerWindow(app, count: 10, above: 3)
        #expect(window.rows.map(\.id) == Array(1...10))
        #expect(window.selectedIndex == 0)
        window = try playerWindow(app, count: 100, above: 50)
        #expect(window.rows.count == 30)
        #expect(!window.hasBefore && !window.hasAfter)
        #expect(try app.readPlayers(around: 15, count: 3, above: 1).rows.map(\.id) == [14, 15, 16])
    }

    @Test func theSelectionIsRestoredExactlyAndADeletedRowGivesWayToItsNeighbour() throws {
        let file = try TemporaryFile()
        let app = try signedInWithPlayers(20, in: file)
        try app.moveSelection(.row("12"))
        try app.open("players/12")
        try app.back()
        #expect(try app.state()?.selection == "12", "the list keeps its row while a player is open over it")

        let again = try ClubhouseApp(path: file.path)
        #expect(try again.state()?.selection == "12")
        try sqlite3(file.path, "DELETE FROM players WHERE id = 12")
        var window = try playerWindow(again, count: 3, above: 1)
        #expect(window.selectedKey == "13")
        #expect(window.rows.map(\.id) == [11, 13, 14])
        try sqlite3(file.path, "DELETE FROM players WHERE id > 10")
        window = try playerWindow(again, count: 3, above: 1)
        #expect(window.selectedKey == "10")
        try again.moveSelection(.by(-1))
        #expect(try again.state()?.selection == "9")
        try sqlite3(file.path, "DELETE FROM players")
        window = try playerWindow(again, count: 3, above: 1)
        #expect(window.rows.isEmpty && window.selectedIndex == nil && window.selectedKey == nil)
        #expect(try again.moveSelection(.by(1)).warnings.isEmpty)
    }

    @Test func aTamperedSelectionCostsOnlyItself() throws {
        let file = try TemporaryFile()
        let app = try signedInWithPlayers(5, in: file)
        try app.moveSelection(.row("3"))
        try sqlite3(
            file.path,
            """
            UPDATE navigation_state SET stacks = json_set(stacks, '$.players[0].selected', 'x1');
            """)
        let fresh = try ClubhouseApp(path: file.path)
        let outcome = try fresh.look()
        #expect(outcome.warnings == ["the selection of players is not a row of it; the first row is selected"])
        #expect(try playerWindow(fresh, count: 2).selectedKey == "1")
        try sqlite3(file.path, "UPDATE navigation_state SET stacks = json_set(stacks, '$.players[0].selected', 7)")
        let other = try ClubhouseApp(path: file.path)
        #expect(try other.look().warnings == ["the selection of players is not text; it was dropped"])
        #expect(try other.state()?.currentScreen.path == "players")
    }

    @Test func theOtherListsKeepTheirSelectionToo() throws {
        let file = try TemporaryFile()
        let app = try signedInWithPlayers(4, in: file)
        let csv = BookCSVReader(
            bytes: Array(
                "isbn,title,author\n9780441013593,Dune,Frank Herbert\n9780141439518,Emma,Jane Austen\n9780451524935,Nineteen Eighty-Four,George Orwell\n"
                    .utf8))
        try app.perform(Command(.importBooks(csv, progress: nil)))
        try app.open("library")
        guard case .books(let shelf) = try app.readWindow(count: 10) else {
            Issue.record("expected the shelf")
            return
        }
        #expect(shelf.rows.map(\.title) == ["Nineteen Eighty-Four", "Emma", "Dune"])
        try app.moveSelection(.by(1))
        #expect(try app.state()?.selection == "9780141439518")
        #expect(try app.readShelf(around: try ISBN("9780141439518"), count: 1).rows.map(\.title) == ["Emma"])
        // A book taken off the shelf gives its row to the next one, as a deleted record does.
        try app.open("books/9780141439518")
        try app.perform(Command(.removeBook))
        try app.open("library")
        #expect(try app.state()?.selection == "9780441013593")
        try app.moveSelection(.top)

        try app.search("herbert")
        #expect(try app.state()?.currentScreen.query == "herbert")
        guard case .books(let found) = try app.readWindow(count: 10) else {
            Issue.record("expected search results")
            return
        }
        #expect(found.rows.map(\.title) == ["Dune"])
        #expect(found.selectedIndex == 0)
        #expect(throws: ClubhouseError.self) { try app.search("!!") }
        try app.search(nil)
        #expect(try app.state()?.currentScreen.query == nil)

        // The team picker lists players, with a selection of its own.
        try app.open("players/confirm")
        try app.moveSelection(.bottom)
        #expect(try app.state()?.selection == "4")
        try app.open("players")
        #expect(try app.state()?.selection == nil, "the players list has its own selection")
        try app.select(.questions)
        guard case .questions(let questions) = try app.readWindow(count: 10) else {
            Issue.record("expected questions")
            return
        }
        #expect(questions.rows.isEmpty)
        // Home's items are a short list (TypingTests): a selection, but no window to read.
        try app.select(.home)
        #expect(throws: ClubhouseError.self) { try app.readWindow(count: 10) }
        try app.open("players/new")
        #expect(throws: ClubhouseError.self) { try app.moveSelection(.by(1)) }
        #expect(throws: ClubhouseError.self) { try app.readPlayers(around: nil, count: 0) }
    }

    @Test func questionsAndGatherHistoryAreReadByKeyNewestFirst() throws {
        let file = try TemporaryFile()
        let app = try signedInWithPlayers(0, in: file)
        try sqlite3(
            file.path,
            """
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 5)
            INSERT INTO questions (owner_id, text, answer, created_at)
            SELECT 1, 'Question number ' || x, 'An answer', '2026-01-0' || x || 'T00:00:00.000Z' FROM n;
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 5)
            INSERT INTO gathers (owner_id, started_at, ended_at, winner, timer_duration_ms, timer_state, timer_remaining_ms)
            SELECT 1, '2026-01-0' || x || 'T10:00:00.000Z', '2026-01-0' || x || 'T11:00:00.000Z', 'None', 600000,
                'stopped', 0 FROM n;
            """)
        #expect(try app.readQuestions(around: nil, count: 3).rows.map(\.id) == [5, 4, 3])
        #expect(try app.readQuestions(around: 3, count: 3, above: 1).rows.map(\.id) == [4, 3, 2])
        #expect(try app.readGathers(around: nil, count: 2).rows.map(\.gather.id) == [5, 4])
        #expect(try app.readGathers(around: 2, count: 3, above: 1).rows.map(\.gather.id) == [3, 2, 1])
        try sqlite3(file.path, "DELETE FROM questions WHERE id = 3; DELETE FROM gathers WHERE id = 2;")
        let questions = try app.readQuestions(around: 3, count: 3, above: 1)
        #expect(questions.selectedKey == "2")
        #expect(questions.rows.map(\.id) == [4, 2, 1])
        let gathers = try app.readGathers(around: 2, count: 3, above: 1)
        #expect(gathers.selectedKey == "1")
        #expect(gathers.rows.map(\.gather.id) == [4, 3, 1], "at the end of the list the window fills from above")

        try app.open("gathers")
        try app.moveSelection(.bottom)
        #expect(try app.state()?.selection == "1")
        try app.moveSelection(.by(-1))
        #expect(try app.state()?.selection == "3")
        try app.select(.questions)
        try app.moveSelection(.row("4"))
        try app.select(.profile)
        #expect(try app.state()?.selection == "3", "each list keeps its own row")
    }
}
