import ArgumentParser
import Clubhouse

struct SettingsShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print your settings on this device."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let settings = SettingsOutput.settings(of: try CommandContext.look(global, .settings))
        Output.print(output.json ? try JSONOutput.render(SettingsJSON(settings)) : SettingsOutput.text(settings))
    }
}

/// `{"landing"}`: `clubhouse settings --json`, the tab a sign-in lands on.
struct SettingsJSON: Encodable {
    let landing: String

    init(_ settings: UserSettings) {
        landing = settings.landing.rawValue
    }
}

enum SettingsOutput {
    /// The settings `outcome` read or left (a `.settings` or `.landOn` command's always holds them).
    static func settings(of outcome: Outcome) -> UserSettings {
        outcome.settings ?? UserSettings()
    }

    static func text(_ settings: UserSettings) -> String {
        "Sign-in lands on: \(settings.landing.rawValue) (clubhouse settings landing TAB)"
    }
}
