import ClubhouseDomain
import ClubhouseNavigation

/// Actions on the record a screen shows: deleting a player, a gather or a question, taking a book
/// off the shelf, and playing the gather in progress. Each asks the coordinator on screen, which owns the record and closes its screen.
extension TabCoordinator {
    package func deletePlayer(_ useCases: UseCases) throws -> Player {
        let player = try current(PlayerDetailCoordinator.self, "a player's screen (players/ID)").delete(useCases)
        dropKeptDrafts(of: player.id)
        dropMarks(of: player.id)
        return player
    }

    package func deleteGather(_ useCases: UseCases) throws -> Gather {
        if let running = current as? GatherCoordinator {
            throw ClubhouseError.gatherStillInProgress(running.gather.id)
        }
        return try current(GatherResultCoordinator.self, "an ended gather's screen (profile > gathers > gathers/ID)")
            .delete(useCases)
    }

    /// Takes the book on screen off the shelf (`books/<isbn>`, in the library or a question).
    /// A book taken off the shelf goes to the top of the shelf's order (its update time), so a
    /// library whose selected row it was selects its neighbour now, as a deleted record's list does.
    package func removeBook(_ useCases: UseCases) throws -> Book {
        let detail = try current(BookDetailCoordinator.self, "a book's screen (books/ISBN)")
        var neighbour: String?
        if let selected = library.selected, selected == detail.book.isbn.digits {
            let rows = try library.rows(useCases)
            let below = try rows.move(from: selected, .by(1))
            neighbour = below != selected ? below : try rows.move(from: selected, .by(-1))
        }
        let book = try detail.remove(useCases)
        if let neighbour { library.selected = neighbour == book.isbn.digits ? nil : neighbour }
        return book
    }

    package func deleteQuestion(_ useCases: UseCases) throws -> Question {
        try current(QuestionDetailCoordinator.self, "a question's screen (questions/ID)").delete(useCases)
    }

    /// Opens the gather in progress where it lives (`players > players/confirm > gathers/<id>`)
    /// and hands back its coordinator.
    package func openGatherInProgress(_ useCases: UseCases) throws -> GatherCoordinator {
        let gather = try useCases.findGather.inProgress(owner: user.id)
        try openGather(inProgress: gather.id, useCases)
        return try current(GatherCoordinator.self, "the gather in progress")
    }

    private func current<T>(_ type: T.Type, _ screen: String) throws -> T {
        guard let coordinator = current as? T else {
            throw ClubhouseError.notOnScreen("this needs \(screen); you are on \(current.screen.path)")
        }
        return coordinator
    }
}
