/// Reads and changes a user's choices on this device.
package struct ChooseSettings {
    private let settings: any SettingsRepository

    package init(settings: any SettingsRepository) {
        self.settings = settings
    }

    /// The settings, and a sentence for each stored value read as its default.
    package func read(for user: User.ID) throws -> (UserSettings, problems: [String]) {
        try settings.settings(for: user)
    }

    /// Makes `tab` where every sign-in lands.
    package func land(on tab: Tab, for user: User.ID) throws -> UserSettings {
        var chosen = try settings.settings(for: user).0
        chosen.landing = tab
        try settings.save(chosen, for: user)
        return chosen
    }
}
