import ClubhouseDomain

extension AppCoordinator {
    /// `clubhouse check`'s look at every user's saved navigation with the data: what the next
    /// restore would cut or drop (a deleted record, a draft its form refuses, a kept draft whose
    /// player is gone), one line each. Reads only, in one read transaction; nobody is signed in
    /// or out, and nothing is saved.
    package func checkStoredNavigation() throws -> [String] {
        try store.read { repositories in
            let useCases = UseCases(repositories, clock: clock)
            var problems: [String] = []
            for user in try repositories.navigation.storedUsers() {
                // A row that cannot be read, or had to be repaired, is reported by the value checks.
                guard let state = try useCases.loadNavigation(for: user.id).state else { continue }
                let tabs = TabCoordinator(user: user, modalFlows: modalFlows)
                problems += try tabs.restore(state, useCases).map { "navigation_state of user \(user.id): \($0)" }
            }
            return problems
        }
    }
}
