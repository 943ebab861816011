import ArgumentParser

struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show and change your choices on this device, such as where sign-in lands.",
        discussion: """
            Settings belong to the signed-in user and stay in this database file: every scene \
            and the full-screen app follow them (the app's Profile tab shows them too). They \
            are not synced to other devices.
            """,
        subcommands: [SettingsShowCommand.self, SettingsLandingCommand.self],
        defaultSubcommand: SettingsShowCommand.self
    )
}
