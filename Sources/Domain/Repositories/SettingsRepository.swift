/// Each user's choices on this device (`UserSettings`).
package protocol SettingsRepository {
    /// The user's settings (the defaults when nothing was chosen), and a sentence for each stored
    /// value that could not be read and was taken as its default.
    func settings(for user: User.ID) throws -> (UserSettings, problems: [String])
    func save(_ settings: UserSettings, for user: User.ID) throws
}
