import ClubhouseDomain

/// The signed-in user's scenes: listing them and closing one. Neither moves the user in the
/// scene this tree shows (unless that is the scene closed, which starts again at home).
extension AppCoordinator {
    /// The signed-in user's saved scenes by name, and a warning per stored row that could not be
    /// listed (a tampered name).
    package func scenes() throws -> (scenes: [SceneSummary], warnings: [String]) {
        try store.read { repositories in
            guard let user = try UseCases(repositories).currentSession() else { throw ClubhouseError.notSignedIn }
            return try repositories.navigation.scenes(for: user.id)
        }
    }

    /// Forgets the signed-in user's scene `name`: its navigation state and journal, in one write
    /// transaction. Any scene may be closed, `main` and this tree's own included: a closed scene
    /// is simply one with nothing saved, so its next use starts at home with an empty history.
    package func closeScene(_ name: SceneName) throws {
        try store.write { repositories in
            guard let user = try UseCases(repositories).currentSession() else { throw ClubhouseError.notSignedIn }
            guard try repositories.navigation.delete(for: user.id, scene: name) else {
                throw ClubhouseError.noScene(name)
            }
            try repositories.journal.deleteAll(for: user.id, scene: name)
        }
        // The tree no longer matches what is stored for its own scene: the next command rebuilds.
        if name == scene { forgetKnownState() }
    }
}
