import ClubhouseDomain
import ClubhouseNavigation

/// Going back through the journal: undo restores the state before the last navigation change,
/// reopen the most recently closed screen whose record still exists.
extension AppCoordinator {
    func undo(_ useCases: UseCases) throws -> ActionResult {
        let main = try requireMain()
        while true {
            let (entry, before) = try useCases.takeLastChange(for: main.user.id)
            guard case .state(let state) = before else {
                pendingWarnings.append(
                    "the change \(entry.from) → \(entry.to) could not be read back; undoing the one before it")
                continue
            }
            // Undo moves, it never changes what is typed: the screens come from the journal, the
            // drafts from now (a draft a submit or back ended does not come back).
            let replaced = main.state
            pendingWarnings += try main.restore(state.withoutDrafts, useCases)
            main.carryDrafts(from: replaced)
            main.carrySelections(from: replaced)
            return .undone(entry)
        }
    }

    func reopen(_ useCases: UseCases) throws -> ActionResult {
        let main = try requireMain()
        var gone: String?
        for entry in try useCases.closedScreens(for: main.user.id) {
            guard let closed = entry.closed, let link = Link(closed), closed != main.current.screen.path else {
                continue
            }
            do {
                // A screen closed over a home page's root (a player of the squad) reopens over
                // that page, where it was; any other opens as its link does.
                if case .page(let page)? = Link(entry.to), case .screen(let screen) = link {
                    try main.show(screen, on: page, useCases)
                } else {
                    try main.open(link, useCases)
                }
            } catch let error as ClubhouseError {
                if case .unresolvedLink(let reason, _) = error {
                    pendingWarnings.append("\(closed) cannot be reopened: \(error.message)")
                    gone = gone ?? "\(closed): \(reason)"
                    try useCases.closedScreens.markReopened(entry)
                    continue
                }
                throw error
            }
            try useCases.closedScreens.markReopened(entry)
            return .reopened(closed)
        }
        throw ClubhouseError.nothingToReopen(gone: gone)
    }
}
