extension ClubhouseApp {
    /// What ``scenes()`` found.
    public struct SceneList: Equatable, Sendable {
        /// The signed-in user's saved scenes, by name.
        public var scenes: [SceneSummary]
        /// One line per stored scene that could not be listed (a name a tampered file holds).
        public var warnings: [String]
    }

    /// The signed-in user's saved scenes (those with a navigation state), by name, with the
    /// screen each shows and when it last changed. A scene is saved by its first command after
    /// a sign-in; a scene never used, or closed, is not listed. Throws
    /// ``/ClubhouseDomain/ClubhouseError/notSignedIn`` while nobody is signed in.
    public func scenes() throws -> SceneList {
        try locked {
            let (scenes, warnings) = try tree.scenes()
            return SceneList(scenes: scenes, warnings: warnings)
        }
    }

    /// Closes the signed-in user's scene `name`: its navigation state (tab, stacks, modal, drafts,
    /// selections) and its journal are forgotten, in one transaction; the data stays. Any scene may
    /// be closed, `main` and this app's own ``scene`` included: a closed scene is one with nothing
    /// saved, so whoever uses it next starts at home with an empty history. Throws
    /// ``/ClubhouseDomain/ClubhouseError/noScene(_:)`` when nothing is saved under that name.
    public func closeScene(_ name: SceneName) throws {
        try locked { try tree.closeScene(name) }
    }
}
