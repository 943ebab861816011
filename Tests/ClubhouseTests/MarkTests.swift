import Clubhouse
import Foundation
import Testing

/// The players list's selection mode: marks are navigation state, stored with the list, and the
/// team picker opened with them holds them alone on its bench.
@Suite struct MarkTests {
    private func marks(_ app: ClubhouseApp) throws -> [String]? {
        try app.state()?.stack(for: .players).first?.marked
    }

    /// Stored without a migration: a screen object without `marked` (every row of an older
    /// release) reads as unmarked, and an unmarked screen is written without the key.
    @Test func aScreenWithoutMarksReadsAndWritesAsBefore() throws {
        let old = try JSONDecoder().decode(ScreenState.self, from: Data(#"{"path":"players","selected":"3"}"#.utf8))
        #expect(old == ScreenState(path: "players", selected: "3"))
        #expect(old.marked == nil)
        let written = String(decoding: try JSONEncoder().encode(old), as: UTF8.self)
        #expect(!written.contains("marked"))
        let marked = ScreenState(path: "players", marked: ["2", "5"])
        let again = try JSONDecoder().decode(ScreenState.self, from: try JSONEncoder().encode(marked))
        #expect(again == marked)
    }

    @Test func marksAreStoredNotJournaledAndRestoredAfterReopeningTheFile() throws {
        let file = try TemporaryFile()
        let app = try signedInWithPlayers(6, in: file)
        try app.perform(Command(.mark([2, 5])))
        try app.perform(Command(.mark([3, 5])))
        #expect(try marks(app) == ["2", "5", "3"], "in the order marked, each once")
        try app.perform(Command(.unmark([5])))
        #expect(try marks(app) == ["2", "3"])
        // Marking moves nothing, wherever the user is: the marks are the list's.
        try app.open("library")
        try app.perform(Command(.mark([6])))
        #expect(try app.state()?.currentScreen.path == "library")

        let again = try ClubhouseApp(path: file.path)
        #expect(try marks(again) == ["2", "3", "6"])
        guard case .history(let entries) = try again.look(.history(limit: 10)).result else {
            Issue.record("expected the history")
            return
        }
        #expect(entries.map(\.to) == ["library", "players"], "marks are saved, not journaled")
        // Undo moves between screens; the marks stay as they are, as a selection does.
        try again.undo()
        #expect(try marks(again) == ["2", "3", "6"])
        try again.perform(Command(.unmark(nil)))
        #expect(try marks(again) == nil)
        #expect(try ClubhouseApp(path: file.path).state()?.stack(for: .players).first == ScreenState(path: "players"))
    }

    @Test func aBadMarkIsRefusedAndChangesNothing() throws {
        let file = try TemporaryFile()
        let app = try signedInWithPlayers(3, in: file)
        try app.perform(Command(.mark([1])))
        #expect(message { try app.perform(Command(.mark([2, 99]))) } == "no player 99")
        #expect(message { try app.perform(Command(.unmark([3]))) } == "player 3 is not marked")
        #expect(try marks(app) == ["1"])
    }

    @Test func aDeletedPlayersMarkIsDropped() throws {
        let file = try TemporaryFile()
        let app = try signedInWithPlayers(5, in: file)
        try app.perform(Command(.mark([2, 3, 4])))
        // Deleted here: the mark goes with the player at once.
        let deleted = try app.perform(Command(link: .screen(.player(3)), .deletePlayer))
        guard case .main(_, let state, _) = deleted.view else {
            Issue.record("expected the main flow")
            return
        }
        #expect(state.stack(for: .players).first?.marked == ["2", "4"])
        // Deleted by another process: dropped at the next read, and by a restore.
        try sqlite3(file.path, "DELETE FROM players WHERE id = 4")
        #expect(try app.look().warnings.isEmpty)
        #expect(try marks(app) == ["2"])
        try sqlite3(file.path, "DELETE FROM players WHERE id = 2")
        let fresh = try ClubhouseApp(path: file.path)
        #expect(try fresh.look().warnings.isEmpty)
        #expect(try marks(fresh) == nil)
    }

    @Test func confirmingTheMarksOpensTheTeamPickerWithThemOnItsBench() throws {
        let file = try TemporaryFile()
        let app = try signedInWithPlayers(6, in: file)
        try app.perform(Command(.mark([5, 2, 4])))
        let outcome = try app.perform(Command(.confirmMarked))
        guard case .main(_, let state, .confirmPlayers(let model)) = outcome.view else {
            Issue.record("expected the team picker")
            return
        }
        #expect(state.stack(for: .players).map(\.path) == ["players", "players/confirm"])
        #expect(state.currentScreen.marked == ["5", "2", "4"])
        #expect(model.marked)
        #expect(model.players.map(\.id) == [2, 4, 5])
        guard case .players(let window) = try app.readWindow(count: 10) else {
            Issue.record("expected the picker's players")
            return
        }
        #expect(window.rows.map(\.id) == [2, 4, 5])
        #expect(window.hasAfter == false)

        // Kept through a restart, as everything else.
        let again = try ClubhouseApp(path: file.path)
        guard case .main(_, _, .confirmPlayers(let restored)) = try again.look().view else {
            Issue.record("expected the team picker")
            return
        }
        #expect(restored.players.map(\.id) == [2, 4, 5])

        // The gather takes the marked players into its teams; the list starts unmarked again.
        try again.perform(Command(.fill([("team-a", "2,4"), ("team-b", "5")])))
        let started = try again.perform(Command(.submit([], discardingDraft: false)))
        guard case .form(.gatherStarted, _) = started.result else {
            Issue.record("expected a gather")
            return
        }
        #expect(try marks(again) == nil)
    }

    @Test func confirmingWithNothingMarkedIsRefused() throws {
        let file = try TemporaryFile()
        let app = try signedInWithPlayers(3, in: file)
        let before = try app.state()
        let refused = message { try app.perform(Command(.confirmMarked)) }
        #expect(refused?.hasPrefix("no players are marked") == true)
        #expect(try app.state() == before)
        // The team picker's own link still holds everyone.
        guard case .main(_, _, .confirmPlayers(let model)) = try app.open("players/confirm").view else {
            Issue.record("expected the team picker")
            return
        }
        #expect(model.players.count == 3)
        #expect(!model.marked)
    }

    @Test func tamperedMarksCostOnlyThemselves() throws {
        let file = try TemporaryFile()
        let app = try signedInWithPlayers(4, in: file)
        try app.perform(Command(.mark([1])))
        try sqlite3(
            file.path,
            """
            UPDATE navigation_state SET stacks = json_set(stacks, '$.players[0].marked', json('["2", "x1", 7, "3"]'));
            """)
        let fresh = try ClubhouseApp(path: file.path)
        let warnings = try fresh.look().warnings
        #expect(
            warnings == [
                "the marks of players are not a list of player ids; what is not was dropped",
                "marks of players that are not player ids were dropped",
            ])
        #expect(try marks(fresh) == ["2", "3"])
        try sqlite3(file.path, "UPDATE navigation_state SET stacks = json_set(stacks, '$.players[0].marked', 'all')")
        let other = try ClubhouseApp(path: file.path)
        #expect(
            try other.look().warnings == ["the marks of players are not a list of player ids; what is not was dropped"])
        #expect(try marks(other) == nil)
        #expect(try other.state()?.currentScreen.path == "players")
    }
}
