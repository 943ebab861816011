import ArgumentParser
import Clubhouse

struct SettingsLandingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "landing",
        abstract: "Print or choose the tab a sign-in lands on (home unless you choose).",
        discussion: """
            Football Gather opens on its players list, the login/tab app on home: choose \
            yours by name (home, players, questions, library, profile) or by its number in the \
            tab bar (1–5). Every later sign-in on this device opens that tab. Where you are \
            now does not change.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("The tab, by name or number.", valueName: "tab"))
    var tab: Tab?

    func run() throws {
        guard let tab else {
            let settings = SettingsOutput.settings(of: try CommandContext.look(global, .settings))
            Output.print(output.json ? try JSONOutput.render(SettingsJSON(settings)) : settings.landing.rawValue)
            return
        }
        let settings = SettingsOutput.settings(of: try CommandContext.perform(global, Command(.landOn(tab))))
        Output.print(
            output.json
                ? try JSONOutput.render(SettingsJSON(settings))
                : "Sign-in now lands on the \(settings.landing.rawValue) tab.")
    }
}
