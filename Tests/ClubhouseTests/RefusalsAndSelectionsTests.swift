import Clubhouse
import Foundation
import Testing

/// Through the public API, what issue 45 found the library getting wrong: a deleted record's
/// row stayed selected in the stored state, a gather picked from the marks took a player who was
/// not marked, and a book form with two faults named one.
@Suite struct RefusalsAndSelectionsTests {
    @Test func deletingTheSelectedPlayerSelectsItsNeighbour() throws {
        let file = try TemporaryFile()
        let app = try signedInWithPlayers(3, in: file)
        try app.perform(Command(link: .screen(.players), .moveSelection(.row("2"))))
        try app.perform(Command(link: .screen(.player(2)), .deletePlayer))
        #expect(try app.state()?.stack(for: .players).first?.selected == "3")
        try app.perform(Command(link: .screen(.player(3)), .deletePlayer))
        #expect(try app.state()?.stack(for: .players).first?.selected == "1")
        // The only row gone, nothing is selected, not a player who is gone.
        try app.perform(Command(link: .screen(.player(1)), .deletePlayer))
        #expect(try app.state()?.stack(for: .players).first?.selected == nil)
    }

    @Test func aGatherPickedFromTheMarksTakesOnlyTheMarked() throws {
        let file = try TemporaryFile()
        let app = try signedInWithPlayers(4, in: file)
        try app.perform(Command(.mark([1, 2])))
        try app.perform(Command(.confirmMarked))
        let refused = message {
            try app.perform(
                Command(
                    link: .screen(.confirmPlayers), .submit([("team-a", "1"), ("team-b", "3")], discardingDraft: true)))
        }
        #expect(refused?.hasPrefix("#3 is not marked: the teams are picked from the marked players (#1, #2)") == true)
        #expect(try app.state()?.currentPlace == "players/confirm")
        try app.perform(
            Command(link: .screen(.confirmPlayers), .submit([("team-a", "1"), ("team-b", "2")], discardingDraft: true)))
        #expect(try app.state()?.currentPlace.hasPrefix("gathers/") == true)
    }

    @Test func aBookFormWithTwoFaultsNamesBoth() throws {
        let file = try TemporaryFile()
        let app = try registered(in: file)
        let refused = message {
            try app.perform(Command(link: .screen(.newBook), .submit([("isbn", "978")], discardingDraft: true)))
        }
        #expect(refused == "an ISBN has 10 or 13 digits; title is required", "\(refused ?? "")")
        // One fault is named alone, as before.
        let one = message {
            try app.perform(
                Command(link: .screen(.newBook), .submit([("isbn", "9780441013593")], discardingDraft: true)))
        }
        #expect(one == "title is required")
    }
}
