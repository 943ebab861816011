import ArgumentParser

struct NavCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nav",
        abstract: "Print where you are: user, tab, page and every tab's screens.",
        discussion: "Screens are spelled as paths (players, players/3), root first."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try Output.reportingErrors {
            let state = try CommandContext.read(global) { app in NavigationJSON(app) }
            Output.print(output.json ? try JSONOutput.render(state) : TextOutput.navigation(state))
        }
    }
}
