/// Reads and changes a user's choices on this device.
package struct ChooseSettings {
    private let settings: any SettingsRepository

    package init(settings: any SettingsRepository) {
        self.settings = settings
    }

    package func read(for user: User.ID) throws -> UserSettings {
        try settings.settings(for: user)
    }

    /// Makes `tab` where every sign-in lands.
    package func land(on tab: Tab, for user: User.ID) throws -> UserSettings {
        var chosen = try settings.settings(for: user)
        chosen.landing = tab
        try settings.save(chosen, for: user)
        return chosen
    }
}
