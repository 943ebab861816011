import ArgumentParser

struct NavCommand: OptionsOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "nav",
        abstract: "Print where you are: user, tab, page, every tab's screens and any open form.",
        discussion: "Screens are spelled as paths (players, players/3), root first."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    static func run(_ options: CommandOptions, _: NoArgument) throws {
        let outcome = try CommandContext.look(options)
        if case .main(let user, _, _) = outcome.view { CommandContext.warn(shown: user) }
        let state = NavigationJSON(outcome, scene: try options.sceneName())
        Output.print(options.json ? try JSONOutput.render(state) : TextOutput.navigation(state))
    }
}
