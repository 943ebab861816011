/// Each user's choices on this device (`UserSettings`).
package protocol SettingsRepository {
    /// The user's settings; the defaults when nothing was chosen.
    func settings(for user: User.ID) throws -> UserSettings
    func save(_ settings: UserSettings, for user: User.ID) throws
}
