import ClubhouseDomain
import ClubhouseNavigation

/// Actions on the record a screen shows: deleting a player, a gather or a question, taking a book
/// off the shelf, and playing the gather in progress. Each asks the coordinator on screen, which owns the record and closes its screen.
extension TabCoordinator {
    package func deletePlayer(_ useCases: UseCases) throws -> Player {
        let detail = try current(PlayerDetailCoordinator.self, "a player's screen (players/ID)")
        let player = try deleting(String(detail.player.id), from: players, useCases) { try detail.delete(useCases) }
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
        let detail = try current(QuestionDetailCoordinator.self, "a question's screen (questions/ID)")
        return try deleting(String(detail.question.id), from: questions, useCases) { try detail.delete(useCases) }
    }

    /// Deletes with `work` the record `key` of `list`: a selection that was on it moves to its
    /// neighbour (below, else above; none when it was the only row), so that what is stored (and
    /// `nav` prints) is the row the list shows, not a record that is gone.
    private func deleting<T>(
        _ key: String, from list: some ListCoordinator, _ useCases: UseCases, _ work: () throws -> T
    ) throws -> T {
        guard list.selected == key else { return try work() }
        let rows = try list.rows(useCases)
        let below = try rows.move(from: key, .by(1))
        let neighbour = below != key ? below : try rows.move(from: key, .by(-1))
        let result = try work()
        list.selected = neighbour == key ? nil : neighbour
        return result
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
