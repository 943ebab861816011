import ClubhouseDomain

extension AppCoordinator {
    /// `clubhouse check`'s look at every user's saved navigation, scene by scene, with the data:
    /// what the next restore would cut or drop (a deleted record, a draft its form refuses, a kept
    /// draft whose player is gone), one line each. Reads only, in one read transaction; nobody is
    /// signed in or out, and nothing is saved.
    package func checkStoredNavigation() throws -> [String] {
        try store.read { repositories in
            var problems: [String] = []
            for (user, scene) in try repositories.navigation.storedScenes() {
                let useCases = UseCases(repositories, clock: clock, scene: scene)
                // A row that cannot be read, or had to be repaired, is reported by the value checks.
                guard let state = try useCases.loadNavigation(for: user.id).state else { continue }
                let tabs = TabCoordinator(user: user, modalFlows: modalFlows)
                let place = scene == .main ? "user \(user.id)" : "user \(user.id), scene \(scene)"
                problems += try tabs.restore(state, useCases).map { "navigation_state of \(place): \($0)" }
            }
            return problems
        }
    }
}
